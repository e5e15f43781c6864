import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Database, Row } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { formatDateTime } from '../util/datetime.js';

/** The log tables the writer fills. */
export type LogTable =
  'blade_log_api' | 'blade_log_error' | 'blade_log_usual' | 'blade_log_login' | 'blade_log_audit';

export interface LogWriterOptions {
  /** false: rows are dropped (API_LOG=false, the bench's "off" run); default true */
  enabled?: boolean;
  /** how long a row may wait before its batch is written (ms) */
  flushMs?: number;
  /** a batch is written at once when this many rows wait */
  maxBatch?: number;
  /** beyond this many waiting rows new ones are dropped (and counted): a slow database never grows
   * the queue without bound nor slows the requests */
  maxQueue?: number;
  serviceId?: string;
  env?: string;
}

/** The columns the BladeX log tables share that name the serving instance. */
const SERVER_TABLES = new Set<LogTable>(['blade_log_api', 'blade_log_error', 'blade_log_usual']);

/**
 * Writes log rows in batches after the requests that made them: `push` only queues (a request never
 * waits on its log), a timer or a full batch writes every waiting row, one INSERT per table and set of
 * columns, in one transaction across tenants. A failed batch is reported to the server's log and dropped.
 */
export class LogWriter {
  readonly enabled: boolean;
  private readonly queues = new Map<LogTable, Row[]>();
  private waiting = 0;
  /** rows of batches handed to a flush and not yet written (they count against maxQueue too: a database
   * slower than the requests would otherwise chain batches in memory without bound) */
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private readonly maxQueue: number;
  private readonly server: [string, unknown][];
  /** create_time of the rows pushed within the current second (a request's log row needs no new Date). */
  private clock = { second: -1, text: '' };
  /** rows dropped because the queue was full or a batch failed */
  dropped = 0;
  /** where a failed batch is reported (the server's logger, set once the server exists) */
  logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: LogWriterOptions = {},
  ) {
    this.enabled = options.enabled ?? true;
    this.flushMs = options.flushMs ?? 1000;
    this.maxBatch = options.maxBatch ?? 500;
    this.maxQueue = options.maxQueue ?? 20_000;
    const host = hostname();
    this.server = Object.entries({
      service_id: options.serviceId ?? 'tongxin-server',
      server_host: host.slice(0, 255),
      server_ip: host.slice(0, 255),
      env: options.env ?? 'development',
    });
  }

  /** Queues one row; `id`, `create_time` and the server columns are filled when missing. */
  push(table: LogTable, row: Row): void {
    if (!this.enabled) return;
    if (this.waiting + this.writing >= this.maxQueue) {
      this.dropped++;
      return;
    }
    const full: Row = { id: nextId(), create_time: this.now(), ...row };
    if (SERVER_TABLES.has(table)) for (const [k, v] of this.server) full[k] ??= v;
    const queue = this.queues.get(table) ?? [];
    queue.push(full);
    this.queues.set(table, queue);
    this.waiting++;
    if (this.waiting >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  private now(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.clock.second) this.clock = { second, text: formatDateTime(new Date(second * 1000)) };
    return this.clock.text;
  }

  /** Writes every waiting row; resolves when they are in the database (tests, shutdown). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batches = [...this.queues.entries()];
    this.queues.clear();
    this.writing += this.waiting;
    const rows = this.waiting;
    this.waiting = 0;
    this.flushing = this.flushing.then(() => this.write(batches)).finally(() => (this.writing -= rows));
    return this.flushing;
  }

  private async write(batches: [LogTable, Row[]][]): Promise<void> {
    if (!batches.length) return;
    try {
      await this.db.tx({ tenantId: '000000', allTenants: true }, async (trx) => {
        for (const [table, rows] of batches)
          for (let i = 0; i < rows.length; i += this.maxBatch)
            for (const insert of insertRows(table, rows.slice(i, i + this.maxBatch)))
              await trx.executeQuery(insert);
      });
    } catch (err) {
      this.dropped += batches.reduce((n, [, rows]) => n + rows.length, 0);
      this.logger?.error({ err }, 'log rows not written');
    }
  }
}

const COLUMN = /^[a-z_][a-z0-9_]*$/;

/** A log value as JSON: dates as the tables' local datetime text (the replacer sees a date's raw value
 * through its holder: JSON.stringify hands it the ISO text), bigints as decimal text, and text without NUL
 * characters (PostgreSQL's text cannot hold them; the row is kept, without them). */
function jsonValue(this: Record<string, unknown>, key: string, v: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return formatDateTime(raw);
  if (typeof v === 'bigint') return String(v);
  return typeof v === 'string' ? v.replaceAll('\0', '') : v;
}

/**
 * The INSERTs of a batch of log rows, written directly: a batch holds hundreds of rows of a dozen
 * columns. Each statement carries its rows as one JSON parameter that PostgreSQL reads into the table's
 * own row type (`json_populate_recordset`): one parameter instead of one per value, which PostgreSQL
 * parses and plans in a fraction of the time (about 10 µs of its CPU a row against 85 for a multi-row
 * VALUES list of parameters). Rows naming the same columns share a statement; a column a row lacks
 * takes its DEFAULT, as in a plain INSERT.
 */
export function insertRows(table: LogTable, rows: Row[]): CompiledQuery[] {
  const groups = new Map<string, { columns: string[]; rows: Row[] }>();
  for (const r of rows) {
    const columns = Object.keys(r)
      .filter((c) => r[c] !== undefined)
      .sort();
    const key = columns.join(',');
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push(r);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ columns, rows: members }) => {
    for (const c of columns) if (!COLUMN.test(c)) throw new Error(`log column ${JSON.stringify(c)}`);
    const list = columns.join(', ');
    return CompiledQuery.raw(
      `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`,
      [JSON.stringify(members, jsonValue)],
    );
  });
}

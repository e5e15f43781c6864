import { isTenantId } from '@tongxin/resources';
import { type CompiledQuery, Kysely, type LogEvent, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { DEFAULT_POOL_SIZE } from '../config.js';
import { attachStatement } from '../http/error-log.js';
import { firstStatementPool, OPEN_MARK, READ_MARK } from './first-statement.js';
import { PGliteDialect } from './pglite-dialect.js';

export type Row = Record<string, unknown>;
export type Schema = Record<string, Row>;
export type Db = Kysely<Schema>;
export type Trx = Transaction<Schema>;

/** The plain application role every request runs as, so row-level security binds it. */
export const APP_ROLE = 'tongxin_app';
export const PLATFORM_TENANT = '000000';

/** Who a transaction acts for. `allTenants` lifts the tenant policy and is only for platform
 * operations that must span tenants (tenant management by the platform administrator). */
export interface TenantScope {
  tenantId: string;
  allTenants?: boolean;
}

const raw = (v: string) => v;

/** Kysely's `log` of a database: a failing statement named (attachStatement), and every statement shown
 * to the database's observer while one is set. */
const logOf = (db: () => Database | undefined) => (event: LogEvent) => {
  attachStatement(event);
  if (event.level === 'query') db()?.observer?.(event.query);
};

export class Database {
  /** Sees every statement run (its SQL and bound values) while set: tests watch which values of a
   * request reach the database. Unset in production. */
  observer: ((query: CompiledQuery) => void) | undefined;

  private constructor(
    readonly kysely: Db,
    readonly kind: 'pglite' | 'postgres',
    private readonly embedded?: PGlite,
  ) {}

  static async open(options: {
    databaseUrl?: string;
    dataDir?: string;
    memory?: boolean;
    /** an in-memory embedded database starts as this snapshot (`snapshot()` of another) */
    fromSnapshot?: Blob;
    /** connections of the PostgreSQL pool (config DB_POOL_SIZE) */
    poolSize?: number;
  }): Promise<Database> {
    if (options.databaseUrl) {
      const pool = new pg.Pool({
        connectionString: options.databaseUrl,
        max: options.poolSize ?? DEFAULT_POOL_SIZE,
        types: {
          getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
            if (oid === 1114 || oid === 1184 || oid === 1082 || oid === 20 || oid === 1700) return raw;
            return pg.types.getTypeParser(oid, format as 'text');
          }) as typeof pg.types.getTypeParser,
        },
      });
      pool.on('error', () => undefined); // a dropped idle client is replaced on the next checkout
      // A client checked out when its connection drops (PostgreSQL restarted mid-query) also emits
      // 'error', and the pool listens only to idle ones: unheard, it would end the process. The query
      // itself fails with the same error, and the pool discards the broken client when it comes back.
      pool.on('connect', (client) => client.on('error', () => undefined));
      const db: Database = new Database(
        new Kysely<Schema>({
          dialect: new PostgresDialect({ pool: firstStatementPool(pool) }),
          log: logOf(() => db),
        }),
        'postgres',
      );
      return db;
    }
    // Loaded only for the embedded database (about 35 MB once loaded): a server on PostgreSQL never needs it.
    const { PGlite, types: pgliteTypes } = await import('@electric-sql/pglite');
    const parsers = {
      [pgliteTypes.INT8]: raw,
      [pgliteTypes.TIMESTAMP]: raw,
      [pgliteTypes.TIMESTAMPTZ]: raw,
      [pgliteTypes.DATE]: raw,
      [pgliteTypes.NUMERIC]: raw,
    };
    const pglite = options.memory
      ? new PGlite({ parsers, loadDataDir: options.fromSnapshot })
      : new PGlite(options.dataDir, { parsers });
    await pglite.waitReady;
    const db: Database = new Database(
      new Kysely<Schema>({ dialect: new PGliteDialect(pglite), log: logOf(() => db) }),
      'pglite',
      pglite,
    );
    return db;
  }

  /** The role and tenant settings of `scope`, as SET LOCAL commands (a bare command tag each, no row
   * for the driver to describe and parse). No parameters: the role is a constant, the tenant a checked
   * code of digits. */
  private static settings(scope: TenantScope): string {
    if (!isTenantId(scope.tenantId)) throw new Error(`Invalid tenant id: ${scope.tenantId}`);
    return (
      `set local role ${APP_ROLE}; set local app.tenant_id = '${scope.tenantId}'; ` +
      `set local app.all_tenants = '${scope.allTenants ? 'on' : 'off'}'`
    );
  }

  /** Runs `fn`, which only reads, as the application role with the tenant set for row-level security.
   * On PostgreSQL each statement of `fn` goes with the settings in front of it as one simple-protocol
   * string: one implicit transaction and one round trip per statement, no BEGIN and no COMMIT; the
   * statements do not share a snapshot. On PGlite (one embedded connection, no round trips to save) it
   * is `tx`. Either way the transaction is read-only: a write fails. */
  read<T>(scope: TenantScope, fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.statements(scope, fn, true);
  }

  /** `fn`'s statements each in a transaction of its own, as `read` sends them, for a write of one
   * statement (it commits with its own round trip, or fails whole). */
  autocommit<T>(scope: TenantScope, fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.statements(scope, fn, false);
  }

  private statements<T>(scope: TenantScope, fn: (trx: Trx) => Promise<T>, readOnly: boolean): Promise<T> {
    const guard = readOnly ? '; set local transaction_read_only = on' : '';
    if (this.kind === 'pglite')
      return this.tx(scope, async (trx) => {
        if (guard) await sql.raw(guard.slice(2)).execute(trx);
        return fn(trx);
      });
    const open = sql.raw(`${READ_MARK}${Database.settings(scope)}${guard}`);
    return this.kysely.connection().execute(async (conn) => {
      await open.execute(conn);
      return fn(conn as unknown as Trx);
    });
  }

  /** Runs `fn` in one transaction as the application role with the tenant set for row-level security.
   * The transaction opens and takes its settings in one round trip: BEGIN and the settings go as one
   * simple-protocol string (no parameters: the role is a constant, the tenant a checked code of digits),
   * then `fn`'s statements, then COMMIT (ROLLBACK when `fn` throws). */
  async tx<T>(scope: TenantScope, fn: (trx: Trx) => Promise<T>): Promise<T> {
    const open = sql.raw(`${OPEN_MARK}begin; ${Database.settings(scope)}`);
    return this.kysely.connection().execute(async (conn) => {
      const trx = conn as unknown as Trx;
      let result: T;
      try {
        await open.execute(conn);
        // one connection inside BEGIN … COMMIT: what Kysely's Transaction is, without its separate BEGIN
        result = await fn(trx);
      } catch (error) {
        this.committing.delete(trx);
        await sql
          .raw('rollback')
          .execute(conn)
          .catch(() => undefined);
        throw error;
      }
      await sql.raw('commit').execute(conn);
      const after = this.committing.get(trx) ?? [];
      this.committing.delete(trx);
      for (const run of after) run();
      return result;
    });
  }

  /** What runs once the transaction `trx` (of `tx`) committed, in order; dropped when it rolls back
   * (the audit trail of a transition queued for the log, engine/crud/transition.ts). */
  afterCommit(trx: Trx, fn: () => void): void {
    const list = this.committing.get(trx) ?? [];
    list.push(fn);
    this.committing.set(trx, list);
  }

  private readonly committing = new WeakMap<Trx, (() => void)[]>();

  /** The whole embedded database as an uncompressed archive, for `open({ memory, fromSnapshot })`:
   * the test harness migrates and seeds once and starts every test database from the copy. */
  async snapshot(): Promise<Blob> {
    if (!this.embedded) throw new Error('snapshot: only an embedded database');
    return this.embedded.dumpDataDir('none');
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }
}

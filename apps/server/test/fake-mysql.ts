import { createHash } from 'node:crypto';
import type { AddressInfo, Server, Socket } from 'node:net';
import mysql from 'mysql2';

/**
 * A MySQL server speaking the real wire protocol (mysql2's server side), answering `select … from
 * information_schema.tables|columns where … [order by …]` from canned rows named as MySQL names its
 * information_schema columns (TABLE_NAME, COLUMN_KEY, …): the select list is projected (`x as y`), the
 * `and`-joined equalities filtered (`database()` is the database the client connected to), so a column
 * our SQL misnames is an error here as it would be on MySQL. Logins are checked like
 * mysql_native_password does.
 */
export type Canned = Record<string, string | number | null>;

export interface FakeMysql {
  port: number;
  /** every query received, as sent */
  queries: string[];
  close(): Promise<void>;
}

const sha1 = (...parts: Buffer[]) => {
  const h = createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** The token a client sends for `password` (mysql_native_password). */
function nativeToken(password: string, scramble: Buffer): Buffer {
  const stage1 = sha1(Buffer.from(password));
  const stage2 = sha1(scramble, sha1(stage1));
  return Buffer.from(stage1.map((b, i) => b ^ stage2[i]!));
}

const SELECT =
  /^\s*select\s+([\s\S]+?)\s+from\s+information_schema\.(tables|columns)\s+where\s+([\s\S]+?)(?:\s+order\s+by\s+(\w+))?\s*$/i;

function answer(
  query: string,
  database: string,
  schema: { tables: Canned[]; columns: Canned[] },
): { columns: string[]; rows: unknown[][] } {
  const m = SELECT.exec(query);
  if (!m) throw new Error(`fake mysql: unsupported query ${query}`);
  const [, list, from, where, order] = m;
  let rows = from!.toLowerCase() === 'tables' ? schema.tables : schema.columns;
  const value = (col: string, r: Canned) => {
    const key = Object.keys(r).find((k) => k.toLowerCase() === col.toLowerCase());
    if (!key) throw new Error(`fake mysql: Unknown column '${col}' in 'field list'`);
    return r[key];
  };
  for (const cond of where!.split(/\s+and\s+/i)) {
    const c = /^(\w+)\s*=\s*(database\(\)|'((?:[^']|'')*)')$/i.exec(cond.trim());
    if (!c) throw new Error(`fake mysql: unsupported condition ${cond}`);
    const wanted = c[2]!.toLowerCase() === 'database()' ? database : c[3]!.replace(/''/g, "'");
    rows = rows.filter((r) => String(value(c[1]!, r)) === wanted);
  }
  const key = (r: Canned) => value(order ?? '', r);
  if (order)
    rows = [...rows].sort((a, b) =>
      typeof key(a) === 'number'
        ? Number(key(a)) - Number(key(b))
        : String(key(a)).localeCompare(String(key(b))),
    );
  const items = list!.split(',').map((item) => {
    const p = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/i.exec(item);
    if (!p) throw new Error(`fake mysql: unsupported select item ${item}`);
    return { column: p[1]!, alias: p[2] ?? p[1]! };
  });
  return {
    columns: items.map((i) => i.alias),
    rows: rows.map((r) => items.map((i) => value(i.column, r))),
  };
}

const column = (name: string) => ({
  catalog: 'def',
  schema: 'information_schema',
  table: '',
  orgTable: '',
  name,
  orgName: name,
  characterSet: 33,
  columnLength: 1024,
  columnType: 253, // VAR_STRING: every value travels as text, as in the text protocol
  flags: 0,
  decimals: 0,
});

export async function startFakeMysql(opts: {
  user: string;
  password: string;
  tables: Canned[];
  columns: Canned[];
}): Promise<FakeMysql> {
  const queries: string[] = [];
  let id = 0;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server side of mysql2 is untyped
  const server = mysql.createServer((conn: any) => {
    let database = '';
    conn.serverHandshake({
      protocolVersion: 10,
      serverVersion: '8.0.36-fake',
      connectionId: ++id,
      statusFlags: 2,
      characterSet: 33,
      capabilityFlags: 0xf7ff,
      authCallback(
        p: {
          user: string;
          database: string;
          authPluginData1: Buffer;
          authPluginData2: Buffer;
          authToken: Buffer;
        },
        done: (err: null, mysqlError?: { message: string; code: number }) => void,
      ) {
        database = p.database;
        const expected = nativeToken(opts.password, Buffer.concat([p.authPluginData1, p.authPluginData2]));
        if (p.user === opts.user && Buffer.compare(expected, p.authToken) === 0) done(null);
        else done(null, { message: `Access denied for user '${p.user}'`, code: 1045 });
        conn.sequenceId = 0;
      },
    });
    conn.on('query', (query: string) => {
      queries.push(query);
      try {
        const result = answer(query, database, opts);
        conn.writeColumns(result.columns.map(column));
        for (const row of result.rows) conn.writeTextRow(row.map((v) => (v === null ? null : String(v))));
        conn.writeEof();
      } catch (e) {
        conn.writeError({ code: 1054, message: (e as Error).message });
      }
      // the client's next command starts counting packets again from 0
      conn.sequenceId = 0;
    });
    conn.on('error', () => undefined);
  });
  const net = (server as unknown as { _server: Server })._server;
  const sockets = new Set<Socket>();
  net.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => net.listen(0, '127.0.0.1', resolve));
  return {
    port: (net.address() as AddressInfo).port,
    queries,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        net.close(() => resolve());
      }),
  };
}

// The floor of a request that reads: a bare Fastify route that replays a request's recorded statements
// on a pool like the server's and answers their rows as JSON (no auth, no engine, no schemas, no log).
// Any server that speaks HTTP and reads through pg costs at least this. Started by server-process.ts
// with FLOOR_FILE (JSON: an array of floors, served as /floor/0, /floor/1 …), DATABASE_URL and PORT.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type pg from 'pg';
import { kindOf, serverLikePool, type Statement, substituted } from './sql-replay.js';

export interface Floor {
  statements: Statement[];
  /** The recorded id a request's `?id=` stands in for; such a floor answers one row (a detail). */
  recordedId?: string;
}

const floors = JSON.parse(readFileSync(process.env.FLOOR_FILE!, 'utf8')) as Floor[];
const pool = serverLikePool(process.env.DATABASE_URL!);
const app = Fastify({ logger: { level: 'error' } });

/** The rows a screen would show: a list's page, else the last statement's rows that has any. */
async function answer(floor: Floor, id: string | undefined): Promise<unknown> {
  const swap = (v: unknown) => (id !== undefined && v === floor.recordedId ? id : v);
  const client = await pool.connect();
  try {
    let rows: unknown[] = [];
    let paged = false;
    for (const s of floor.statements) {
      // A statement sent with its settings in front of it answers one result per statement: the last.
      const answered: pg.QueryResult | pg.QueryResult[] = await client.query(substituted(s, swap));
      const result = Array.isArray(answered) ? answered[answered.length - 1]! : answered;
      const page = kindOf(s) === 'page';
      if (page || (!paged && result.rows.length)) rows = result.rows;
      paged ||= page;
    }
    return floor.recordedId === undefined ? { records: rows, total: rows.length } : rows[0];
  } finally {
    client.release();
  }
}

app.get<{ Params: { n: string }; Querystring: { id?: string } }>('/floor/:n', async (req, reply) => {
  const floor = floors[Number(req.params.n)];
  if (!floor) return reply.code(404).send();
  return { code: 200, success: true, data: await answer(floor, req.query.id), msg: '操作成功' };
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void Promise.all([app.close(), pool.end()]).then(() => process.exit(0)));

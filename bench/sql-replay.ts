// "The same SQL through pg directly": the statements one API request sends to PostgreSQL are recorded
// (from an in-process server on the bench database, by wrapping pg's Client.query), then replayed
// on a pg pool with the server's pool size and type parsers — no HTTP, no Fastify, no Kysely, no JSON.
import { DEFAULT_POOL_SIZE } from '@tongxin/server/src/config.js';
import pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

type Query = (...args: unknown[]) => unknown;

/** Every statement pg sends while `run` runs (pg is one module instance shared with the server code). */
export async function captureStatements(run: () => Promise<void>): Promise<Statement[]> {
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string')
      seen.push({ text: first, values: Array.isArray(second) ? [...second] : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      seen.push({ text: q.text, values: [...(q.values ?? [])] });
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

/** The request log is written in batches on a timer, on its own connection, and a session's last use
 * (blade_online_session) at most once a minute: a capture that caught either is taken again, so the
 * replay holds only the request's own statements. */
export async function ownStatements(run: () => Promise<void>): Promise<Statement[]> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const seen = await captureStatements(run);
    if (!seen.some((s) => /\bblade_log_|\bblade_online_session\b/.test(s.text))) return seen;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('every capture caught a request-log batch or a session touch');
}

const raw = (v: string) => v;

/** The servers' pool size in a bench run: `BENCH_DB_POOL_SIZE` (passed to them as DB_POOL_SIZE), else
 * the server's default. */
export const benchPoolSize = Number(process.env.BENCH_DB_POOL_SIZE || DEFAULT_POOL_SIZE);

/** A pool like the server's (as many connections, timestamps/int8/numeric left as text). */
export function serverLikePool(connectionString: string): pg.Pool {
  return new pg.Pool({
    connectionString,
    max: benchPoolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === 1114 || oid === 1184 || oid === 1082 || oid === 20 || oid === 1700) return raw;
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
}

/** The server opens a transaction (BEGIN and the settings) in the round trip of its first statement,
 * whose parameters are then written in the text (apps/server/src/db/first-statement.ts). */
const OPENING = /^\/\* tongxin:(?:open|read) \*\/ (?:begin; )?(?:set local [^;]*; )+/;

/** A statement without the transaction's opening in front of it. */
export const withoutOpening = (s: Statement): Statement => ({ ...s, text: s.text.replace(OPENING, '') });

/** Which part of a list request a statement is: the page, the total, or the transaction around them. */
export function kindOf(s: Statement): 'page' | 'total' | 'other' {
  const text = withoutOpening(s).text;
  if (/^explain\b/i.test(text) || /count\(\*\)/i.test(text)) return 'total';
  if (/^select \*/i.test(text) && /\blimit\b/i.test(text)) return 'page';
  return 'other';
}

/** `substitute` applied to the values and to the number literals of the text (a first statement carries
 * its values in the text). */
export function substituted(s: Statement, substitute: (value: unknown) => unknown): Statement {
  return {
    text: s.text.replace(/'(\d+)'/g, (literal, digits: string) => {
      const v = substitute(digits);
      return v === digits ? literal : `'${String(v)}'`;
    }),
    values: s.values.map(substitute),
  };
}

/** Replays the statements on one pooled connection, as the server's one transaction does.
 * `substitute` swaps recorded values (ids) per call; `timings[i]` collects statement i's ms. */
export async function replay(
  pool: pg.Pool,
  statements: Statement[],
  substitute: (value: unknown) => unknown = (v) => v,
  timings?: number[][],
): Promise<void> {
  const client = await pool.connect();
  try {
    for (const [i, s] of statements.entries()) {
      const t = performance.now();
      const st = substituted(s, substitute);
      await client.query(st.text, st.values);
      timings?.[i]?.push(performance.now() - t);
    }
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

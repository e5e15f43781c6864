import { createRequire } from 'node:module';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

/** What `Database.tx` sends to open a transaction (BEGIN and the role and tenant settings), marked so
 * the pool below can hold it back and send it with the transaction's first statement. */
export const OPEN_MARK = '/* tongxin:open */ ';

/** What `Database.read` sends first: the role and tenant settings without BEGIN, marked so the pool
 * below sends them in front of every statement that follows, each string one implicit transaction. */
export const READ_MARK = '/* tongxin:read */ ';

// pg's own conversion of a parameter to the text it sends (the same for every value a parameter takes)
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (v: unknown) => unknown;
};

/** `text` with its `$n` parameters written as literals, exactly as pg would send them (text, quoted by
 * pg's escapeLiteral, or NULL), or undefined when that is not certain to mean the same: a statement
 * with a string literal or dollar quoting of its own, a value pg sends as binary, or one holding NUL. */
export function inlineParameters(text: string, values: readonly unknown[]): string | undefined {
  if (text.includes("'") || text.includes('$$')) return undefined;
  const literals: string[] = [];
  for (const v of values) {
    const prepared = prepareValue(v);
    if (prepared === null || prepared === undefined) literals.push('NULL');
    // a NUL would end the statement's text early; as a parameter PostgreSQL refuses it as a bad value
    else if (typeof prepared === 'string' && !prepared.includes('\u0000'))
      literals.push(pg.escapeLiteral(prepared));
    else return undefined;
  }
  let outOfRange = false;
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const literal = literals[Number(n) - 1];
    if (literal === undefined) outOfRange = true;
    return literal ?? '';
  });
  return outOfRange ? undefined : inlined;
}

type Result = PostgresQueryResult<unknown>;
const NOTHING: Result = { command: 'SELECT', rowCount: 0, rows: [] };

/**
 * A client that holds back the opening of a transaction (BEGIN + settings, OPEN_MARK) and sends it in
 * the same round trip as the transaction's first statement: one simple-protocol string, the statement's
 * parameters written as literals (`inlineParameters`); the statement's result is the last of the
 * answers. When that is not possible (a value sent as binary, a cursor) the opening goes alone first.
 * A transaction that sent nothing ends without a trip. Row-level security is unchanged: the settings
 * still precede the statement inside the same transaction.
 */
class FirstStatementClient implements PostgresPoolClient {
  private pending: string | undefined;
  /** The settings of a read (READ_MARK), sent in front of each of its statements. */
  private settings: string | undefined;

  constructor(private readonly client: pg.PoolClient) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sqlOrCursor: any, parameters?: ReadonlyArray<unknown>): any {
    if (typeof sqlOrCursor !== 'string') {
      if (this.settings) throw new Error('A read sends plain statements only (no cursor)');
      return this.withOpening(() => this.client.query(sqlOrCursor));
    }
    if (sqlOrCursor.startsWith(READ_MARK)) {
      this.settings = sqlOrCursor;
      return Promise.resolve(NOTHING);
    }
    if (this.settings) return this.read(this.settings, sqlOrCursor, parameters ?? []);
    return this.run(sqlOrCursor, parameters ?? []);
  }

  /** One statement of a read: the settings and the statement as one simple-protocol string, which
   * PostgreSQL runs as one implicit transaction (SET LOCAL holds for the statement and ends with it):
   * one round trip, no BEGIN, no COMMIT. A statement that cannot be written with literals goes in a
   * transaction of its own, opened with the same settings. */
  private async read(settings: string, text: string, parameters: readonly unknown[]): Promise<Result> {
    const inlined = inlineParameters(text, parameters);
    if (inlined !== undefined) {
      const answers = (await this.client.query(`${settings}; ${inlined}`)) as unknown as Result | Result[];
      return Array.isArray(answers) ? answers[answers.length - 1]! : answers;
    }
    await this.client.query(`begin; ${settings}`);
    try {
      const result = (await this.client.query(text, [...parameters])) as unknown as Result;
      await this.client.query('commit');
      return result;
    } catch (error) {
      await this.client.query('rollback').catch(() => undefined);
      throw error;
    }
  }

  private async run(text: string, parameters: readonly unknown[]): Promise<Result> {
    if (text.startsWith(OPEN_MARK)) {
      this.pending = text;
      return NOTHING;
    }
    const opening = this.pending;
    if (!opening) return this.client.query(text, [...parameters]) as unknown as Promise<Result>;
    this.pending = undefined;
    // the transaction never began: its end needs no trip
    if (/^(commit|rollback)$/i.test(text.trim())) return NOTHING;
    const inlined = inlineParameters(text, parameters);
    if (inlined === undefined) {
      await this.client.query(opening);
      return this.client.query(text, [...parameters]) as unknown as Promise<Result>;
    }
    const answers = (await this.client.query(`${opening}; ${inlined}`)) as unknown as Result | Result[];
    return Array.isArray(answers) ? answers[answers.length - 1]! : answers;
  }

  private withOpening<T>(send: () => T): T | Promise<T> {
    const opening = this.pending;
    if (!opening) return send();
    this.pending = undefined;
    return this.client.query(opening).then(send);
  }

  release(): void {
    this.pending = undefined;
    this.settings = undefined;
    this.client.release();
  }
}

/** The pool Kysely is given on PostgreSQL: pg's pool, each client sending a transaction's opening with
 * its first statement. */
export function firstStatementPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => new FirstStatementClient(await pool.connect()),
    end: () => pool.end(),
  };
}

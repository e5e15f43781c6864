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

/** A statement's text cut at its parameters: text, parameter number, text, … (numbers 1-based). */
type Template = (string | number)[];

const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/** `text` cut at its `$n` parameters, or undefined when the cut is not certain: the parameters are found
 * outside string literals and quoted identifiers, and a text that holds anything harder to read (dollar
 * quoting, comments, prefixed literals such as E'…', a backslash inside a literal, which would mean
 * something else with standard_conforming_strings off) is declined. */
function templateOf(text: string): Template | undefined {
  const parts: Template = [];
  let from = 0;
  let i = 0;
  const closing = (quote: string) => {
    // '' (or "") inside a literal (identifier) is the quote itself
    for (let j = i + 1; j < text.length; j++)
      if (text[j] === quote) {
        if (text[j + 1] !== quote) return j;
        j++;
      } else if (quote === "'" && text[j] === '\\') return -1;
    return -1;
  };
  while (i < text.length) {
    const c = text[i]!;
    const before = i > 0 ? text[i - 1]! : ' ';
    if (c === "'" || c === '"') {
      if (c === "'" && /[A-Za-z&]/.test(before)) return undefined;
      const end = closing(c);
      if (end < 0) return undefined;
      i = end + 1;
    } else if ((c === '-' && text[i + 1] === '-') || (c === '/' && text[i + 1] === '*')) {
      return undefined;
    } else if (c === '$' && !IDENTIFIER_CHAR.test(before)) {
      const digits = /^\d+/.exec(text.slice(i + 1, i + 12))?.[0];
      if (!digits) return undefined; // dollar quoting
      parts.push(text.slice(from, i), Number(digits));
      i += 1 + digits.length;
      from = i;
    } else i++;
  }
  parts.push(text.slice(from));
  return parts;
}

/** Templates of the statements seen lately (the engine sends the same few shapes over and over). */
const templates = new Map<string, Template | null>();
const TEMPLATES_KEPT = 2000;

function cachedTemplate(text: string): Template | undefined {
  let template = templates.get(text);
  if (template === undefined) {
    if (templates.size >= TEMPLATES_KEPT) templates.clear();
    template = templateOf(text) ?? null;
    templates.set(text, template);
  }
  return template ?? undefined;
}

/** `text` with its `$n` parameters written as literals, exactly as pg would send them (text, quoted by
 * pg's escapeLiteral, or NULL), or undefined when that is not certain to mean the same: a text
 * `templateOf` declines, a value pg sends as binary, one holding NUL, or a parameter without a value. */
export function inlineParameters(text: string, values: readonly unknown[]): string | undefined {
  const template = cachedTemplate(text);
  if (!template) return undefined;
  const literals: string[] = [];
  for (const v of values) {
    const prepared = prepareValue(v);
    if (prepared === null || prepared === undefined) literals.push('NULL');
    // a NUL would end the statement's text early; as a parameter PostgreSQL refuses it as a bad value
    else if (typeof prepared === 'string' && !prepared.includes('\u0000'))
      literals.push(pg.escapeLiteral(prepared));
    else return undefined;
  }
  let inlined = template[0] as string;
  for (let k = 1; k < template.length; k += 2) {
    const literal = literals[(template[k] as number) - 1];
    if (literal === undefined) return undefined;
    inlined += literal + (template[k + 1] as string);
  }
  return inlined;
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

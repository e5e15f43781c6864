import type { LogEvent } from 'kysely';

/** Properties of database errors that carry a row's values: the bound parameters (PGlite attaches them
 * with the query options), PostgreSQL's detail ("Failing row contains (…)", "Key (phone)=(…)") and
 * the context of a failing function. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where']);
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Quoted values in a database message (`invalid input syntax for type bigint: "…"`). */
const redact = (text: string) => text.replace(/"[^"\n]*"/g, '"…"');

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The logger's `err` serializer: an error as pino would log it, minus whatever holds a row's values.
 * A database error keeps its code, its redacted message and the statement (`$1` placeholders, never
 * the bound values), so the log tells what failed without copying personal data into it.
 */
export function serializeError(err: Error): SerializedError {
  const out: SerializedError = { type: err.constructor.name, message: err.message, stack: err.stack ?? '' };
  for (const [key, value] of Object.entries(err)) if (!VALUE_FIELDS.has(key)) out[key] = value;
  if (typeof out.code === 'string' && SQLSTATE.test(out.code)) {
    out.message = redact(out.message);
    out.stack = redact(out.stack);
  }
  if (err.cause !== undefined) out.cause = err.cause instanceof Error ? serializeError(err.cause) : err.cause;
  return out;
}

/** Kysely's `log`: a failing query's statement is attached to its error (as `statement`) when the
 * driver's error does not carry it (node-postgres), so the log names it on PostgreSQL too. */
export function attachStatement(event: LogEvent): void {
  if (event.level !== 'error' || typeof event.error !== 'object' || event.error === null) return;
  const error = event.error as { statement?: string; query?: unknown };
  if (typeof error.query !== 'string') error.statement ??= event.query.sql; // PGlite's carry it as `query`
}

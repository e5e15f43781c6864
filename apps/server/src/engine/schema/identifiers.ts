/** Identifiers and literals written into generated DDL. Every name comes from a definition (never from a
 * request) and is checked here, so the SQL can name it bare and a DBA reads plain `duty_date`. */

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** PostgreSQL's maximum identifier length; a longer name would be truncated silently. */
const MAX_LENGTH = 63;
/** Key words PostgreSQL reserves (SQL key words appendix, "reserved" and "reserved (can be function or
 * type)"): as a bare column or table name they would need quoting. */
const RESERVED = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate
  collation column concurrently constraint create cross current_catalog current_date current_role
  current_schema current_time current_timestamp current_user default deferrable desc distinct do else end
  except false fetch for foreign freeze from full grant group having ilike in initially inner intersect into
  is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on
  only or order outer overlaps placing primary references returning right select session_user similar some
  symmetric system_user table tablesample then to trailing true union unique user using variadic verbose
  when where window with`.split(/\s+/),
);

/** Returns `name` when it may stand bare in DDL, else throws naming `what` (e.g. `partyDuty.dutyDate`). */
export function identifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name) || name.length > MAX_LENGTH || RESERVED.has(name))
    throw new Error(
      `${what}: "${name}" is not a usable SQL name (lower-case letters, digits and _, at most ${MAX_LENGTH} characters, not a reserved word)`,
    );
  return name;
}

/** A DEFAULT literal: numbers for numeric columns, quoted text otherwise. */
export function literal(value: string | number, numeric: boolean, what: string): string {
  if (numeric) {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || String(value).trim() === '')
      throw new Error(`${what}: default ${value} is not a number`);
    return String(n);
  }
  return `'${String(value).replaceAll("'", "''")}'`;
}

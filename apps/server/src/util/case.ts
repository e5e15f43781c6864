const camelNames = new Map<string, string>();
/** snake_case → camelCase. Column names repeat on every row of every answer: the first few thousand
 * distinct names are remembered (bounded, as the function also sees request keys). */
export function toCamel(s: string): string {
  let camel = camelNames.get(s);
  if (camel === undefined) {
    camel = s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    if (camelNames.size < 4096) camelNames.set(s, camel);
  }
  return camel;
}
export const toSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A database row as a wire object: camelCase keys; values (ids and dates already strings) kept. */
export function rowToWire(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[toCamel(k)] = v;
  return out;
}

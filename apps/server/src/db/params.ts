/** Parameters (blade_param, 参数管理) as the server's rules read them: one reader for every key, in the
 * caller's transaction or on the pool. Values are the stored strings; a missing or deleted key is absent. */
import type { Db, Trx } from './database.js';

type Reader = Db | Trx;

/** The stored values of `keys` (those set), by key. */
export async function paramValues(db: Reader, keys: readonly string[]): Promise<Record<string, string>> {
  if (!keys.length) return {};
  const rows = await db
    .selectFrom('blade_param')
    .select(['param_key', 'param_value'])
    .where('param_key', 'in', keys)
    .where('is_deleted', '=', 0)
    .execute();
  return Object.fromEntries(
    rows.filter((r) => r.param_value !== null).map((r) => [String(r.param_key), String(r.param_value)]),
  );
}

/** The stored value of `key`, or `fallback` when it is not set. */
export async function paramValue(db: Reader, key: string, fallback: string): Promise<string>;
export async function paramValue(db: Reader, key: string): Promise<string | undefined>;
export async function paramValue(db: Reader, key: string, fallback?: string): Promise<string | undefined> {
  return (await paramValues(db, [key]))[key] ?? fallback;
}

/** A whole-number parameter when it holds one within [min, max], else the fallback. */
export async function wholeParam(
  db: Reader,
  key: string,
  [min, max]: [number, number],
  fallback: number,
): Promise<number> {
  const raw = await paramValue(db, key);
  const value = Number((raw ?? '').trim());
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback;
}

/** The values of `keys` with surrounding blanks removed (settings typed into 参数管理 by hand). */
export async function trimmedParams(db: Reader, keys: readonly string[]): Promise<Record<string, string>> {
  const values = await paramValues(db, keys);
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
}

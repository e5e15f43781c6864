/** Parameters (blade_param, 参数管理) as the server's rules read them: one reader for every key, in the
 * caller's transaction or on the pool, always for one tenant. A platform-wide key (param-keys.ts) reads
 * the platform tenant's value, through `tx_platform_params` (migration 0028: a tenant's transaction does
 * not see the platform's rows); any other key reads the tenant's own row. A key without a value reads
 * its declared default — a tenant's key never falls back to the platform's value. */
import { isPlatformParam, type KnownParamKey, paramKeyDef } from '@tongxin/resources';
import { sql } from 'kysely';
import type { Db, Trx } from './database.js';

type Reader = Db | Trx;

/** The values of `keys` for `tenantId`, by key: the stored one, else the declared default (a key the
 * product does not declare and the tenant has not set is absent). */
export async function paramValues(
  db: Reader,
  tenantId: string,
  keys: readonly string[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const declared = paramKeyDef(key);
    if (declared) out[key] = declared.defaultValue;
  }
  const platform = keys.filter(isPlatformParam);
  const own = keys.filter((k) => !isPlatformParam(k));
  const rows: { param_key: unknown; param_value: unknown }[] = [];
  if (platform.length)
    rows.push(
      ...(
        await sql<{
          param_key: string;
          param_value: string | null;
        }>`select param_key, param_value from tx_platform_params(cast(${platform} as varchar[]))`.execute(db)
      ).rows,
    );
  if (own.length)
    rows.push(
      ...(await db
        .selectFrom('blade_param')
        .select(['param_key', 'param_value'])
        .where('tenant_id', '=', tenantId)
        .where('param_key', 'in', own)
        .where('is_deleted', '=', 0)
        .execute()),
    );
  for (const r of rows) if (r.param_value !== null) out[String(r.param_key)] = String(r.param_value);
  return out;
}

/** The value of a declared `key` for `tenantId` (its default when not set). */
export async function paramValue(db: Reader, tenantId: string, key: KnownParamKey): Promise<string> {
  return (await paramValues(db, tenantId, [key]))[key] ?? '';
}

/** A declared whole-number parameter when it holds one within [min, max], else its default. */
export async function wholeParam(
  db: Reader,
  tenantId: string,
  key: KnownParamKey,
  [min, max]: [number, number],
): Promise<number> {
  const raw = (await paramValue(db, tenantId, key)).trim();
  const value = Number(raw);
  if (/^-?\d+$/.test(raw) && value >= min && value <= max) return value;
  return Number(paramKeyDef(key)!.defaultValue);
}

/** The values of declared `keys` with surrounding blanks removed (settings typed into 参数管理 by hand). */
export async function trimmedParams(
  db: Reader,
  tenantId: string,
  keys: readonly KnownParamKey[],
): Promise<Record<string, string>> {
  const values = await paramValues(db, tenantId, keys);
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
}

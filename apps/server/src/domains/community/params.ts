/** Parameters (blade_param, 参数管理) the community's rules read in their own transaction. */
import type { Trx } from '../../db/database.js';

/** A whole-number parameter when it holds one within [min, max], else the fallback. */
export async function wholeParam(
  trx: Trx,
  key: string,
  [min, max]: [number, number],
  fallback: number,
): Promise<number> {
  const row = await trx
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const value = Number(String(row?.param_value ?? '').trim());
  return row && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

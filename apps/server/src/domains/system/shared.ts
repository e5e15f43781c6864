export { deptsBelow } from '../../access/depts.js';
import { sql } from 'kysely';
import type { Trx } from '../../db/database.js';
import { badRequest } from '../../http/envelope.js';

/** Every id must be a live row of `table` in `tenantId`. */
export async function requireRows(
  trx: Trx,
  table: string,
  ids: string[],
  tenantId: string,
  label: string,
): Promise<void> {
  if (!ids.length) return;
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('id', 'in', ids)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  if (rows.length !== ids.length) throw badRequest(`${label}不存在或不属于当前租户`);
}

/** Acts for another tenant inside the current transaction (row-level security follows). */
export async function actAsTenant(trx: Trx, tenantId: string): Promise<void> {
  await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
}

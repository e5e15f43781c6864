/** A facility's stock: `available_qty` moves with its loans in the loan's transaction. A reservation is
 * one conditional UPDATE (`available_qty >= quantity`), so two requests for the last unit cannot both
 * take it: the second finds the row changed and too few left. */
import { sql } from 'kysely';
import type { Trx } from '../../../db/database.js';
import type { ResourceHooks } from '../../../engine/crud/hooks.js';
import { badRequest } from '../../../http/envelope.js';

const BORROWABLE = 0;
const LENT_OUT = 1;

export interface Reserved {
  needAudit: boolean;
  maxBorrowDays: number;
}

/** Takes `quantity` units of the facility, or refuses with why. */
export async function reserve(
  trx: Trx,
  tenantId: string,
  facilityId: string,
  quantity: number,
): Promise<Reserved> {
  const row = await trx
    .updateTable('app_share_facility')
    .set({
      available_qty: sql`available_qty - ${quantity}`,
      borrow_count: sql`borrow_count + 1`,
      facility_status: sql`case when available_qty - ${quantity} = 0 then ${LENT_OUT} else facility_status end`,
    })
    .where('id', '=', facilityId)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('facility_status', 'in', [BORROWABLE, LENT_OUT])
    .where('available_qty', '>=', quantity)
    .returning(['need_audit', 'max_borrow_days'])
    .executeTakeFirst();
  if (row) return { needAudit: Number(row.need_audit) === 1, maxBorrowDays: Number(row.max_borrow_days) };
  const facility = await trx
    .selectFrom('app_share_facility')
    .select(['facility_status', 'available_qty'])
    .where('id', '=', facilityId)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!facility) throw badRequest('设施不存在');
  if (![BORROWABLE, LENT_OUT].includes(Number(facility.facility_status)))
    throw badRequest('该设施当前不可借用');
  throw badRequest(`可借数量不足，当前可借${Number(facility.available_qty)}件`);
}

/** Gives `quantity` units back (never above the total); `lost` units leave the stock instead. */
export async function release(trx: Trx, facilityId: string, quantity: number, lost = false): Promise<void> {
  await trx
    .updateTable('app_share_facility')
    .set(
      lost
        ? { total_qty: sql`greatest(total_qty - ${quantity}, 0)` }
        : {
            available_qty: sql`least(total_qty, available_qty + ${quantity})`,
            facility_status: sql`case when facility_status = ${LENT_OUT} then ${BORROWABLE} else facility_status end`,
          },
    )
    .where('id', '=', facilityId)
    .execute();
}

/** The facility's own writes: a new one starts with every unit available; a changed total moves the
 * available units by as much, never below what is lent out. */
export const facilityHooks: ResourceHooks = {
  async beforeWrite(_args, values, existing) {
    if (values.total_qty === undefined) return;
    const total = Number(values.total_qty);
    if (!existing) {
      values.available_qty = total;
      return;
    }
    const available = Number(existing.available_qty) + total - Number(existing.total_qty);
    if (available < 0) throw badRequest('总数不能少于已借出的数量');
    values.available_qty = available;
    const status = Number(values.facility_status ?? existing.facility_status);
    if (status === BORROWABLE && available === 0) values.facility_status = LENT_OUT;
    if (status === LENT_OUT && available > 0) values.facility_status = BORROWABLE;
  },
};

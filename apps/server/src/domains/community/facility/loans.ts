/** 借用记录: applying reserves the units and snapshots the borrower; 确认归还 (giveBack) and 取消借用
 * (cancelBorrow) are the definition's transitions, which give them back (afterTransition); removing a loan still holding units releases them. A loan in use past
 * its planned return becomes 逾期未还 by the definition's lapse (overdue.ts); moving its planned return
 * into the future puts it back in use. */
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../../auth/guard.js';
import type { Row, Trx } from '../../../db/database.js';
import type { HookArgs, ResourceHooks } from '../../../engine/crud/hooks.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, done } from '../../../http/envelope.js';
import { requestParams, selectedIds } from '../../../http/params.js';
import { formatDateTime } from '../../../util/datetime.js';
import { release, reserve } from './stock.js';

export const BORROW = {
  pending: 0,
  rejected: 1,
  toCollect: 2,
  inUse: 3,
  returned: 4,
  overdue: 5,
  cancelled: 6,
};
/** The states in which a loan holds its units. */
const HOLDING = [BORROW.pending, BORROW.toCollect, BORROW.inUse, BORROW.overdue];
/** The states from which a loan can be returned. */
export const RETURNABLE = [BORROW.inUse, BORROW.overdue];
const DAY_MS = 86_400_000;

async function apply({ trx, user }: HookArgs, values: Record<string, unknown>): Promise<void> {
  const from = String(values.plan_borrow_time ?? '');
  const to = String(values.plan_return_time ?? '');
  if (to < from) throw badRequest('预计归还时间不能早于预计借出时间');
  const { needAudit, maxBorrowDays } = await reserve(
    trx,
    user.tenantId,
    String(values.facility_id),
    Number(values.quantity ?? 1),
  );
  const days = (Date.parse(to.replace(' ', 'T')) - Date.parse(from.replace(' ', 'T'))) / DAY_MS;
  if (days > maxBorrowDays) throw badRequest(`借用时间不能超过${maxBorrowDays}天`);
  const person = await trx
    .selectFrom('blade_user')
    .select(['real_name', 'name', 'phone'])
    .where('id', '=', String(values.app_user_id))
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!person) throw badRequest('借用人不存在');
  Object.assign(values, {
    name: person.real_name ?? person.name ?? '',
    phone: person.phone ?? null,
    apply_time: formatDateTime(),
    borrow_status: needAudit ? BORROW.pending : BORROW.toCollect,
  });
}

const holding = (row: Row) => HOLDING.includes(Number(row.borrow_status));

export const loanHooks: ResourceHooks = {
  /** A transition out of the holding states (确认归还, 取消借用, a refused, sent back or withdrawn
   * application) gives the units back, lost ones (归还情况 3) leaving the stock; one into them (重新提交 of
   * a refused loan) takes them again, refused when too few are left (shareFacilityUser's transitions). */
  async afterTransition({ trx, actor }, _t, before, after) {
    const facility = String(after.facility_id);
    const quantity = Number(after.quantity);
    const lost = Number(after.return_condition) === 3;
    if (holding(before) && !holding(after)) await release(trx, facility, quantity, lost);
    else if (!holding(before) && holding(after)) await reserve(trx, actor.tenantId, facility, quantity);
  },
  async beforeWrite(args, values, existing) {
    if (!existing) return apply(args, values);
    const planned = String(values.plan_return_time ?? existing.plan_return_time ?? '');
    if (Number(existing.borrow_status) === BORROW.overdue && planned > formatDateTime())
      values.borrow_status = BORROW.inUse;
    for (const [column, message] of [
      ['facility_id', '借用记录不能改换设施'],
      ['quantity', '借用数量不能修改'],
      ['app_user_id', '借用记录不能改换借用人'],
    ] as const)
      if (values[column] !== undefined && String(values[column]) !== String(existing[column]))
        throw badRequest(message);
  },
  async beforeRemove({ trx }, ids) {
    const rows = await trx
      .selectFrom('app_share_facility_user')
      .select(['facility_id', 'quantity'])
      .where('id', 'in', ids)
      .where('borrow_status', 'in', HOLDING)
      .where('is_deleted', '=', 0)
      .execute();
    for (const r of rows) await release(trx, String(r.facility_id), Number(r.quantity));
  },
};

/** The loans of `ids` the caller may see, locked, each in one of `from` (else a 400 naming it). */
export async function loansIn(
  trx: Trx,
  base: () => Promise<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  ids: string[],
  from: number[],
): Promise<Row[]> {
  const rows = (await (await base()).selectAll().where('id', 'in', ids).forUpdate().execute()) as Row[];
  if (rows.length !== ids.length) throw badRequest('借用记录不存在');
  const wrong = rows.find((r) => !from.includes(Number(r.borrow_status)));
  if (wrong) throw badRequest(`借用人“${String(wrong.name)}”的借用状态不允许此操作`);
  return rows;
}

export const params = (request: FastifyRequest) => {
  const p = requestParams(request);
  return { p, ids: selectedIds(p.ids, '请选择借用记录') };
};

/** The return columns of `p` (returnCondition, returnRemark, compensateWay), checked. */
export function returnOf(p: Record<string, string | undefined>): Record<string, unknown> {
  const condition = p.returnCondition ? Number(p.returnCondition) : 1;
  if (![1, 2, 3].includes(condition)) throw badRequest('归还情况不正确');
  const remark = (p.returnRemark ?? '').trim();
  if ([...remark].length > 200) throw badRequest('归还说明长度不能超过200个字符');
  if (condition !== 1 && !remark) throw badRequest('设施损坏或丢失时请填写归还说明');
  return {
    return_condition: condition,
    return_remark: remark || null,
    compensate_way: p.compensateWay ? Number(p.compensateWay) : condition === 1 ? 0 : null,
  };
}

export const giveBack: VerbHandler = {
  access: { perm: 'share_facility_user_giveBack' },
  async handle(request, engine) {
    const user = requireUser(request);
    const { p, ids } = params(request);
    const returned = returnOf(p);
    await engine.run(user, async (trx, base) => {
      for (const loan of await loansIn(trx, base, ids, RETURNABLE))
        await engine.transition(trx, user, String(loan.id), 'giveBack', { values: returned });
    });
    return done();
  },
};

export const cancelBorrow: VerbHandler = {
  access: { perm: 'share_facility_user_cancel' },
  async handle(request, engine) {
    const user = requireUser(request);
    const { ids } = params(request);
    await engine.run(user, async (trx, base) => {
      for (const loan of await loansIn(trx, base, ids, [BORROW.pending, BORROW.toCollect]))
        await engine.transition(trx, user, String(loan.id), 'cancelBorrow');
    });
    return done();
  },
};

/** Demo 共享设施: five facilities and a loan in every state (stock consistent with what the loans hold);
 * the loan 待审核 waits in 借用审核 (ShareFacilityUse), the loan in use in 归还审核 (ShareFacilityReturn,
 * its borrower asked to return it), so both audit screens have work; the overdue one's borrower was told. */
import { shareFacilityUserResource } from '@tongxin/resources';
import type { Row } from '../../../db/database.js';
import { notifyOverdue } from '../facility/overdue.js';
import { RETURN_PROCESS } from '../facility/return-request.js';
import { awaitApproval, type DemoContext } from './demo-base.js';

const FACILITIES: [string, number, number][] = [
  ['轮椅', 1, 4],
  ['折叠梯', 2, 3],
  ['雨伞', 3, 20],
  ['血压计', 4, 2],
  ['帐篷', 5, 2],
];

export async function seedFacilities(c: DemoContext): Promise<void> {
  const ids: { id: string; total: number }[] = [];
  for (const [i, [name, type, total]] of FACILITIES.entries()) {
    const f = c.row({
      facility_no: `SF${String(i + 1).padStart(3, '0')}`,
      facility_name: name,
      facility_type: type,
      community_id: c.communities[i % c.communities.length]!.id,
      storage_address: '社区服务中心一楼储物间',
      total_qty: total,
      available_qty: total,
      max_borrow_days: 7,
      deposit: type === 1 ? 200 : 0,
      need_audit: i % 2 === 0 ? 1 : 0,
      contact_name: '拉姆',
      contact_phone: '0891-6329999',
      facility_status: 0,
      borrow_count: 0,
    });
    await c.trx.insertInto('app_share_facility').values(f).execute();
    ids.push({ id: String(f.id), total });
  }
  // one loan in every borrow_status (0 待审核 … 6 已取消); 0, 2, 3 and 5 hold their unit
  for (let status = 0; status <= 6; status++) {
    const f = ids[status % ids.length]!;
    const r = c.residents[status % c.residents.length]!;
    const overdue = status === 5;
    const loan = c.row({
      facility_id: f.id,
      app_user_id: r.id,
      name: r.name,
      phone: r.phone,
      quantity: 1,
      purpose: '家用',
      apply_time: c.at(-10 + status),
      plan_borrow_time: c.at(-9 + status),
      plan_return_time: overdue ? c.at(-2) : c.at(status + 3),
      borrow_status: status,
      actual_borrow_time: [3, 4, 5].includes(status) ? c.at(-9 + status) : null,
      actual_return_time: status === 4 ? c.at(-1) : null,
      // the borrower of the loan in use has asked to return it, in good condition
      return_condition: status === 4 || status === 3 ? 1 : null,
      return_remark: status === 3 ? '已用完，完好归还' : null,
      audit_remark: status === 1 ? '该时段设施已预约' : null,
    });
    await c.trx.insertInto('app_share_facility_user').values(loan).execute();
    const holds = [0, 2, 3, 5].includes(status);
    await c.trx
      .updateTable('app_share_facility')
      .set((eb) => ({
        borrow_count: eb('borrow_count', '+', 1),
        ...(holds ? { available_qty: eb('available_qty', '-', 1) } : {}),
      }))
      .where('id', '=', f.id)
      .execute();
    await awaitWork(c, r, loan, status);
  }
}

/** The loan waiting for 借用审核, the one in use waiting for 归还审核 (its borrower asked), and the
 * overdue one's message to its borrower. */
async function awaitWork(
  c: DemoContext,
  borrower: DemoContext['residents'][number],
  loan: Row,
  status: number,
) {
  const id = String(loan.id);
  if (status === 0) await awaitApproval(c, borrower, shareFacilityUserResource, id);
  if (status === 3) await awaitApproval(c, borrower, shareFacilityUserResource, id, RETURN_PROCESS);
  if (status === 5) await notifyOverdue(c.trx, c.tenantId, [loan]);
}

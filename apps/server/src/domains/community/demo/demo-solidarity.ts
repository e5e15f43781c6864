/** Demo 民族团结活动: one ended and one open for enrolment (both approved, with participants), and one
 * proposed by the community and waiting in the SolidarityActivity approval (草稿 until it passes), so the
 * audit screen /solidarity/solidarityactivityaudit has work for the volunteer managers and admins. */
import { solidarityActivityResource } from '@tongxin/resources';
import { awaitApproval, type DemoContext } from './demo-base.js';

const NATIONS = ['04', '01', '04', '03', '04', '01'];

export async function seedSolidarity(c: DemoContext): Promise<void> {
  for (const [k, [title, type]] of (
    [
      ['藏历新年民族团结联欢会', 3],
      ['结对认亲交朋友走访', 2],
    ] as const
  ).entries()) {
    const a = c.row({
      title,
      activity_type: type,
      community_id: c.communities[k % c.communities.length]!.id,
      organizer_type: 1,
      language: 3,
      content: `${title}，欢迎各族群众参加。`,
      address: '社区活动中心',
      start_time: c.at(k ? 10 : -3, 10),
      end_time: c.at(k ? 10 : -3, 16),
      enroll_start_time: c.at(-15),
      enroll_end_time: c.at(k ? 9 : -4),
      limit_num: 50,
      activity_status: k ? 1 : 4,
      enroll_num: 6,
      audit_status: 1,
    });
    await c.trx.insertInto('app_solidarity_activity').values(a).execute();
    for (const [i, r] of c.residents.slice(0, 6).entries())
      await c.trx
        .insertInto('app_solidarity_activity_user')
        .values(
          c.row({
            activity_id: a.id,
            app_user_id: r.id,
            name: r.name,
            phone: r.phone,
            nation: NATIONS[i],
            enroll_time: c.at(-6),
            enroll_status: 1,
            sign_status: k ? 0 : 1,
          }),
        )
        .execute();
  }
  await seedProposed(c);
}

/** An activity proposed by the tenant's admin, waiting for 活动审核. */
/** Who proposes it: a staff member of the tenant outside the approval's candidate roles (nobody decides a
 * request of their own, so every approver's audit screen has it), else the administrator. */
async function proposer(c: DemoContext): Promise<{ id: string; account: string } | undefined> {
  const approvers = solidarityActivityResource.process!.groups.split(',');
  const roles = await c.trx
    .selectFrom('blade_role')
    .select(['id', 'role_alias'])
    .where('tenant_id', '=', c.tenantId)
    .execute();
  const approving = new Set(
    roles.filter((r) => approvers.includes(String(r.role_alias))).map((r) => String(r.id)),
  );
  const staff = await c.trx
    .selectFrom('blade_user')
    .select(['id', 'account', 'role_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('user_type', '=', 1)
    .where('is_deleted', '=', 0)
    .orderBy('account')
    .execute();
  const by = staff.find(
    (u) =>
      !String(u.role_id ?? '')
        .split(',')
        .some((r) => approving.has(r)),
  );
  if (by) return { id: String(by.id), account: String(by.account) };
  return c.adminId ? { id: c.adminId, account: 'admin' } : undefined;
}

async function seedProposed(c: DemoContext): Promise<void> {
  const by = await proposer(c);
  if (!by) return;
  const title = '民族团结进步月宣讲';
  const a = c.row({
    title,
    activity_type: 1,
    community_id: c.communities[c.communities.length - 1]!.id,
    organizer_type: 1,
    language: 3,
    content: `${title}：讲述各族群众守望相助的身边故事。`,
    address: '社区党群服务中心',
    start_time: c.at(20, 15),
    end_time: c.at(20, 17),
    enroll_start_time: c.at(1, 9),
    enroll_end_time: c.at(18, 18),
    limit_num: 80,
    activity_status: 0,
    enroll_num: 0,
    create_user: by.id,
    update_user: by.id,
  });
  await c.trx.insertInto('app_solidarity_activity').values(a).execute();
  await awaitApproval(c, by, solidarityActivityResource, String(a.id));
}

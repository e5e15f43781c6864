import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Issue 25, separation of duties: a grid worker submitted a profile change (资料审核) moving himself to
// the tenant's root dept and passed it; his dept-based data scope then covered the whole tenant. A
// profile change now moves an account only into a dept it may belong to — a resident into a community
// (社区) of the tenant, a staff member into a dept they already manage (theirs or below) — and passes
// only by an approver who manages the dept it moves into.

let s: TestServer;
const TENANT = '300300';
const LOG = '/api/blade_update_user_log/userUpdateLog';
const AUDIT = ['sys_user_audit', 'sys_user_audit_view', 'sys_user_audit_audit'];
/** root 城关区 → street 八廓街道 → communities 八廓社区, 冲赛康社区; root → street 吉日街道 → 吉日社区 */
const dept: Record<'root' | 'street' | 'c1' | 'c2' | 'street2' | 'c3', string> = {
  root: nextId(),
  street: nextId(),
  c1: nextId(),
  c2: nextId(),
  street2: nextId(),
  c3: nextId(),
};
let grid: string;
let gridId: string;
let resident: string;
let residentId: string;
let c1Approver: string;
let streetApprover: string;

async function addDepts(db: Database) {
  const row = (id: string, parent: string, ancestors: string, category: number, name: string) => ({
    id,
    tenant_id: TENANT,
    parent_id: parent,
    ancestors,
    dept_category: category,
    dept_name: name,
  });
  const { root, street, c1, c2, street2, c3 } = dept;
  await db.kysely
    .insertInto('blade_dept')
    .values([
      row(root, '0', '0', 1, '城关区'),
      row(street, root, `0,${root}`, 2, '八廓街道'),
      row(c1, street, `0,${root},${street}`, 3, '八廓社区'),
      row(c2, street, `0,${root},${street}`, 3, '冲赛康社区'),
      row(street2, root, `0,${root}`, 2, '吉日街道'),
      row(c3, street2, `0,${root},${street2}`, 3, '吉日社区'),
    ])
    .execute();
}

/** A user of the tenant placed in `deptId` (the fixture's own dept replaced). */
async function member(account: string, deptId: string, menuCodes: string[], userType = 1) {
  const { userId } = await addTenantWithUser(s.db, { tenantId: TENANT, account, menuCodes, alias: 'admin' });
  await s.db.kysely
    .updateTable('blade_user')
    .set({ dept_id: deptId, user_type: userType })
    .where('id', '=', userId)
    .execute();
  return { userId, token: await login(s.app, { tenantId: TENANT, account, password: 'secret' }) };
}

beforeAll(async () => {
  s = await startTestServer();
  await addTenantWithUser(s.db, { tenantId: TENANT, account: 'seed', menuCodes: [] });
  await addDepts(s.db);
  ({ userId: gridId, token: grid } = await member('wangge', dept.c1, AUDIT));
  ({ userId: residentId, token: resident } = await member('jumin', dept.c1, [], 2));
  ({ token: c1Approver } = await member('shequ', dept.c1, AUDIT));
  ({ token: streetApprover } = await member('jiedao', dept.street, AUDIT));
});
afterAll(() => s.close());

const deptOf = async (userId: string) =>
  String(
    (
      await s.db.kysely
        .selectFrom('blade_user')
        .select('dept_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).dept_id,
  );
const requests = async () =>
  (
    await s.db.kysely
      .selectFrom('blade_update_user_log')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .execute()
  ).length;
const ask = (token: string, communityId: string) =>
  call(s.app, token, 'POST', `${LOG}/submit`, { after: { communityId } });

describe('a profile change moving an account', () => {
  it("never lifts a staff member above their own dept: the grid worker's move to the root is refused", async () => {
    const before = await requests();
    for (const target of [dept.root, dept.street, dept.c3]) {
      const res = await ask(grid, target);
      expect([res.statusCode, res.json().msg], target).toEqual([403, '只能调整到本人所在或下级的机构']);
    }
    expect(await requests()).toBe(before);
    expect(await deptOf(gridId)).toBe(dept.c1);
  });

  it('takes a resident to a community of the tenant only', async () => {
    for (const target of [dept.root, dept.street]) {
      const res = await ask(resident, target);
      expect([res.statusCode, res.json().msg], target).toEqual([400, '所属社区只能选择社区']);
    }
    expect([(await ask(resident, '999999999')).json().msg]).toEqual(['所属社区不存在']);
  });

  it('passes only by an approver who manages the community it moves into', async () => {
    const asked = await ask(resident, dept.c2);
    expect(asked.json().msg, asked.body).toBe('提交成功');
    const id = asked.json().data.id as string;
    // the approver of 八廓社区 does not manage 冲赛康社区
    const refused = await call(s.app, c1Approver, 'POST', `${LOG}/pass?ids=${id}`, { comment: '同意' });
    expect([refused.statusCode, refused.json().msg]).toEqual([
      403,
      '变更后的所属社区不在您的管理范围内，不能审核通过',
    ]);
    expect(await deptOf(residentId)).toBe(dept.c1);
    // nothing of the refused pass stays: the task is still unclaimed, the street's approver passes it
    const task = await s.db.kysely
      .selectFrom('flow_task as t')
      .innerJoin('blade_update_user_log as l', 'l.process_instance_id', 't.process_instance_id')
      .select(['t.assignee', 't.status'])
      .where('l.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ assignee: null, status: 'active' });
    const passed = await call(s.app, streetApprover, 'POST', `${LOG}/pass?ids=${id}`, { comment: '同意' });
    expect(passed.json().msg, passed.body).toBe('审核通过');
    expect(await deptOf(residentId)).toBe(dept.c2);
  });
});

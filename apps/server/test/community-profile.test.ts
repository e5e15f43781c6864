import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 资料审核: a resident's profile change waits for review; passing applies it to the account in the
// same transaction, rejecting leaves the account as it was.
let s: TestServer;
let admin: string;
let resident: string;
let residentId: string;
const LOG = '/api/blade_update_user_log/userUpdateLog';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  residentId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'dawa', menuCodes: [] })).userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2, real_name: '达瓦', phone: '13800000002' })
    .where('id', '=', residentId)
    .execute();
  resident = await login(s.app, { account: 'dawa', password: 'secret' });
});
afterAll(() => s.close());

const account = () =>
  s.db.kysely
    .selectFrom('blade_user')
    .select(['real_name', 'phone', 'name', 'avatar'])
    .where('id', '=', residentId)
    .executeTakeFirstOrThrow();

describe('profile change review', () => {
  it('applies an approved change to the account', async () => {
    const res = await call(s.app, resident, 'POST', `${LOG}/submit`, {
      after: { realName: '达瓦次仁', phone: '13800000002' },
    });
    expect(res.json().msg, res.body).toBe('提交成功');
    const id = res.json().data.id;
    const log = (await call(s.app, admin, 'GET', `${LOG}/detail?id=${id}`)).json().data;
    expect(log).toMatchObject({
      changedFields: 'realName',
      changeType: 2,
      auditStatus: 0,
      changeSummary: '姓名: 达瓦 → 达瓦次仁',
    });
    expect((await account()).real_name).toBe('达瓦');
    const passed = await call(s.app, admin, 'POST', `${LOG}/pass?ids=${id}`, {});
    expect(passed.json().msg, passed.body).toBe('审核通过');
    expect((await account()).real_name).toBe('达瓦次仁');
    expect((await call(s.app, admin, 'GET', `${LOG}/detail?id=${id}`)).json().data.auditStatus).toBe(1);
    expect((await call(s.app, admin, 'POST', `${LOG}/pass?ids=${id}`, {})).json().msg).toBe('该申请已审核');
  });

  it('is decided through the process wire too: detailByTaskId, then dealProcessFlow by a candidate', async () => {
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'reviewer',
      menuCodes: ['sys_user_audit', 'sys_user_audit_view', 'sys_user_audit_audit'],
      alias: 'admin',
    });
    const reviewer = await login(s.app, { account: 'reviewer', password: 'secret' });
    const id = (
      await call(s.app, resident, 'POST', `${LOG}/submit`, { after: { realName: '达瓦卓嘎' } })
    ).json().data.id;
    const log = await s.db.kysely
      .selectFrom('blade_update_user_log')
      .select('process_instance_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const task = await s.db.kysely
      .selectFrom('flow_task')
      .select('id')
      .where('process_instance_id', '=', log.process_instance_id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const detail = await call(s.app, reviewer, 'GET', `${LOG}/detailByTaskId?taskId=${task.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ id, changeSummary: '姓名: 达瓦次仁 → 达瓦卓嘎' });
    const dealt = await call(s.app, reviewer, 'POST', `${LOG}/dealProcessFlow`, {
      taskId: String(task.id),
      processInstanceId: String(log.process_instance_id),
      businessId: id,
      pass: true,
      comment: '同意',
    });
    expect(dealt.statusCode, dealt.body).toBe(200);
    expect((await account()).real_name).toBe('达瓦卓嘎');
  });

  it('leaves the account unchanged when rejected, and refuses bad input', async () => {
    const bad = await call(s.app, resident, 'POST', `${LOG}/submit`, { after: { phone: '123' } });
    expect(bad.json().msg).toBe('手机号码格式不正确');
    const id = (
      await call(s.app, resident, 'POST', `${LOG}/submit`, { after: { phone: '13900000003' } })
    ).json().data.id;
    expect((await call(s.app, admin, 'POST', `${LOG}/reject?ids=${id}`, {})).json().msg).toBe(
      '请输入驳回理由',
    );
    expect(
      (await call(s.app, admin, 'POST', `${LOG}/reject?ids=${id}`, { comment: '号码无法验证' })).statusCode,
    ).toBe(200);
    expect((await account()).phone).toBe('13800000002');
    expect((await call(s.app, resident, 'POST', `${LOG}/pass?ids=${id}`, {})).statusCode).toBe(403);
  });

  it('amends the own waiting request when submit names its id (submit adds and updates)', async () => {
    const id = (
      await call(s.app, resident, 'POST', `${LOG}/submit`, { after: { phone: '13900000004' } })
    ).json().data.id;
    const count = async () =>
      (await s.db.kysely.selectFrom('blade_update_user_log').select('id').execute()).length;
    const before = await count();
    const amended = await call(s.app, resident, 'POST', `${LOG}/submit`, {
      id,
      after: { phone: '13900000005', realName: '达瓦卓嘎' },
    });
    expect([amended.statusCode, amended.json().data?.id], amended.body).toEqual([200, id]);
    expect(await count()).toBe(before);
    const log = (await call(s.app, admin, 'GET', `${LOG}/detail?id=${id}`)).json().data;
    expect(log).toMatchObject({
      changedFields: 'phone',
      auditStatus: 0,
      changeSummary: '手机号: 13800000002 → 13900000005',
    });
    // the review decides the amended values
    expect((await call(s.app, admin, 'POST', `${LOG}/pass?ids=${id}`, {})).json().msg).toBe('审核通过');
    expect((await account()).phone).toBe('13900000005');
    // a decided request, another's or an unknown id is refused, nothing written
    const decided = await call(s.app, resident, 'POST', `${LOG}/submit`, {
      id,
      after: { phone: '13900000006' },
    });
    expect([decided.statusCode, decided.json().msg]).toEqual([400, '该申请已审核，不能修改']);
    const other = await addTenantWithUser(s.db, { tenantId: '000000', account: 'other', menuCodes: [] });
    const stranger = await login(s.app, { account: 'other', password: 'secret' });
    const waiting = (
      await call(s.app, resident, 'POST', `${LOG}/submit`, { after: { phone: '13900000007' } })
    ).json().data.id;
    for (const [token, target] of [
      [stranger, waiting],
      [resident, '123456789'],
    ] as const) {
      const res = await call(s.app, token, 'POST', `${LOG}/submit`, {
        id: target,
        after: { phone: '13900000008' },
      });
      expect([res.statusCode, res.json().msg]).toEqual([404, '资料变更申请不存在']);
    }
    expect((await call(s.app, resident, 'POST', `${LOG}/submit`, { id: 'x1', after: {} })).json().msg).toBe(
      '主键格式不正确',
    );
    const still = (await call(s.app, admin, 'GET', `${LOG}/detail?id=${waiting}`)).json().data;
    expect(still.changeSummary).toBe('手机号: 13900000005 → 13900000007');
    expect(other.userId).toBeTruthy();
  });

  it('applies avatar and nickname at once without review (needAudit 0), the rest waits', async () => {
    const tasks = async () =>
      (await s.db.kysely.selectFrom('flow_process_instance').select('id').execute()).length;
    const instances = await tasks();
    // cosmetic only: written to the account now, logged as applied, no process
    const cosmetic = await call(s.app, resident, 'POST', `${LOG}/submit`, {
      after: { name: '小达', avatar: '/files/a.png' },
    });
    expect([cosmetic.json().msg, cosmetic.json().data.needAudit], cosmetic.body).toEqual(['修改成功', 0]);
    expect(await account()).toMatchObject({ name: '小达', avatar: '/files/a.png' });
    const applied = (await call(s.app, admin, 'GET', `${LOG}/detail?id=${cosmetic.json().data.id}`)).json()
      .data;
    expect(applied).toMatchObject({ needAudit: 0, auditStatus: 1, changedFields: 'name,avatar' });
    expect(applied.processInstanceId ?? null).toBeNull();
    expect(JSON.parse(applied.beforeJson)).toEqual({ name: null, avatar: null });
    expect(await tasks()).toBe(instances);
    // it cannot be passed or rejected, nor submitted into the process
    expect((await call(s.app, admin, 'POST', `${LOG}/pass?ids=${applied.id}`, {})).json().msg).toBe(
      '该申请已审核',
    );

    // mixed: the nickname applies now, the phone waits for review in a request of its own
    const mixed = await call(s.app, resident, 'POST', `${LOG}/submit`, {
      after: { name: '达瓦', phone: '13911112222' },
    });
    expect([mixed.json().msg, mixed.json().data.needAudit], mixed.body).toEqual(['提交成功', 1]);
    const now = await account();
    expect([now.name, now.phone === '13911112222']).toEqual(['达瓦', false]);
    const waiting = (await call(s.app, admin, 'GET', `${LOG}/detail?id=${mixed.json().data.id}`)).json().data;
    expect(waiting).toMatchObject({ needAudit: 1, auditStatus: 0, changedFields: 'phone' });
    expect(await tasks()).toBe(instances + 1);
    const logs = await s.db.kysely
      .selectFrom('blade_update_user_log')
      .select(['changed_fields', 'need_audit', 'audit_status'])
      .where('app_user_id', '=', residentId)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(logs.map((l) => [l.changed_fields, Number(l.need_audit), Number(l.audit_status)])).toEqual(
      expect.arrayContaining([
        ['name', 0, 1],
        ['phone', 1, 0],
      ]),
    );

    // amending the waiting request with cosmetic keys only is refused, nothing written
    const amend = await call(s.app, resident, 'POST', `${LOG}/submit`, {
      id: waiting.id,
      after: { name: '达瓦二' },
    });
    expect([amend.statusCode, amend.json().msg]).toEqual([400, '该申请没有需要审核的资料变化']);
    expect((await account()).name).toBe('达瓦');
    expect((await call(s.app, admin, 'POST', `${LOG}/pass?ids=${waiting.id}`, {})).json().msg).toBe(
      '审核通过',
    );
    expect((await account()).phone).toBe('13911112222');
  });

  it('names the community in the snapshots (the comparison shows names, not ids)', async () => {
    // a resident moves to a community (社区, dept_category 3) of their tenant only
    const dept = { id: nextId(), dept_name: '八廓社区' };
    await s.db.kysely
      .insertInto('blade_dept')
      .values({ ...dept, tenant_id: '000000', dept_category: 3 })
      .execute();
    const res = await call(s.app, resident, 'POST', `${LOG}/submit`, { after: { communityId: dept.id } });
    expect(res.json().msg, res.body).toBe('提交成功');
    const log = (await call(s.app, admin, 'GET', `${LOG}/detail?id=${res.json().data.id}`)).json().data;
    expect(log.changeType).toBe(3);
    expect(JSON.parse(log.afterJson)).toEqual({
      communityId: String(dept.id),
      communityName: dept.dept_name,
    });
    expect(log.changeSummary).toContain(`→ ${dept.dept_name}`);
    const missing = await call(s.app, resident, 'POST', `${LOG}/submit`, {
      after: { communityId: '999999999' },
    });
    expect([missing.statusCode, missing.json().msg]).toEqual([400, '所属社区不存在']);
  });
});

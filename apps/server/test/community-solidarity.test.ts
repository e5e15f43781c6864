import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 民族团结活动: participants take places within the limit and are paged by getEnrollUsersPage; GET
// activityCancel?activityId cancels with a reason.

let s: TestServer;
let admin: string;
let manager: string;
let deptId: string;
const ACT = '/api/app-solidarity-activity/solidarityactivity';
const USER = '/api/app-solidarity-activity-user/solidarityactivity2user';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const codes = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'vmanager',
    menuCodes: codes,
    alias: 'volunteer_manager',
  });
  manager = await login(s.app, { account: 'vmanager', password: 'secret' });
  deptId = String(
    (
      await s.db.kysely
        .selectFrom('blade_dept')
        .select('id')
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(() => s.close());

describe('民族团结活动', () => {
  it('goes through the SolidarityActivity approval (活动审核)', async () => {
    const made = await call(s.app, admin, 'POST', `${ACT}/submit`, {
      title: '结对认亲交朋友',
      activityType: 2,
      communityId: deptId,
      content: '结对',
      address: '社区',
      startTime: '2026-03-01 10:00:00',
      endTime: '2026-03-01 12:00:00',
      enrollStartTime: '2026-02-20 09:00:00',
      enrollEndTime: '2026-02-28 18:00:00',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id;
    expect((await call(s.app, admin, 'GET', `${ACT}/detail?id=${id}`)).json().data.auditStatus).toBe(0);
    const tasks = (await call(s.app, manager, 'GET', `${ACT}/auditTasks?size=100`)).json().data;
    const task = tasks.records.find((r: { id: string }) => r.id === id);
    expect(task?.taskName).toBe('活动审核');
    const detail = await call(s.app, manager, 'GET', `${ACT}/detailByTaskId?taskId=${task.taskId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const dealt = await call(s.app, manager, 'POST', `${ACT}/dealProcessFlow`, {
      taskId: task.taskId,
      pass: true,
      comment: '同意',
    });
    expect(dealt.statusCode, dealt.body).toBe(200);
    expect((await call(s.app, admin, 'GET', `${ACT}/detail?id=${id}`)).json().data).toMatchObject({
      auditStatus: 1,
      auditRemark: '同意',
    });
  });

  it('enrols within the limit, pages the participants and cancels with a reason', async () => {
    const made = await call(s.app, admin, 'POST', `${ACT}/submit`, {
      title: '藏历新年民族团结联欢',
      activityType: 3,
      communityId: deptId,
      content: '联欢',
      address: '社区广场',
      startTime: '2026-02-18 10:00:00',
      endTime: '2026-02-18 16:00:00',
      enrollStartTime: '2026-02-01 09:00:00',
      enrollEndTime: '2026-02-17 18:00:00',
      limitNum: 2,
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id;
    for (const [name, nation] of [
      ['扎西', '04'],
      ['李明', '01'],
    ]) {
      const res = await call(s.app, admin, 'POST', `${USER}/submit`, { activityId: id, name, nation });
      expect(res.statusCode, res.body).toBe(200);
    }
    const full = await call(s.app, admin, 'POST', `${USER}/submit`, {
      activityId: id,
      name: '马强',
      nation: '03',
    });
    expect(full.json().msg).toBe('报名人数已满');
    const pageRes = await call(
      s.app,
      admin,
      'GET',
      `${ACT}/getEnrollUsersPage?activityId=${id}&current=1&size=1`,
    );
    expect(pageRes.statusCode, pageRes.body).toBe(200);
    expect(pageRes.json().data).toMatchObject({ total: 2, size: 1, current: 1 });
    expect(pageRes.json().data.records[0]).toHaveProperty('nation');
    const detail = (await call(s.app, admin, 'GET', `${ACT}/detail?id=${id}`)).json().data;
    expect(detail.enrollNum).toBe(2);
    const cancel = await call(
      s.app,
      admin,
      'GET',
      `${ACT}/activityCancel?activityId=${id}&cancelReason=${encodeURIComponent('天气原因')}`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (await call(s.app, admin, 'GET', `${ACT}/detail?id=${id}`)).json().data;
    expect(after).toMatchObject({ activityStatus: 5, cancelReason: '天气原因' });
    expect(
      (await call(s.app, admin, 'GET', `${ACT}/activityCancel?activityId=${id}&cancelReason=x`)).statusCode,
    ).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDomains } from '../src/domains/index.js';
import { sweepLapses } from '../src/engine/crud/lapses.js';
import { formatDateTime } from '../src/util/datetime.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 民族团结活动: audited before it is published (草稿 while the SolidarityActivity approval waits or after a
// reject, then its state by its times, moved on by the lapses); participants take places of an approved
// activity 报名中 within the limit and are paged by getEnrollUsersPage; GET activityCancel?activityId
// cancels with a reason.

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

/** `yyyy-MM-dd HH:mm:ss`, `hours` from now. */
const at = (hours: number) => formatDateTime(new Date(Date.now() + hours * 3_600_000));
const modules = defaultDomains.flatMap((d) => d.resources);

/** A new activity: enrolment from `enrollFrom` hours from now for two days, the activity after it. */
async function activity(title: string, enrollFrom = -24, extra: Record<string, unknown> = {}) {
  const made = await call(s.app, admin, 'POST', `${ACT}/submit`, {
    title,
    activityType: 2,
    communityId: deptId,
    content: '结对',
    address: '社区',
    enrollStartTime: at(enrollFrom),
    enrollEndTime: at(enrollFrom + 48),
    startTime: at(enrollFrom + 72),
    endTime: at(enrollFrom + 75),
    ...extra,
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data.id as string;
}

const detail = async (id: string) => (await call(s.app, admin, 'GET', `${ACT}/detail?id=${id}`)).json().data;

/** The approver's decision on the activity's waiting task. */
async function decide(id: string, pass: boolean, comment: string) {
  const tasks = (await call(s.app, manager, 'GET', `${ACT}/auditTasks?size=100`)).json().data;
  const task = tasks.records.find((r: { id: string }) => r.id === id);
  expect(task?.taskName).toBe('活动审核');
  const dealt = await call(s.app, manager, 'POST', `${ACT}/dealProcessFlow`, {
    taskId: task.taskId,
    pass,
    comment,
  });
  expect(dealt.statusCode, dealt.body).toBe(200);
  return task.taskId as string;
}

const enrol = (activityId: string, name: string, nation = '04') =>
  call(s.app, admin, 'POST', `${USER}/submit`, { activityId, name, nation });

describe('民族团结活动', () => {
  it('publishes an activity only when the SolidarityActivity approval (活动审核) passes', async () => {
    const id = await activity('结对认亲交朋友', -24, { activityStatus: 1 });
    // waiting for review: 草稿 whatever the form sent, and closed to enrolment
    expect(await detail(id)).toMatchObject({ auditStatus: 0, activityStatus: 0 });
    const early = await enrol(id, '扎西');
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('该活动尚在审核中，暂不能报名');
    // the lapses never open an activity that is not approved
    await sweepLapses(s.ctx, modules);
    expect((await detail(id)).activityStatus).toBe(0);
    const taskId = await decide(id, true, '同意');
    const detailByTask = await call(s.app, manager, 'GET', `${ACT}/detailByTaskId?taskId=${taskId}`);
    expect(detailByTask.statusCode, detailByTask.body).toBe(200);
    expect(await detail(id)).toMatchObject({ auditStatus: 1, auditRemark: '同意', activityStatus: 1 });
    expect((await enrol(id, '扎西')).statusCode).toBe(200);
    expect((await detail(id)).enrollNum).toBe(1);
  });

  it('keeps a rejected activity closed, and reopens it only when passed after resubmission', async () => {
    const id = await activity('民族团结进社区宣讲');
    await decide(id, false, '活动地点不明确');
    expect(await detail(id)).toMatchObject({ auditStatus: 2, activityStatus: 0 });
    const refused = await enrol(id, '李明', '01');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('该活动未通过审核，不能报名');
    const again = await call(s.app, admin, 'POST', `${ACT}/startProcessFlow`, { id });
    expect(again.statusCode, again.body).toBe(200);
    expect(await detail(id)).toMatchObject({ auditStatus: 0, activityStatus: 0 });
    await decide(id, true, '同意');
    expect(await detail(id)).toMatchObject({ auditStatus: 1, activityStatus: 1 });
  });

  it('follows its times once approved: opens, closes its enrolment, starts and ends', async () => {
    // enrolment opens in two hours: approved, it waits (0), and the sweep opens it in time
    const id = await activity('藏历新年联欢', 2);
    await decide(id, true, '同意');
    expect((await detail(id)).activityStatus).toBe(0);
    expect((await enrol(id, '扎西')).json().msg).toBe('该活动不在报名中');
    const later = (hours: number) => sweepLapses(s.ctx, modules, at(hours));
    await later(3);
    expect((await detail(id)).activityStatus).toBe(1);
    await later(51);
    expect((await detail(id)).activityStatus).toBe(2);
    await later(75);
    expect((await detail(id)).activityStatus).toBe(3);
    await later(78);
    expect((await detail(id)).activityStatus).toBe(4);
    // an edit of its times puts it where the new times say
    const moved = await call(s.app, admin, 'POST', `${ACT}/submit`, {
      ...(await detail(id)),
      enrollStartTime: at(-1),
      enrollEndTime: at(24),
      startTime: at(48),
      endTime: at(50),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await detail(id)).activityStatus).toBe(1);
  });

  it('enrols within the limit, pages the participants and cancels with a reason', async () => {
    const id = await activity('藏历新年民族团结联欢', -24, { activityType: 3, limitNum: 2 });
    await decide(id, true, '同意');
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
    expect((await detail(id)).enrollNum).toBe(2);
    const cancel = await call(
      s.app,
      admin,
      'GET',
      `${ACT}/activityCancel?activityId=${id}&cancelReason=${encodeURIComponent('天气原因')}`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await detail(id)).toMatchObject({ activityStatus: 5, cancelReason: '天气原因' });
    expect((await enrol(id, '马强', '03')).json().msg).toBe('该活动已取消');
    expect(
      (await call(s.app, admin, 'GET', `${ACT}/activityCancel?activityId=${id}&cancelReason=x`)).statusCode,
    ).toBe(400);
  });
});

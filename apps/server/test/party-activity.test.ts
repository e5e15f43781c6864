import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { addMember } from './samples.js';

// 党员活动 and 报名管理 (issue 12): the state follows the times, enrolment only inside the window, below
// the limit and once per member, 取消活动 with a reason cancels the live enrolments and refuses a
// finished activity; nothing is written when a call is refused.
let s: TestServer;
let admin: string;
let other: string;
const ACTIVITY = '/api/app_party_activity/partyactivity';
const ENROL = '/api/app_party_activity2user/partyactivity2user';

const at = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
};

let sectionId: string;
let deptId: string;

async function activity(times: { es: number; ee: number; s: number; e: number }, extra = {}) {
  const res = await call(s.app, admin, 'POST', `${ACTIVITY}/save`, {
    title: `活动${Math.random()}`,
    sectionId,
    activityType: '1',
    partyDeptId: deptId,
    address: '党群服务中心',
    content: '<p>内容</p>',
    enrollStartTime: at(times.es),
    enrollEndTime: at(times.ee),
    startTime: at(times.s),
    endTime: at(times.e),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().data.id);
}

const enrol = (activityId: string, memberName: string, token = admin) =>
  call(s.app, token, 'POST', `${ENROL}/submit`, { activityId, memberName, phone: '13800138000' });

const detail = async (id: string) =>
  (await call(s.app, admin, 'GET', `${ACTIVITY}/detail?id=${id}`)).json().data;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const menus = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  await addTenantWithUser(s.db, { tenantId: '200002', account: 'other', menuCodes: menus });
  other = await login(s.app, { tenantId: '200002', account: 'other', password: 'secret' });
  sectionId = (
    await call(s.app, admin, 'POST', '/api/app-party-section/partysection/submit', {
      sectionName: '主题党日',
      sort: 1,
    })
  ).json().data.id;
  deptId = (
    await call(s.app, admin, 'POST', '/api/app_party_dept/dept/submit', {
      deptName: '第一党支部',
      orgType: '3',
      sort: 1,
    })
  ).json().data.id;
});
afterAll(() => s.close());

describe('party activities', () => {
  it('derives the state from the times and searches by it', async () => {
    const open = await activity({ es: -1, ee: 5, s: 10, e: 11 });
    const closed = await activity({ es: -5, ee: -2, s: 3, e: 4 });
    const running = await activity({ es: -5, ee: -3, s: -1, e: 2 });
    const ended = await activity({ es: -9, ee: -8, s: -5, e: -4 });
    const early = await activity({ es: 2, ee: 5, s: 10, e: 11 });
    expect((await detail(open)).activityStatus).toBe(1);
    expect((await detail(closed)).activityStatus).toBe(2);
    expect((await detail(running)).activityStatus).toBe(3);
    expect((await detail(ended)).activityStatus).toBe(4);
    expect((await detail(early)).activityStatus).toBe(0);
    const page = (await call(s.app, admin, 'GET', `${ACTIVITY}/page?activityStatus_equal=3&size=100`)).json()
      .data;
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([running]);
    expect((await call(s.app, admin, 'GET', `${ACTIVITY}/page?activityStatus_equal=x`)).statusCode).toBe(400);
  });

  it('refuses times out of order', async () => {
    const res = await call(s.app, admin, 'POST', `${ACTIVITY}/save`, {
      title: '倒序',
      sectionId,
      activityType: '1',
      partyDeptId: deptId,
      address: '某地',
      content: 'x',
      enrollStartTime: at(-1),
      enrollEndTime: at(1),
      startTime: at(5),
      endTime: at(4),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('结束时间必须晚于开始时间');
  });

  it('enrols inside the window, below the limit, once per member', async () => {
    const id = await activity({ es: -1, ee: 5, s: 10, e: 11 }, { limitNum: 2 });
    expect((await enrol(id, '次仁')).statusCode).toBe(200);
    const twice = await enrol(id, '次仁');
    expect(twice.json().msg).toBe('该党员已报名此活动');
    expect((await enrol(id, '卓玛')).statusCode).toBe(200);
    const full = await enrol(id, '扎西');
    expect(full.statusCode).toBe(400);
    expect(full.json().msg).toBe('报名人数已满（上限2人）');
    const a = await detail(id);
    expect(a.enrollNum).toBe(2);
    const closed = await activity({ es: -5, ee: -2, s: 3, e: 4 });
    expect((await enrol(closed, '扎西')).json().msg).toBe('活动报名已截止');
    const early = await activity({ es: 2, ee: 5, s: 10, e: 11 });
    expect((await enrol(early, '扎西')).json().msg).toBe('活动报名尚未开始');
    // a member is named from the archive; another tenant's member or activity is not found
    const open = await activity({ es: -1, ee: 5, s: 10, e: 11 });
    const member = await addMember(s.app, admin, '洛桑');
    const byMember = await call(s.app, admin, 'POST', `${ENROL}/submit`, {
      activityId: open,
      partyArchiveId: member,
    });
    expect(byMember.statusCode, byMember.body).toBe(200);
    const named = (await call(s.app, admin, 'GET', `${ENROL}/detail?id=${byMember.json().data.id}`)).json()
      .data;
    expect(named.memberName).toBe('洛桑');
    const foreign = await call(s.app, other, 'POST', `${ENROL}/submit`, {
      activityId: open,
      partyArchiveId: member,
    });
    expect(foreign.json().msg).toBe('党员不存在');
    expect((await enrol(id, '旁人', other)).json().msg).toBe('活动不存在');
  });

  it('reviews enrolments when the activity asks for it', async () => {
    const id = await activity({ es: -1, ee: 5, s: 10, e: 11 }, { enrollAudit: 1 });
    const eid = (await enrol(id, '格桑')).json().data.id;
    const row = (await call(s.app, admin, 'GET', `${ENROL}/detail?id=${eid}`)).json().data;
    expect(row.enrollStatus).toBe(0);
    const pass = await call(s.app, admin, 'POST', `${ENROL}/approve?ids=${eid}`);
    expect(pass.statusCode, pass.body).toBe(200);
    const sign = await call(s.app, admin, 'POST', `${ENROL}/sign?ids=${eid}`);
    expect(sign.statusCode, sign.body).toBe(200);
    const a = await detail(id);
    expect([a.enrollNum, a.signNum]).toEqual([1, 1]);
  });

  it('cancels with a reason, the enrolments follow; a finished activity is refused, nothing written', async () => {
    const id = await activity({ es: -1, ee: 5, s: 10, e: 11 });
    const eid = (await enrol(id, '平措')).json().data.id;
    expect((await call(s.app, admin, 'POST', `${ACTIVITY}/activityCancel?ids=${id}`)).json().msg).toBe(
      '请输入取消原因',
    );
    const ended = await activity({ es: -9, ee: -8, s: -5, e: -4 });
    const refused = await call(s.app, admin, 'POST', `${ACTIVITY}/activityCancel`, {
      ids: `${id},${ended}`,
      cancelReason: '天气原因',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/已结束，不能取消$/);
    expect((await detail(id)).activityStatus).toBe(1);
    // the enrolment follows through its own transition: a version and an 操作审计 entry of its own
    const audited: Record<string, unknown>[] = [];
    const push = s.ctx.logs.push.bind(s.ctx.logs);
    s.ctx.logs.push = (table: Parameters<typeof push>[0], row: Record<string, unknown>) => {
      if (table === 'blade_log_audit') audited.push(row);
      return push(table, row);
    };
    const enrolled = (await call(s.app, admin, 'GET', `${ENROL}/detail?id=${eid}`)).json().data;
    const res = await call(s.app, admin, 'POST', `${ACTIVITY}/activityCancel`, {
      ids: id,
      cancelReason: '天气原因',
    });
    s.ctx.logs.push = push;
    expect(res.statusCode, res.body).toBe(200);
    const a = await detail(id);
    expect([a.activityStatus, a.cancelReason]).toEqual([5, '天气原因']);
    const e = (await call(s.app, admin, 'GET', `${ENROL}/detail?id=${eid}`)).json().data;
    expect([e.enrollStatus, e.cancelReason]).toEqual([3, '天气原因']);
    expect([typeof enrolled.version, Number(e.version)]).toEqual(['number', Number(enrolled.version) + 1]);
    await vi.waitFor(() =>
      expect(audited.filter((r) => String(r.record_id) === String(eid))).toMatchObject([
        { action: 'verb', table_name: 'app_party_activity2user' },
      ]),
    );
    expect((await enrol(id, '新人')).json().msg).toBe('活动已取消，不能报名');
    const again = await call(s.app, admin, 'POST', `${ACTIVITY}/activityCancel`, {
      ids: id,
      cancelReason: 'x',
    });
    expect(again.json().msg).toMatch(/已取消$/);
    // another tenant cannot cancel it
    const foreign = await call(s.app, other, 'POST', `${ACTIVITY}/activityCancel`, {
      ids: id,
      cancelReason: 'x',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('viewDetail counts a view and lists the enrolments', async () => {
    const id = await activity({ es: -1, ee: 5, s: 10, e: 11 });
    await enrol(id, '德吉');
    const first = (await call(s.app, admin, 'GET', `${ACTIVITY}/viewDetail?id=${id}`)).json().data;
    const second = (await call(s.app, admin, 'GET', `${ACTIVITY}/viewDetail?id=${id}`)).json().data;
    expect(second.browseNum).toBe(first.browseNum + 1);
    expect(second.enrollUsers.map((u: { memberName: string }) => u.memberName)).toEqual(['德吉']);
  });
});

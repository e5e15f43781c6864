import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 通知公告 publish (audience → read receipts + messages), 消息中心 to roles, 住户认证 approval: tenant
// boundaries hold and a refused call writes nothing.
let s: TestServer;
let admin: string;
let community: string;
const residents: string[] = [];
let foreignUser: string;
const NOTICE = '/api/app-sys-notice/sysnotice';
const TARGETS = '/api/app-sysnotice2target/sysnotice2target';
const MESSAGES = '/api/app_message_center/messageCenter';
const RECORD = '/api/app-household-record/householdRecord';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  for (const account of ['r1', 'r2', 'r3']) {
    const made = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account,
      menuCodes: [],
      alias: 'resident',
    });
    await s.db.kysely.updateTable('blade_user').set({ user_type: 2 }).where('id', '=', made.userId).execute();
    residents.push(made.userId);
    community ??= made.deptId;
  }
  // r1 lives in the first community; the others elsewhere
  foreignUser = (await addTenantWithUser(s.db, { tenantId: '300001', account: 'x', menuCodes: [] })).userId;
});
afterAll(() => s.close());

const post = (url: string, body: unknown) => call(s.app, admin, 'POST', url, body);
async function section() {
  return (
    await post('/api/app-sys-notice-section/sysnoticesection/submit', { sectionName: '通知', sort: 1 })
  ).json().data.id;
}

describe('notice publish', () => {
  it('writes one receipt and one message per resident of the audience', async () => {
    const sectionId = await section();
    const id = (
      await post(`${NOTICE}/save`, {
        sectionId,
        title: '停水通知',
        content: '<p>明天停水</p>',
        targetType: 0,
        pushApp: 1,
      })
    ).json().data.id;
    const res = await post(`${NOTICE}/publish?ids=${id}`, {});
    expect(res.json().msg, res.body).toBe('发布成功');
    const notice = (await call(s.app, admin, 'GET', `${NOTICE}/detail?id=${id}`)).json().data;
    expect(notice).toMatchObject({ publishStatus: 1, totalNum: 3, readNum: 0 });
    const receipts = (await call(s.app, admin, 'GET', `${TARGETS}/page?noticeId_equal=${id}`)).json().data;
    expect(receipts.records.map((r: { targetUserId: string }) => r.targetUserId).sort()).toEqual(
      [...residents].sort(),
    );
    const inbox = (
      await call(s.app, admin, 'GET', `${MESSAGES}/page?receiverId_equal=${residents[0]}`)
    ).json().data;
    expect(inbox.records[0]).toMatchObject({ title: '停水通知', receiverType: 1, readStatus: 0 });
    expect((await post(`${NOTICE}/publish?ids=${id}`, {})).json().msg).toBe('「停水通知」已发布');
    // the resident opens it: their receipt is read once, the notice counts it, the message is read
    const r1 = await login(s.app, { account: 'r1', password: 'secret' });
    for (let i = 0; i < 2; i++)
      expect((await call(s.app, r1, 'POST', `${TARGETS}/read`, { noticeId: id })).statusCode).toBe(200);
    expect((await call(s.app, admin, 'GET', `${NOTICE}/detail?id=${id}`)).json().data.readNum).toBe(1);
    const mine = await s.db.kysely
      .selectFrom('app_message_center')
      .select('read_status')
      .where('receiver_id', '=', residents[0]!)
      .where('biz_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(mine.read_status).toBe(1);
    expect((await call(s.app, r1, 'POST', `${MESSAGES}/readAll`, {})).statusCode).toBe(200);
    expect((await post(`${NOTICE}/withdraw?ids=${id}`, {})).statusCode).toBe(200);
  });

  it('sends to one community only', async () => {
    const sectionId = await section();
    const id = (
      await post(`${NOTICE}/save`, {
        sectionId,
        title: '社区通知',
        content: '内容',
        targetType: 1,
        targetCommunityIds: community,
      })
    ).json().data.id;
    expect((await post(`${NOTICE}/publish?ids=${id}`, {})).statusCode).toBe(200);
    expect((await call(s.app, admin, 'GET', `${NOTICE}/detail?id=${id}`)).json().data.totalNum).toBe(1);
  });

  it("refuses another tenant's users, writing nothing", async () => {
    const sectionId = await section();
    const id = (
      await post(`${NOTICE}/save`, {
        sectionId,
        title: '越权通知',
        content: '内容',
        targetType: 3,
        targetUserIds: `${residents[0]},${foreignUser}`,
      })
    ).json().data.id;
    const res = await post(`${NOTICE}/publish?ids=${id}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('指定用户不存在或不属于本租户');
    const notice = (await call(s.app, admin, 'GET', `${NOTICE}/detail?id=${id}`)).json().data;
    expect(notice.publishStatus).toBe(0);
    const receipts = await s.db.kysely
      .selectFrom('app_sys_notice2target')
      .select('id')
      .where('notice_id', '=', id)
      .execute();
    expect(receipts).toEqual([]);
  });
});

describe('message centre', () => {
  it('sends to the chosen user and to every holder of the chosen roles', async () => {
    const role = await s.db.kysely
      .selectFrom('blade_role')
      .select('id')
      .where('role_alias', '=', 'resident')
      .execute();
    const res = await post(`${MESSAGES}/submit`, {
      receiverId: residents[0],
      sendRoleIds: role.map((r) => r.id).join(','),
      messageType: 1,
      title: '活动提醒',
      content: '周六有活动',
    });
    expect(res.json().msg, res.body).toBe('新增成功');
    const sent = await s.db.kysely
      .selectFrom('app_message_center')
      .select('receiver_id')
      .where('title', '=', '活动提醒')
      .execute();
    expect(sent.map((m) => String(m.receiver_id)).sort()).toEqual([...residents].sort());
    const edit = await post(`${MESSAGES}/submit`, { id: res.json().data.id, title: '改' });
    expect(edit.statusCode).toBe(403);
  });
});

describe('household record', () => {
  it('passing a move-in request creates the household in the same call', async () => {
    const id = (
      await s.db.kysely
        .insertInto('app_household_record')
        .values({
          id: '900000000000000001',
          tenant_id: '000000',
          app_user_id: residents[1]!,
          apply_type: 1,
          community_id: community,
          building_name: '3',
          unit_name: '2',
          room_no: '301',
          household_type: 1,
          name: '次仁',
          id_card_type: 1,
          id_card: '540102199001011234',
          apply_time: '2026-01-01 10:00:00',
          audit_status: 0,
          apply_source: 1,
          version: 1,
          is_deleted: 0,
          status: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const res = await post(`${RECORD}/auditPass?ids=${id}`, {});
    expect(res.json().msg, res.body).toBe('审核通过');
    const record = (await call(s.app, admin, 'GET', `${RECORD}/detail?id=${id}`)).json().data;
    expect(record.auditStatus).toBe(1);
    const house = (
      await call(s.app, admin, 'GET', `/api/app-household/household/detail?id=${record.householdId}`)
    ).json().data;
    expect(house).toMatchObject({
      name: '次仁',
      roomNo: '301',
      source: 2,
      houseAddress: '测试部门3栋2单元301号',
    });
    const again = await post(`${RECORD}/auditPass?ids=${id}`, {});
    expect(again.json().msg).toBe('「次仁」的申请不是待审核状态');
    const rejected = await post(`${RECORD}/auditReject?ids=${id}`, { auditRemark: '材料不全' });
    expect(rejected.statusCode).toBe(400);
  });
});

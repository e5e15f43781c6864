import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Issue 25, identity without review: a resident's 个人信息 (update-info) changed their real name and phone
// at once — the same change through 资料审核 needs review — and their next complaint was filed under the
// new name. Now a resident's real name, phone and email go through 资料审核 from update-info too (the
// request waits, the account keeps its values until a reviewer passes it); nickname and avatar still
// apply at once. Staff accounts keep BladeX's 个人信息, noted in 操作审计.

let s: TestServer;
let admin: string;
let resident: string;
let residentId: string;
const INFO = '/api/blade-user/update-info';
const LOG = '/api/blade_update_user_log/userUpdateLog';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  residentId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'dawa', menuCodes: [] })).userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2, real_name: '达瓦', phone: '13800000002', name: '达瓦' })
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

describe("a resident's 个人信息", () => {
  it('files real name and phone for review, and the next complaint keeps the reviewed name', async () => {
    const res = await call(s.app, resident, 'POST', INFO, { realName: '张三', phone: '13911110000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('资料修改已提交，等待审核');
    expect(res.json().data.needAudit).toBe(1);
    expect(await account()).toMatchObject({ real_name: '达瓦', phone: '13800000002' });
    const log = (await call(s.app, admin, 'GET', `${LOG}/detail?id=${res.json().data.id}`)).json().data;
    expect(log).toMatchObject({
      appUserId: residentId,
      auditStatus: 0,
      needAudit: 1,
      changedFields: 'realName,phone',
    });
    expect(log.processInstanceId).toBeTruthy();

    const complaint = await call(s.app, resident, 'POST', '/api/app-sys-complain/syscomplain/save', {
      complainType: 1,
      title: '楼道堆物',
      content: '三号楼楼道堆满杂物',
    });
    expect(complaint.statusCode, complaint.body).toBe(200);
    const filed = await s.db.kysely
      .selectFrom('app_sys_complain')
      .selectAll()
      .where('id', '=', complaint.json().data.id)
      .executeTakeFirstOrThrow();
    expect(Object.values(filed)).toContain('达瓦');
    expect(Object.values(filed)).not.toContain('张三');

    // once a reviewer passes it, the account takes the new values
    const passed = await call(s.app, admin, 'POST', `${LOG}/pass?ids=${res.json().data.id}`, {});
    expect(passed.json().msg, passed.body).toBe('审核通过');
    expect(await account()).toMatchObject({ real_name: '张三', phone: '13911110000' });
  });

  it('applies nickname and avatar at once, and files the rest of a mixed change', async () => {
    const cosmetic = await call(s.app, resident, 'POST', INFO, { name: '小达', avatar: '/files/a.png' });
    expect([cosmetic.statusCode, cosmetic.json().msg], cosmetic.body).toEqual([200, '修改成功']);
    expect(await account()).toMatchObject({ name: '小达', avatar: '/files/a.png' });
    const mixed = await call(s.app, resident, 'POST', INFO, { name: '阿达', email: 'dawa@example.cn' });
    expect(mixed.json().msg, mixed.body).toBe('资料修改已提交，等待审核');
    const now = await s.db.kysely
      .selectFrom('blade_user')
      .select(['name', 'email'])
      .where('id', '=', residentId)
      .executeTakeFirstOrThrow();
    expect([now.name, now.email ?? null]).toEqual(['阿达', null]);
    const bad = await call(s.app, resident, 'POST', INFO, { phone: '123' });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a staff member's 个人信息", () => {
  it('changes at once, as BladeX does, and is kept in 操作审计', async () => {
    const staffId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'ganbu', menuCodes: [] }))
      .userId;
    const staff = await login(s.app, { account: 'ganbu', password: 'secret' });
    const res = await call(s.app, staff, 'POST', INFO, { realName: '干部甲', phone: '13922220000' });
    expect([res.statusCode, res.json().msg], res.body).toEqual([200, '修改成功']);
    const me = (await call(s.app, staff, 'GET', '/api/blade-user/info')).json().data;
    expect(me).toMatchObject({ realName: '干部甲', phone: '13922220000' });
    await s.ctx.logs.flush();
    const audit = await s.db.kysely
      .selectFrom('blade_log_audit')
      .select(['action', 'user_id', 'after_data'])
      .where('record_id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect([audit.action, String(audit.user_id)]).toEqual(['update', staffId]);
    expect(String(audit.after_data)).toContain('干部甲');
  });
});

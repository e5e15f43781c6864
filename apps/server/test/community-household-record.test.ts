import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 住户变更记录 (docs/domain-model.md#住户变更记录-householdrecord) on the standard wire: a resident files a certification
// or change request for themself (居民App), the back office enters one for a resident (后台代办); the request
// waits for review, the resident may withdraw it while it waits, and a decided or withdrawn request is
// not changed any more. Every refusal writes nothing.
let s: TestServer;
let admin: string;
let zhuoma: string;
let zhuomaId: string;
let dawa: string;
let dawaId: string;
let community: string;
let foreignUser: string;
let foreignDept: string;
const RECORD = '/api/app-household-record/householdRecord';
const HOUSEHOLD = '/api/app-household/household';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const made = await addTenantWithUser(s.db, { tenantId: '000000', account: 'zhuoma', menuCodes: [] });
  ({ userId: zhuomaId, deptId: community } = made);
  dawaId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'dawa', menuCodes: [] })).userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2 })
    .where('id', 'in', [zhuomaId, dawaId])
    .execute();
  zhuoma = await login(s.app, { account: 'zhuoma', password: 'secret' });
  dawa = await login(s.app, { account: 'dawa', password: 'secret' });
  const foreign = await addTenantWithUser(s.db, { tenantId: '300001', account: 'x', menuCodes: [] });
  ({ userId: foreignUser, deptId: foreignDept } = foreign);
});
afterAll(() => s.close());

const post = (url: string, body: unknown, token = admin) => call(s.app, token, 'POST', url, body);
const detail = async (id: string) =>
  (await call(s.app, admin, 'GET', `${RECORD}/detail?id=${id}`)).json().data;
const records = async () =>
  (await s.db.kysely.selectFrom('app_household_record').select('id').execute()).length;

const moveIn = (extra: Record<string, unknown> = {}) => ({
  applyType: 1,
  communityId: community,
  buildingName: '3',
  unitName: '2',
  roomNo: '301',
  householdType: 1,
  name: '卓玛',
  idCardType: 1,
  idCard: '540102199001011234',
  ...extra,
});

describe('filing a request', () => {
  it("takes a resident's own request (居民App), waiting for review, and refuses one for somebody else", async () => {
    const res = await post(`${RECORD}/submit`, moveIn(), zhuoma);
    expect([res.statusCode, res.json().msg], res.body).toEqual([200, '新增成功']);
    const record = await detail(res.json().data.id);
    expect(record).toMatchObject({ appUserId: zhuomaId, applySource: 1, auditStatus: 0 });
    expect(record.applyTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const before = await records();
    const other = await post(`${RECORD}/submit`, moveIn({ appUserId: dawaId }), zhuoma);
    expect([other.statusCode, other.json().msg]).toEqual([403, '只能提交本人的记录']);
    expect(await records()).toBe(before);
  });

  it('takes the back office’s entry for a resident of the tenant (后台代办), and nothing outside it', async () => {
    const res = await post(`${RECORD}/submit`, moveIn({ appUserId: dawaId, name: '达瓦' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(res.json().data.id)).toMatchObject({
      appUserId: dawaId,
      applySource: 0,
      auditStatus: 0,
    });
    const before = await records();
    const foreign = await post(`${RECORD}/submit`, moveIn({ appUserId: foreignUser }));
    expect([foreign.statusCode, foreign.json().msg]).toEqual([400, '申请人账号不存在或不属于本租户']);
    const elsewhere = await post(`${RECORD}/submit`, moveIn({ appUserId: dawaId, communityId: foreignDept }));
    expect([elsewhere.statusCode, elsewhere.json().msg]).toEqual([400, '申请社区不存在或不属于本租户']);
    const missing = await post(`${RECORD}/submit`, moveIn({ appUserId: dawaId, roomNo: '' }));
    expect([missing.statusCode, missing.json().msg]).toEqual([400, '请输入门牌号']);
    expect(await records()).toBe(before);
  });

  it("records a change request against the resident's own household, and applies it when passed", async () => {
    const first = (await post(`${RECORD}/submit`, moveIn({ roomNo: '502' }), zhuoma)).json().data.id;
    expect((await post(`${RECORD}/auditPass?ids=${first}`, {})).json().msg).toBe('审核通过');
    const householdId = (await detail(first)).householdId as string;
    expect(householdId).toBeTruthy();

    const noHouse = await post(`${RECORD}/submit`, moveIn({ applyType: 2 }), zhuoma);
    expect([noHouse.statusCode, noHouse.json().msg]).toEqual([400, '变更或迁出申请须关联住户']);
    const same = await post(`${RECORD}/submit`, moveIn({ applyType: 2, householdId, roomNo: '502' }), zhuoma);
    expect([same.statusCode, same.json().msg]).toEqual([400, '申请的信息与住户信息相同,没有变更']);
    const notHers = await post(
      `${RECORD}/submit`,
      moveIn({ applyType: 2, householdId, roomNo: '503' }),
      dawa,
    );
    expect([notHers.statusCode, notHers.json().msg]).toEqual([403, '只能为本人的住户信息提交申请']);

    const change = await post(
      `${RECORD}/submit`,
      moveIn({ applyType: 2, householdId, roomNo: '503' }),
      zhuoma,
    );
    expect(change.statusCode, change.body).toBe(200);
    const id = change.json().data.id;
    expect(JSON.parse((await detail(id)).changeContent)).toEqual({
      room_no: { before: '502', after: '503' },
    });
    expect((await post(`${RECORD}/auditPass?ids=${id}`, {})).json().msg).toBe('审核通过');
    const house = (await call(s.app, admin, 'GET', `${HOUSEHOLD}/detail?id=${householdId}`)).json().data;
    expect(house).toMatchObject({ roomNo: '503', houseAddress: '测试部门3栋2单元503号' });
  });
});

describe('changing and withdrawing a request', () => {
  it('lets the resident amend and withdraw their own waiting request, and nobody else', async () => {
    const id = (await post(`${RECORD}/submit`, moveIn({ roomNo: '601' }), zhuoma)).json().data.id;
    const amended = await post(`${RECORD}/submit`, { id, roomNo: '602' }, zhuoma);
    expect(amended.statusCode, amended.body).toBe(200);
    expect(await detail(id)).toMatchObject({ roomNo: '602', applySource: 1, appUserId: zhuomaId });
    const byOther = await post(`${RECORD}/submit`, { id, roomNo: '603' }, dawa);
    expect(byOther.statusCode, byOther.body).toBe(404);

    const otherWithdraws = await post(`${RECORD}/withdraw?ids=${id}`, {}, dawa);
    expect([otherWithdraws.statusCode, otherWithdraws.json().msg]).toEqual([403, '只能操作本人的数据']);
    expect((await detail(id)).auditStatus).toBe(0);
    const withdrawn = await post(`${RECORD}/withdraw?ids=${id}`, {}, zhuoma);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await detail(id)).toMatchObject({ auditStatus: 3, roomNo: '602' });

    const again = await post(`${RECORD}/withdraw?ids=${id}`, {}, zhuoma);
    expect([again.statusCode, again.json().msg]).toEqual([400, '「卓玛」的审核状态为「已撤回」,不能撤回']);
    const rewrite = await post(`${RECORD}/submit`, { id, roomNo: '604' }, zhuoma);
    expect([rewrite.statusCode, rewrite.json().msg]).toEqual([
      400,
      '「卓玛」的审核状态为「已撤回」,不能修改',
    ]);
    expect((await post(`${RECORD}/auditPass?ids=${id}`, {})).json().msg).toBe('「卓玛」的申请不是待审核状态');
    expect((await post(`${RECORD}/auditReject?ids=${id}`, { auditRemark: '不符合' })).statusCode).toBe(400);
    expect(await detail(id)).toMatchObject({ auditStatus: 3, roomNo: '602' });
  });

  it('keeps a decided request as it was decided', async () => {
    const id = (await post(`${RECORD}/submit`, moveIn({ roomNo: '701' }), zhuoma)).json().data.id;
    const rejected = await post(`${RECORD}/auditReject?ids=${id}`, { auditRemark: '材料不全' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const read = await detail(id);
    for (const token of [admin, zhuoma]) {
      const res = await post(`${RECORD}/submit`, { ...read, roomNo: '702' }, token);
      expect([res.statusCode, res.json().msg]).toEqual([400, '「卓玛」的审核状态为「已驳回」,不能修改']);
    }
    const withdraw = await post(`${RECORD}/withdraw?ids=${id}`, {}, zhuoma);
    expect(withdraw.statusCode).toBe(400);
    expect(await detail(id)).toEqual(read);
  });
});

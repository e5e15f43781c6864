import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { defaultDomains } from '../src/domains/index.js';
import { sweepLapses } from '../src/engine/crud/lapses.js';
import { formatDateTime } from '../src/util/datetime.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 共享设施: the stock follows the loans (apply reserves, 确认借出, 确认归还 and 取消 give back), two
// requests for the last unit never both win, and a loan in use past its planned return becomes 逾期未还
// (stored: the list filtered by the state agrees with the label) and its borrower is told once.

let s: TestServer;
let admin: string;
let deptId: string;
let borrower: string;
let manager: string;

const FAC = '/api/app-share-facility/sharefacility';
const LOAN = '/api/app_share_facility2user/sharefacility2user';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  deptId = String(
    (
      await s.db.kysely
        .selectFrom('blade_dept')
        .select('id')
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const codes = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'fmanager',
    menuCodes: codes,
    alias: 'volunteer_manager',
  });
  manager = await login(s.app, { account: 'fmanager', password: 'secret' });
  borrower = nextId();
  await s.db.kysely
    .insertInto('blade_user')
    .values({
      id: borrower,
      tenant_id: '000000',
      user_type: 2,
      account: `b${borrower.slice(-8)}`,
      password: 'x',
      real_name: '次仁',
      phone: '13900000001',
    })
    .execute();
});
afterAll(() => s.close());

async function facility(totalQty: number, needAudit = 0): Promise<string> {
  const res = await call(s.app, admin, 'POST', `${FAC}/submit`, {
    facilityNo: `F${nextId().slice(-8)}`,
    facilityName: '轮椅',
    facilityType: 1,
    communityId: deptId,
    storageAddress: '社区服务中心一楼',
    totalQty,
    maxBorrowDays: 7,
    needAudit,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const stock = async (id: string) => {
  const d = (await call(s.app, admin, 'GET', `${FAC}/detail?id=${id}`)).json().data;
  return { available: d.availableQty, status: d.facilityStatus, total: d.totalQty };
};

/** `yyyy-MM-dd HH:mm:ss`, `days` from now (the loans' planned times stay ahead of the clock). */
const day = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));
const modules = defaultDomains.flatMap((d) => d.resources);

const borrow = (facilityId: string, quantity = 1, planReturnTime = day(5)) =>
  call(s.app, admin, 'POST', `${LOAN}/submit`, {
    facilityId,
    appUserId: borrower,
    quantity,
    planBorrowTime: day(1),
    planReturnTime,
  });

const loan = async (id: string) => (await call(s.app, admin, 'GET', `${LOAN}/detail?id=${id}`)).json().data;

describe('共享设施 stock', () => {
  it('reserves on apply, hands over, and gets the unit back on return', async () => {
    const f = await facility(2);
    expect(await stock(f)).toEqual({ available: 2, status: 0, total: 2 });
    const res = await borrow(f);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    // the snapshot of the borrower's phone goes out masked (personal data)
    expect(await loan(id)).toMatchObject({ borrowStatus: 2, name: '次仁', phone: '139****0001' });
    expect((await stock(f)).available).toBe(1);
    expect((await call(s.app, admin, 'POST', `${LOAN}/lend?ids=${id}`)).statusCode).toBe(200);
    expect((await loan(id)).borrowStatus).toBe(3);
    const back = await call(s.app, admin, 'POST', `${LOAN}/giveBack?ids=${id}&returnCondition=1`);
    expect(back.statusCode, back.body).toBe(200);
    expect(await loan(id)).toMatchObject({ borrowStatus: 4, returnCondition: 1 });
    expect(await stock(f)).toEqual({ available: 2, status: 0, total: 2 });
    // a returned loan is not returned twice
    expect((await call(s.app, admin, 'POST', `${LOAN}/giveBack?ids=${id}`)).statusCode).toBe(400);
  });

  it('marks the facility 已借完 at zero, refuses more, and reopens on cancel', async () => {
    const f = await facility(1, 1);
    const id = (await borrow(f)).json().data.id;
    expect((await loan(id)).borrowStatus).toBe(0); // waits for review
    expect(await stock(f)).toMatchObject({ available: 0, status: 1 });
    const more = await borrow(f);
    expect(more.statusCode).toBe(400);
    expect(more.json().msg).toBe('可借数量不足，当前可借0件');
    expect((await call(s.app, admin, 'POST', `${LOAN}/cancelBorrow?ids=${id}`)).statusCode).toBe(200);
    expect((await loan(id)).borrowStatus).toBe(6);
    expect(await stock(f)).toMatchObject({ available: 1, status: 0 });
  });

  it('lets only one of two simultaneous requests take the last unit', async () => {
    const f = await facility(1);
    const answers = await Promise.all([borrow(f), borrow(f), borrow(f)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(2);
    expect((await stock(f)).available).toBe(0);
  });

  it('keeps the total above what is lent out, and a loss leaves the stock', async () => {
    const f = await facility(3);
    const id = (await borrow(f, 2)).json().data.id;
    const detail = (await call(s.app, admin, 'GET', `${FAC}/detail?id=${f}`)).json().data;
    const shrink = await call(s.app, admin, 'POST', `${FAC}/submit`, { ...detail, totalQty: 1 });
    expect(shrink.json().msg).toBe('总数不能少于已借出的数量');
    await call(s.app, admin, 'POST', `${LOAN}/lend?ids=${id}`);
    const noNote = await call(s.app, admin, 'POST', `${LOAN}/giveBack?ids=${id}&returnCondition=3`);
    expect(noNote.json().msg).toBe('设施损坏或丢失时请填写归还说明');
    const lost = await call(
      s.app,
      admin,
      'POST',
      `${LOAN}/giveBack?ids=${id}&returnCondition=3&returnRemark=${encodeURIComponent('遗失')}`,
    );
    expect(lost.statusCode, lost.body).toBe(200);
    expect(await stock(f)).toMatchObject({ available: 1, total: 1 });
  });

  it('moves a loan in use past its planned return to 逾期未还, filters by it and tells the borrower once', async () => {
    const f = await facility(2);
    const id = (await borrow(f, 1, day(2))).json().data.id;
    expect((await call(s.app, admin, 'POST', `${LOAN}/lend?ids=${id}`)).statusCode).toBe(200);
    const past = day(-1);
    await s.db.kysely
      .updateTable('app_share_facility_user')
      .set({ plan_return_time: past })
      .where('id', '=', id)
      .execute();
    const messages = () =>
      s.db.kysely
        .selectFrom('app_message_center')
        .select(['receiver_id', 'title', 'content', 'receiver_type'])
        .where('biz_type', '=', 'app_share_facility_user')
        .where('biz_id', '=', id)
        .execute();
    const listed = async (state: number) =>
      (await call(s.app, admin, 'GET', `${LOAN}/page?size=500&facilityId=${f}&borrowStatus=${state}`))
        .json()
        .data.records.map((r: { id: string; borrowStatus: number }) => [r.id, r.borrowStatus]);
    // in use until the sweep moves it: the label and the filter agree either way
    expect((await loan(id)).borrowStatus).toBe(3);
    expect(await listed(3)).toEqual([[id, 3]]);
    expect(await sweepLapses(s.ctx, modules)).toBeGreaterThanOrEqual(1);
    expect((await loan(id)).borrowStatus).toBe(5);
    expect(await listed(5)).toEqual([[id, 5]]);
    expect(await listed(3)).toEqual([]);
    const told = await messages();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ receiver_id: borrower, title: '借用设施已逾期', receiver_type: 1 });
    expect(told[0]!.content).toContain('轮椅');
    // a second sweep (or another instance's) moves nothing and tells nobody again
    await sweepLapses(s.ctx, modules);
    expect(await messages()).toHaveLength(1);
    // its planned return moved ahead: in use again; returned from either state
    const detail = await loan(id);
    const extend = await call(s.app, admin, 'POST', `${LOAN}/submit`, { ...detail, planReturnTime: day(3) });
    expect(extend.statusCode, extend.body).toBe(200);
    expect((await loan(id)).borrowStatus).toBe(3);
    await s.db.kysely
      .updateTable('app_share_facility_user')
      .set({ plan_return_time: past })
      .where('id', '=', id)
      .execute();
    await sweepLapses(s.ctx, modules);
    const back = await call(s.app, admin, 'POST', `${LOAN}/giveBack?ids=${id}&returnCondition=1`);
    expect(back.statusCode, back.body).toBe(200);
    expect(await loan(id)).toMatchObject({ borrowStatus: 4 });
    expect((await stock(f)).available).toBe(2);
  });

  it('removes loans still holding units with their units', async () => {
    const f = await facility(2);
    const id = (await borrow(f)).json().data.id;
    expect((await stock(f)).available).toBe(1);
    expect((await call(s.app, admin, 'POST', `${LOAN}/remove?ids=${id}`)).statusCode).toBe(200);
    expect((await stock(f)).available).toBe(2);
  });

  it('goes through 借用审核 (ShareFacilityUse): a pass makes the loan 待领取, a reject gives the unit back', async () => {
    const f = await facility(2, 1);
    const passed = (await borrow(f)).json().data.id;
    const refused = (await borrow(f)).json().data.id;
    expect(await stock(f)).toMatchObject({ available: 0, status: 1 });
    const tasks = (await call(s.app, manager, 'GET', `${LOAN}/auditTasks?size=100`)).json().data.records;
    const taskOf = (id: string) => tasks.find((t: { id: string }) => t.id === id)?.taskId as string;
    expect(taskOf(passed)).toBeDefined();
    const pass = await call(s.app, manager, 'POST', `${FAC}/useDealProcessFlow`, {
      taskId: taskOf(passed),
      pass: true,
      comment: '同意借用',
    });
    expect(pass.statusCode, pass.body).toBe(200);
    expect(await loan(passed)).toMatchObject({ borrowStatus: 2, auditStatus: 1 });
    const reject = await call(s.app, manager, 'POST', `${LOAN}/dealProcessFlow`, {
      taskId: taskOf(refused),
      pass: false,
      comment: '该时段已借出',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await loan(refused)).toMatchObject({ borrowStatus: 1, auditStatus: 2 });
    expect((await stock(f)).available).toBe(1);
  });

  it('goes through 归还审核 (ShareFacilityReturn) after 借用审核: a reject leaves the loan 借用中, a pass returns it', async () => {
    const resident = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'fresident',
      menuCodes: [],
    });
    const token = await login(s.app, { account: 'fresident', password: 'secret' });
    const f = await facility(2, 1);
    const res = await call(s.app, admin, 'POST', `${LOAN}/submit`, {
      facilityId: f,
      appUserId: resident.userId,
      quantity: 1,
      planBorrowTime: day(1),
      planReturnTime: day(5),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const taskIn = async (key?: string) => {
      const q = key ? `&processKey=${key}` : '';
      const page = (await call(s.app, manager, 'GET', `${LOAN}/auditTasks?size=100${q}`)).json().data;
      return page.records.find((t: { id: string }) => t.id === id)?.taskId as string | undefined;
    };
    // the return can't be asked before the loan is in use
    expect((await call(s.app, token, 'POST', `${LOAN}/requestReturn?ids=${id}`)).statusCode).toBe(400);
    const use = await call(s.app, manager, 'POST', `${FAC}/useDealProcessFlow`, {
      taskId: await taskIn(),
      pass: true,
      comment: '同意借用',
    });
    expect(use.statusCode, use.body).toBe(200);
    expect((await call(s.app, admin, 'POST', `${LOAN}/lend?ids=${id}`)).statusCode).toBe(200);
    expect((await stock(f)).available).toBe(1);
    // only the borrower asks
    expect((await call(s.app, admin, 'POST', `${LOAN}/requestReturn?ids=${id}`)).statusCode).toBe(403);
    const ask = await call(s.app, token, 'POST', `${LOAN}/requestReturn?ids=${id}&returnCondition=1`);
    expect(ask.statusCode, ask.body).toBe(200);
    expect(await loan(id)).toMatchObject({ borrowStatus: 3, auditStatus: 0 });
    expect(await taskIn()).toBeUndefined(); // not in the borrowing audit list
    const reject = await call(s.app, manager, 'POST', `${FAC}/returnDealProcessFlow`, {
      taskId: await taskIn('ShareFacilityReturn'),
      pass: false,
      comment: '未见设施',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await loan(id)).toMatchObject({ borrowStatus: 3, auditStatus: 2 });
    expect((await stock(f)).available).toBe(1);
    const again = await call(s.app, token, 'POST', `${LOAN}/requestReturn?ids=${id}&returnCondition=1`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await loan(id)).auditStatus).toBe(0);
    const detail = await call(
      s.app,
      manager,
      'GET',
      `${LOAN}/detailByTaskId?taskId=${await taskIn('ShareFacilityReturn')}`,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    const pass = await call(s.app, manager, 'POST', `${LOAN}/dealProcessFlow`, {
      taskId: await taskIn('ShareFacilityReturn'),
      pass: true,
      comment: '已归还',
    });
    expect(pass.statusCode, pass.body).toBe(200);
    expect(await loan(id)).toMatchObject({ borrowStatus: 4, auditStatus: 1, returnCondition: 1 });
    expect(await stock(f)).toMatchObject({ available: 2, status: 0 });
    expect(await taskIn('ShareFacilityReturn')).toBeUndefined();
  });
  it('takes the units again on 重新提交 of a rejected loan, and refuses it when none are left', async () => {
    const f = await facility(1, 1);
    const taskOf = async (id: string) => {
      const page = (await call(s.app, manager, 'GET', `${LOAN}/auditTasks?size=100`)).json().data;
      return page.records.find((t: { id: string }) => t.id === id)?.taskId as string | undefined;
    };
    const id = (await borrow(f)).json().data.id;
    const reject = await call(s.app, manager, 'POST', `${FAC}/useDealProcessFlow`, {
      taskId: await taskOf(id),
      pass: false,
      comment: '信息不全',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await loan(id)).toMatchObject({ borrowStatus: 1, auditStatus: 2 });
    expect((await stock(f)).available).toBe(1);
    // someone else takes the last unit meanwhile: the resubmission is refused, nothing moves
    const other = (await borrow(f)).json().data.id;
    const refused = await call(s.app, admin, 'POST', `${LOAN}/startProcessFlow`, { id });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().msg).toBe('可借数量不足，当前可借0件');
    expect(await loan(id)).toMatchObject({ borrowStatus: 1, auditStatus: 2 });
    expect(await taskOf(id)).toBeUndefined();
    // the unit comes back: the resubmission takes it and waits for review
    expect((await call(s.app, admin, 'POST', `${LOAN}/cancelBorrow?ids=${other}`)).statusCode).toBe(200);
    const again = await call(s.app, admin, 'POST', `${LOAN}/startProcessFlow`, { id });
    expect(again.statusCode, again.body).toBe(200);
    expect(await loan(id)).toMatchObject({ borrowStatus: 0, auditStatus: 0 });
    expect((await stock(f)).available).toBe(0);
    expect(await taskOf(id)).toBeTruthy();
  });
  it('refuses to start 借用审核 again on an approved loan', async () => {
    const f = await facility(3, 1);
    const taskOf = async (id: string) => {
      const page = (await call(s.app, manager, 'GET', `${LOAN}/auditTasks?size=100`)).json().data;
      return page.records.find((t: { id: string }) => t.id === id)?.taskId as string | undefined;
    };
    const approved = (await borrow(f)).json().data.id;
    const pass = await call(s.app, manager, 'POST', `${FAC}/useDealProcessFlow`, {
      taskId: await taskOf(approved),
      pass: true,
      comment: '同意借用',
    });
    expect(pass.statusCode, pass.body).toBe(200);
    const restart = await call(s.app, admin, 'POST', `${LOAN}/startProcessFlow`, { id: approved });
    expect(restart.statusCode, restart.body).toBe(400);
    expect(restart.json().msg).toBe('该记录已审批通过,不能重新提交审核');
    expect(await taskOf(approved)).toBeUndefined();
    expect(await loan(approved)).toMatchObject({ borrowStatus: 2, auditStatus: 1 });
    expect((await stock(f)).available).toBe(2);
  });
});

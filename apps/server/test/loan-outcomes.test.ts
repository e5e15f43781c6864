import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { formatDateTime } from '../src/util/datetime.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// A waiting loan (借用记录, 借用审核) ended by the approver's reject, by a task sent back to the applicant
// (退回) or by the applicant's withdrawal: each goes through the workflow's one callback and the
// definition's transitions, so each gives the reserved unit back, and a send-back leaves the loan as a
// reject does (已驳回, audit 已驳回), a version further and noted in 操作审计.

let s: TestServer;
let admin: string;
let manager: string;
let deptId: string;
let borrower: string;

const FAC = '/api/app-share-facility/sharefacility';
const LOAN = '/api/app_share_facility2user/sharefacility2user';
const WORK = '/api/blade-flow/work';
const day = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const dept = await s.db.kysely
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', '000000')
    .executeTakeFirstOrThrow();
  deptId = String(dept.id);
  const codes = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'lmanager',
    menuCodes: codes,
    alias: 'volunteer_manager',
  });
  manager = await login(s.app, { account: 'lmanager', password: 'secret' });
  borrower = nextId();
  await s.db.kysely
    .insertInto('blade_user')
    .values({
      id: borrower,
      tenant_id: '000000',
      user_type: 2,
      account: `b${borrower.slice(-8)}`,
      password: 'x',
      real_name: '卓玛',
      phone: '13900000002',
    })
    .execute();
});
afterAll(() => s?.close());

const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A facility of one unit whose loans need 借用审核, and a loan of it waiting for review. */
async function waitingLoan(): Promise<{ facility: string; loan: string; taskId: string }> {
  const facility = String(
    (
      await ok(
        await call(s.app, admin, 'POST', `${FAC}/submit`, {
          facilityNo: `F${nextId().slice(-8)}`,
          facilityName: '轮椅',
          facilityType: 1,
          communityId: deptId,
          storageAddress: '社区服务中心',
          totalQty: 1,
          maxBorrowDays: 7,
          needAudit: 1,
        }),
      )
    ).id,
  );
  const body = {
    facilityId: facility,
    appUserId: borrower,
    quantity: 1,
    planBorrowTime: day(1),
    planReturnTime: day(3),
  };
  const loan = String((await ok(await call(s.app, admin, 'POST', `${LOAN}/submit`, body))).id);
  return { facility, loan, taskId: await taskOf(loan) };
}

const available = async (facility: string) =>
  (await ok(await call(s.app, admin, 'GET', `${FAC}/detail?id=${facility}`))).availableQty;
const stored = (loan: string) =>
  s.db.kysely
    .selectFrom('app_share_facility_user')
    .select(['borrow_status', 'audit_status', 'version'])
    .where('id', '=', loan)
    .executeTakeFirstOrThrow();

/** The loan's waiting task. */
const taskOf = async (loan: string) => {
  const tasks = (await ok(await call(s.app, manager, 'GET', `${LOAN}/auditTasks?size=100`))).records;
  return String(tasks.find((t: { id: string }) => String(t.id) === loan).taskId);
};

const reject = async (w: { taskId: string }) =>
  ok(
    await call(s.app, manager, 'POST', `${LOAN}/dealProcessFlow`, {
      taskId: w.taskId,
      pass: false,
      comment: '该时段已借出',
    }),
  );

/** A task can go back to a step the instance passed: the applicant's, once it was rejected and
 * submitted again (重新提交 takes the unit again). */
async function sendBack(w: { loan: string; taskId: string }) {
  const taskId = await taskOf(w.loan);
  const targets = await ok(await call(s.app, manager, 'GET', `${WORK}/return-targets?taskId=${taskId}`));
  expect(targets.length).toBeGreaterThan(0);
  const body = { taskId, activityId: targets[0].id, comment: '请补充用途' };
  return ok(await call(s.app, manager, 'POST', `${WORK}/return-task`, body));
}

const ends = {
  reject: { end: reject },
  'send back': {
    prepare: async (w: { loan: string; taskId: string }) => {
      await reject(w);
      await ok(await call(s.app, admin, 'POST', `${LOAN}/startProcessFlow`, { id: w.loan }));
    },
    end: sendBack,
  },
  withdraw: {
    end: async (w: { loan: string }) =>
      ok(await call(s.app, admin, 'POST', `${LOAN}/withdrawProcessFlow`, { id: w.loan })),
  },
};

describe('借用审核 ended without a pass', () => {
  it.each([
    ['reject', 1, 2],
    ['send back', 1, 2],
    ['withdraw', 6, 3],
  ] as const)(
    '%s gives the unit back (borrow status %i, audit status %i)',
    async (how, borrowStatus, auditStatus) => {
      const w = await waitingLoan();
      const { prepare, end } = ends[how] as {
        prepare?: (x: typeof w) => Promise<void>;
        end: (x: typeof w) => Promise<unknown>;
      };
      await prepare?.(w);
      expect(await available(w.facility)).toBe(0);
      const before = await stored(w.loan);
      await end(w);
      const after = await stored(w.loan);
      expect(after).toMatchObject({ borrow_status: borrowStatus, audit_status: auditStatus });
      expect(Number(after.version)).toBe(Number(before.version) + 1);
      expect(await available(w.facility)).toBe(1);
    },
  );
});

// The party's approval flows (issue 12): 双报到 (PartyDoubleReport), 党员自评 (PartyAppraiseUser) and
// 纪检举报 (DisciplineReport): submit on save → reject → resubmit → pass, and withdraw; each step moves
// the record's own state in the same transaction.
import {
  disciplineReportResource,
  partyAppraiseUserResource,
  partyDoubleReportResource,
  type ResourceDef,
} from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { addMember, sampleBody } from './samples.js';

let s: TestServer;
let admin: string;
const tokens: Record<string, string> = {};

const codes = (prefix: string) => [prefix, `${prefix}_add`, `${prefix}_edit`, `${prefix}_view`];
const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};

interface Flow {
  def: ResourceDef;
  apply: string[];
  audit: string[];
  state: string;
  /** the record's own state after: submit, reject, resubmit, pass, withdraw before any approval */
  states: [number, number, number, number, number];
  /** what a sample body needs beyond the generic samples before the applicant sends it */
  prepare?: (body: Record<string, unknown>) => Promise<void>;
}
const FLOWS: Flow[] = [
  {
    def: partyDoubleReportResource,
    apply: codes('party_double_report'),
    audit: ['party_double_report_audit', 'party_double_report_audit_audit'],
    state: 'reportStatus',
    // withdrawn while 待确认 → 已驳回 (docs/domain-model.md#双报到管理-partydoublereport)
    states: [0, 2, 0, 1, 2],
  },
  {
    def: partyAppraiseUserResource,
    apply: [...codes('party_appraise_user'), 'party_appraise', 'party_appraise_view'],
    audit: ['party_appraise_audit', 'party_appraise_audit_audit'],
    state: 'userStatus',
    states: [0, 2, 1, 3, 0],
    // a member of its own (once per member and round), not yet graded
    prepare: async (body) => {
      body.partyArchiveId = await addMember(s.app, admin, `党员${Math.random()}`.slice(0, 8));
      delete body.finalLevel; // a graded row is rated already
    },
  },
  {
    def: disciplineReportResource,
    apply: codes('discipline_report'),
    audit: ['discipline_report_reply', 'discipline_report_reply_reply'],
    state: 'handleStatus',
    // withdrawn → 已撤销
    states: [0, 3, 0, 1, 4],
  },
];

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  for (const [i, f] of FLOWS.entries()) {
    for (const [who, alias, menuCodes] of [
      ['applicant', 'tester', f.apply],
      ['secretary', 'secretary', f.audit],
    ] as const) {
      const account = `${who}${i}`;
      await addTenantWithUser(s.db, { tenantId: '000000', account, alias, menuCodes: [...menuCodes] });
      tokens[account] = await login(s.app, { account, password: 'secret' });
    }
  }
}, 120_000);
afterAll(async () => s?.close());

describe.each(FLOWS.map((f, i) => [f.def.name, f, i] as const))('approval of %s', (_name, f, i) => {
  const applicant = () => tokens[`applicant${i}`]!;
  const secretary = () => tokens[`secretary${i}`]!;
  const record = async (id: string) => ok(await call(s.app, admin, 'GET', `${f.def.path}/detail?id=${id}`));
  const apply = async () => {
    const url = `${f.def.path}/${f.def.write === 'save-update' ? 'save' : 'submit'}`;
    const body = await sampleBody(s.app, admin, f.def);
    await f.prepare?.(body);
    return String((await ok(await call(s.app, applicant(), 'POST', url, body))).id);
  };
  const task = async (id: string) =>
    String(
      (
        await s.db.kysely
          .selectFrom('flow_task')
          .select('id')
          .where('process_instance_id', '=', String((await record(id)).processInstanceId))
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const deal = async (id: string, pass: boolean, comment: string) =>
    call(s.app, secretary(), 'POST', `${f.def.path}/dealProcessFlow`, {
      taskId: await task(id),
      pass,
      comment,
    });
  const state = async (id: string) => Number((await record(id))[f.state]);

  it('submit → reject → resubmit → pass', async () => {
    const id = await apply();
    expect([(await record(id)).auditStatus, await state(id)]).toEqual([0, f.states[0]]);
    expect((await deal(id, false, '请补充材料')).statusCode).toBe(200);
    expect([(await record(id)).auditStatus, await state(id)]).toEqual([2, f.states[1]]);
    const again = await call(s.app, applicant(), 'POST', `${f.def.path}/startProcessFlow`, { id });
    expect(again.statusCode, again.body).toBe(200);
    expect([(await record(id)).auditStatus, await state(id)]).toEqual([0, f.states[2]]);
    expect((await deal(id, true, '同意')).statusCode).toBe(200);
    expect([(await record(id)).auditStatus, await state(id)]).toEqual([1, f.states[3]]);
  });

  it('withdraw before any approval moves the record back, with the instance', async () => {
    const id = await apply();
    const instanceId = String((await record(id)).processInstanceId);
    const res = await call(s.app, applicant(), 'POST', `${f.def.path}/withdrawProcessFlow`, { id });
    expect(res.statusCode, res.body).toBe(200);
    expect([(await record(id)).auditStatus, await state(id)]).toEqual([3, f.states[4]]);
    const instance = await s.db.kysely
      .selectFrom('flow_process_instance')
      .select('status')
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(instance.status).toBe('withdrawn');
    // submitted again, it waits for the approvers anew, its own state as on a resubmission
    const again = await call(s.app, applicant(), 'POST', `${f.def.path}/startProcessFlow`, { id });
    expect(again.statusCode, again.body).toBe(200);
    expect([(await record(id)).auditStatus, await state(id)]).toEqual([0, f.states[2]]);
  });

  it("refuses a deal on a task that is not the caller's", async () => {
    const id = await apply();
    const res = await call(s.app, applicant(), 'POST', `${f.def.path}/dealProcessFlow`, {
      taskId: await task(id),
      pass: true,
      comment: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect((await record(id)).auditStatus).toBe(0);
  });
});

import {
  disciplineReportResource,
  partyAppraiseUserResource,
  partyArchiveResource,
  partyDoubleReportResource,
} from '@tongxin/resources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT, seedDemo } from '../src/seed/demo.js';
import { defaultDomains } from '../src/domains/index.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The party domain's demo data: every party screen has rows in both demo tenants, states look real.
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  await seedDemo(s.db, defaultDomains);
  admin = await login(s.app);
});
afterAll(() => s.close());

const TABLES = [
  'app_party_dept',
  'app_party_archive',
  'app_party_duty',
  'app_party_section',
  'app_party_activity',
  'app_party_activity2user',
  'app_party_article',
  'app_party_report',
  'app_party_appraise',
  'app_party_appraise2user',
  'app_party_double_report',
  'app_study_section',
  'app_study_article',
  'app_study_record',
  'app_discipline_section',
  'app_discipline_article',
  'app_discipline_report',
  'app_discipline_report_reply',
];

describe('party demo data', () => {
  it('fills every party table of both demo tenants', async () => {
    for (const tenant of ['000000', DEMO_TENANT])
      for (const table of TABLES) {
        const row = await s.db.kysely
          .selectFrom(table)
          .select(sql<string>`count(*)`.as('n'))
          .where('tenant_id', '=', tenant)
          .executeTakeFirst();
        expect(Number(row?.n), `${tenant} ${table}`).toBeGreaterThan(0);
      }
  });

  it('answers activities in several states with live enrolment counts', async () => {
    const page = (
      await call(s.app, admin, 'GET', '/api/app_party_activity/partyactivity/page?size=100')
    ).json().data;
    const states = new Set(page.records.map((r: { activityStatus: number }) => r.activityStatus));
    expect([...states]).toEqual(expect.arrayContaining([1, 4, 5]));
    expect(page.records.some((r: { enrollNum: number }) => r.enrollNum > 0)).toBe(true);
    const tree = (await call(s.app, admin, 'GET', '/api/app_party_dept/dept/lazy-list?parentId=0')).json()
      .data;
    expect(tree.length).toBeGreaterThan(0);
    // the organisation tree counts the members of each subtree
    expect(
      tree.reduce((n: number, r: { memberCount: number }) => n + r.memberCount, 0),
    ).toBeGreaterThanOrEqual(100);
  });

  it('answers the party overview from the database', async () => {
    const res = await call(s.app, admin, 'GET', '/api/app-party-stats/overview');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.membersByBranch.length).toBeGreaterThan(0);
    expect(data.membersByType.map((p: { name: string }) => p.name)).toContain('正式党员');
    expect(data.appraisalResults.length).toBeGreaterThan(0);
    expect((await call(s.app, undefined, 'GET', '/api/app-party-stats/overview')).statusCode).toBe(401);
  });

  const AUDITED = [
    partyArchiveResource,
    partyDoubleReportResource,
    partyAppraiseUserResource,
    disciplineReportResource,
  ];

  it('leaves work on every audit screen, and rejected records with the comment', async () => {
    const approvers = [
      await login(s.app, { tenantId: DEMO_TENANT }), // the tenant's 管理员 (role admin)
      await login(s.app, { account: 'gesangmeiduo', password: DEMO_PASSWORD }), // a platform secretary
    ];
    for (const token of approvers)
      for (const def of AUDITED) {
        const res = await call(s.app, token, 'GET', `${def.path}/auditTasks?size=100`);
        expect(res.statusCode, `${def.name} ${res.body}`).toBe(200);
        const records = res.json().data.records as { auditStatus: number; taskId: string }[];
        expect(records.length, def.name).toBeGreaterThan(0);
        expect(records.every((r) => r.auditStatus === 0 && r.taskId)).toBe(true);
      }
    for (const tenant of ['000000', DEMO_TENANT])
      for (const def of AUDITED) {
        const rejected = await s.db.kysely
          .selectFrom(def.table)
          .select(['audit_remark', 'process_instance_id'])
          .where('tenant_id', '=', tenant)
          .where('audit_status', '=', 2)
          .execute();
        expect(rejected.length, `${tenant} ${def.name}`).toBeGreaterThan(0);
        expect(rejected.every((r) => r.audit_remark && r.process_instance_id)).toBe(true);
      }
  });

  it('binds report writers to residents’ app accounts, so a review can grant them points', async () => {
    for (const tenant of ['000000', DEMO_TENANT]) {
      const linked = await s.db.kysely
        .selectFrom('app_party_archive as a')
        .innerJoin('blade_user as u', 'u.id', 'a.app_user_id')
        .innerJoin('app_household as h', 'h.id', 'a.household_id')
        .select([
          'a.id',
          'a.name',
          'a.id_card',
          'u.real_name',
          'u.user_type',
          'u.id as user_id',
          'h.app_user_id',
          'h.id_card as card',
        ])
        .where('a.tenant_id', '=', tenant)
        .execute();
      expect(linked.length, tenant).toBeGreaterThanOrEqual(10);
      // one person on both sides: the member is the resident holding the account
      for (const m of linked)
        expect([m.name, m.user_type, String(m.app_user_id), m.id_card]).toEqual([
          m.real_name,
          2,
          String(m.user_id),
          m.card,
        ]);
    }
    // every report waiting for a review can be granted points
    const unbound = await s.db.kysely
      .selectFrom('app_party_report as r')
      .innerJoin('app_party_archive as a', 'a.id', 'r.party_archive_id')
      .select('r.id')
      .where('r.review_status', '=', 0)
      .where('a.app_user_id', 'is', null)
      .execute();
    expect(unbound).toEqual([]);
    const report = await s.db.kysely
      .selectFrom('app_party_report as r')
      .innerJoin('app_party_archive as a', 'a.id', 'r.party_archive_id')
      .select(['r.id', 'r.member_name', 'a.name', 'a.app_user_id'])
      .where('r.tenant_id', '=', DEMO_TENANT)
      .where('r.review_status', '=', 0)
      .where('a.app_user_id', 'is not', null)
      .orderBy('r.id')
      .executeTakeFirstOrThrow();
    expect(report.member_name).toBe(report.name);
    const token = await login(s.app, { tenantId: DEMO_TENANT });
    const res = await call(
      s.app,
      token,
      'POST',
      `/api/app_party_report/partyReport/review?ids=${report.id}`,
      {
        reviewComment: '认真深刻',
        score: 5,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const flow = await s.db.kysely
      .selectFrom('app_score_flow')
      .select(['app_user_id', 'score'])
      .where('source_id', '=', String(report.id))
      .execute();
    expect(flow.map((f) => [String(f.app_user_id), Number(f.score)])).toEqual([
      [String(report.app_user_id), 5],
    ]);
  });

  it('adds nothing when seeded twice', async () => {
    const counts = async () =>
      Promise.all(
        [...TABLES, 'flow_process_instance', 'flow_task', 'flow_comment'].map(async (table) =>
          Number(
            (
              await s.db.kysely
                .selectFrom(table)
                .select(sql<string>`count(*)`.as('n'))
                .executeTakeFirst()
            )?.n,
          ),
        ),
      );
    const before = await counts();
    expect(await seedDemo(s.db, defaultDomains)).toEqual({ created: false });
    expect(await counts()).toEqual(before);
  });
});

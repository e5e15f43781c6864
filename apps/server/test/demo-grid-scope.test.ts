import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDomains } from '../src/domains/index.js';
import { DEMO_PASSWORD, DEMO_TENANT, seedDemo } from '../src/seed/demo.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The demo shows least privilege: its grid workers hold a 本社区 data scope (本部门及以下 from their
// community) on the households, residents, tickets, answer sheets, temples and safety records, so a grid
// worker of one community lists, exports and opens only that community's; the tenant administrator and
// the community secretaries (no rule) still see the whole tenant.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedDemo(s.db, defaultDomains);
});
afterAll(() => s.close());

const deptOf = async (tenantId: string, account: string) =>
  String(
    (
      await s.db.kysely
        .selectFrom('blade_user')
        .select('dept_id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).dept_id,
  );

const page = async (token: string, path: string) => {
  const res = await call(s.app, token, 'GET', `${path}/page?size=500`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; records: Record<string, unknown>[] };
};

const SCOPED = [
  ['/api/app-household/household', 'communityId'],
  ['/api/app-sys-complain/syscomplain', 'communityId'],
  ['/api/app-sys-advice/sysadvice', 'communityId'],
  ['/api/app-sys-report/sysreport', 'communityId'],
] as const;

describe('the demo grid workers', () => {
  it('see their own community only, of the platform tenant and of the demo tenant', async () => {
    for (const [tenantId, account] of [
      ['000000', 'nimaciren'],
      ['000000', 'labaciren'],
      [DEMO_TENANT, 'gesangciren'],
    ] as const) {
      const token = await login(s.app, { tenantId, account, password: DEMO_PASSWORD });
      const community = await deptOf(tenantId, account);
      const admin = await login(s.app, {
        tenantId,
        account: tenantId === DEMO_TENANT ? 'admin' : 'cirenzhuoma',
        password: tenantId === DEMO_TENANT ? 'admin' : DEMO_PASSWORD,
      });
      for (const [path, column] of SCOPED) {
        const mine = await page(token, path);
        const all = await page(admin, path);
        expect(mine.total, `${account} ${path}`).toBeGreaterThan(0);
        expect(mine.total, `${account} ${path}`).toBeLessThan(all.total);
        expect(new Set(mine.records.map((r) => String(r[column])))).toEqual(new Set([community]));
      }
    }
  });

  it('open and change no resident of another community', async () => {
    const token = await login(s.app, { account: 'nimaciren', password: DEMO_PASSWORD });
    const community = await deptOf('000000', 'nimaciren');
    const residents = await s.db.kysely
      .selectFrom('blade_user')
      .select(['id', 'dept_id'])
      .where('tenant_id', '=', '000000')
      .where('user_type', '=', 2)
      .where('is_deleted', '=', 0)
      .execute();
    const own = residents.find((r) => String(r.dept_id) === community)!;
    const other = residents.find((r) => !String(r.dept_id).split(',').includes(community))!;
    const detail = (id: unknown) =>
      call(s.app, token, 'GET', `/api/blade-user/community-detail?id=${String(id)}`);
    expect((await detail(own.id)).statusCode).toBe(200);
    expect((await detail(other.id)).statusCode).toBe(404);
    const households = await page(token, '/api/app-household/household');
    const foreign = await s.db.kysely
      .selectFrom('app_household')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('community_id', '<>', community)
      .executeTakeFirstOrThrow();
    expect(households.records.map((r) => r.id)).not.toContain(String(foreign.id));
    const opened = await call(
      s.app,
      token,
      'GET',
      `/api/app-household/household/detail?id=${String(foreign.id)}`,
    );
    expect(opened.statusCode).toBe(404);
  });

  it('leave the secretaries the whole tenant', async () => {
    const secretary = await login(s.app, { account: 'gesangmeiduo', password: DEMO_PASSWORD });
    const admin = await login(s.app, { account: 'cirenzhuoma', password: DEMO_PASSWORD });
    for (const [path] of SCOPED)
      expect((await page(secretary, path)).total).toBe((await page(admin, path)).total);
  });
});

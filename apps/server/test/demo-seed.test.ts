import { processesOf, resources } from '@tongxin/resources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_TENANT } from '../src/db/database.js';
import { defaultDomains } from '../src/domains/index.js';
import { DEMO_PASSWORD, DEMO_TENANT, idCardOf, seedDemo } from '../src/seed/demo.js';
import { call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';

interface Node {
  code: string;
  children?: Node[];
}
const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);

let s: TestServer;
let first: { created: boolean };
let second: { created: boolean };
let countsAfterFirst: Record<string, number>;

const count = async (table: string, tenantId?: string) => {
  let q = s.db.kysely.selectFrom(table).select(sql<string>`count(*)`.as('n'));
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
};
const TABLES = [
  'blade_tenant',
  'blade_tenant_package',
  'blade_dept',
  'blade_post',
  'blade_role',
  'blade_user',
];
const countAll = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(t)] as const)));

beforeAll(async () => {
  s = await startTestServer(); // migrate + base seed
  first = await seedDemo(s.db, defaultDomains);
  countsAfterFirst = await countAll();
  second = await seedDemo(s.db, defaultDomains);
});
afterAll(() => s.close());

describe('demo seed', () => {
  it('runs once on a fresh database and is a no-op afterwards', async () => {
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(await countAll()).toEqual(countsAfterFirst);
  });

  it('gives the system tools a data source, an enabled log-only SMS configuration and a local store', async () => {
    const source = await s.db.kysely.selectFrom('blade_datasource').select('driver_class').execute();
    expect(source.map((r) => r.driver_class)).toContain('builtin');
    const sms = await s.db.kysely
      .selectFrom('blade_sms')
      .select(['tenant_id', 'status'])
      .where('sms_code', '=', 'demo-log')
      .execute();
    expect(sms.map((r) => r.tenant_id).sort()).toEqual([PLATFORM_TENANT, DEMO_TENANT].sort());
    expect(sms.every((r) => r.status === 2)).toBe(true);
    const oss = await s.db.kysely
      .selectFrom('blade_oss')
      .select('status')
      .where('oss_code', '=', 'local')
      .execute();
    expect(oss).toHaveLength(2);
  });

  it('creates 30+ platform users, each with a dept, a post and a role of the tenant', async () => {
    // staff accounts (the residents' app accounts, userType 2, belong to the community seed)
    const users = await s.db.kysely
      .selectFrom('blade_user')
      .select(['account', 'role_id', 'dept_id', 'post_id', 'phone', 'id_card'])
      .where('tenant_id', '=', PLATFORM_TENANT)
      .where('user_type', '=', 1) // staff; the residents of the domain demo data (app users) hold no role
      .where('is_deleted', '=', 0)
      .where('user_type', '=', 1)
      .execute();
    expect(users.length).toBeGreaterThanOrEqual(31);
    const ids = async (table: string) =>
      new Set(
        (
          await s.db.kysely.selectFrom(table).select('id').where('tenant_id', '=', PLATFORM_TENANT).execute()
        ).map((r) => String(r.id)),
      );
    const [roles, depts, posts] = await Promise.all([
      ids('blade_role'),
      ids('blade_dept'),
      ids('blade_post'),
    ]);
    for (const u of users) {
      for (const [list, known] of [
        [u.role_id, roles],
        [u.dept_id, depts],
        [u.post_id, posts],
      ] as const) {
        const parts = String(list).split(',');
        expect(parts.length, String(u.account)).toBeGreaterThan(0);
        for (const id of parts) expect(known.has(id), `${u.account} → ${id}`).toBe(true);
      }
      if (u.account !== 'admin') {
        expect(String(u.phone)).toMatch(/^1[3-9]\d{9}$/);
        expect(String(u.id_card)).toMatch(/^54010[0-9]{12}[0-9X]$/);
      }
    }
    expect(new Set(users.map((u) => u.phone)).size).toBe(users.length);
  });

  it('gives every demo community residents, content, feedback and questionnaires with consistent counters', async () => {
    for (const tenantId of [PLATFORM_TENANT, DEMO_TENANT]) {
      expect(await count('app_household', tenantId), tenantId).toBeGreaterThan(300);
      expect(await count('app_sys_complain', tenantId)).toBeGreaterThan(0);
      expect(await count('app_questionnaire_user', tenantId)).toBeGreaterThan(0);
    }
    expect(await count('app_household', PLATFORM_TENANT)).toBeGreaterThan(2000);
    const notices = await s.db.kysely
      .selectFrom('app_sys_notice')
      .select(['id', 'total_num', 'read_num'])
      .where('publish_status', '=', 1)
      .execute();
    for (const n of notices) {
      const receipts = await s.db.kysely
        .selectFrom('app_sys_notice2target')
        .select(['read_status'])
        .where('notice_id', '=', n.id)
        .execute();
      expect(receipts.length).toBe(n.total_num);
      expect(receipts.filter((r) => r.read_status === 1).length).toBe(n.read_num);
    }
    const options = await s.db.kysely
      .selectFrom('app_questionnaire_option')
      .select(['id', 'select_num'])
      .execute();
    const lines = await s.db.kysely.selectFrom('app_questionnaire_answer').select('option_ids').execute();
    for (const o of options)
      expect(
        lines.filter((l) =>
          String(l.option_ids ?? '')
            .split(',')
            .includes(String(o.id)),
        ).length,
      ).toBe(o.select_num);
    // the open tickets wait in their process for the reply screens
    const open = await s.db.kysely
      .selectFrom('app_sys_complain')
      .select('process_instance_id')
      .where('handle_status', 'in', [0, 1])
      .execute();
    expect(open.length).toBeGreaterThan(0);
    for (const t of open) expect(t.process_instance_id).toBeTruthy();
  });

  it('builds a county → street → community tree with consistent ancestors', async () => {
    const depts = await s.db.kysely
      .selectFrom('blade_dept')
      .select(['id', 'parent_id', 'ancestors', 'dept_name'])
      .where('tenant_id', '=', PLATFORM_TENANT)
      .execute();
    const byId = new Map(depts.map((d) => [String(d.id), d]));
    for (const d of depts) {
      const parent = byId.get(String(d.parent_id));
      expect(d.ancestors).toBe(parent ? `${parent.ancestors},${parent.id}` : '0');
    }
    const depth = Math.max(...depts.map((d) => String(d.ancestors).split(',').length));
    expect(depth).toBe(3);
    const county = depts.find((d) => d.dept_name === '城关区')!;
    const streets = depts.filter((d) => String(d.parent_id) === String(county.id));
    expect(streets).toHaveLength(3);
    for (const street of streets) {
      const communities = depts.filter((d) => String(d.parent_id) === String(street.id));
      expect(communities.length).toBeGreaterThanOrEqual(2);
      expect(communities.length).toBeLessThanOrEqual(3);
    }
  });

  it('creates the roles with their aliases and the second tenant with its admin and dictionaries', async () => {
    const aliases = (
      await s.db.kysely
        .selectFrom('blade_role')
        .select('role_alias')
        .where('tenant_id', '=', PLATFORM_TENANT)
        .execute()
    ).map((r) => r.role_alias);
    expect(aliases).toEqual(
      expect.arrayContaining([
        'administrator',
        'admin',
        'secretary',
        'grid',
        'volunteer_manager',
        'boss',
        'manager',
      ]),
    );
    const tenant = await s.db.kysely
      .selectFrom('blade_tenant')
      .selectAll()
      .where('tenant_id', '=', DEMO_TENANT)
      .executeTakeFirstOrThrow();
    expect(tenant.tenant_name).toBe('拉萨市城关区八廓街道');
    expect(tenant.package_id).not.toBeNull();
    const admin = await s.db.kysely
      .selectFrom('blade_user')
      .select('role_id')
      .where('tenant_id', '=', DEMO_TENANT)
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const role = await s.db.kysely
      .selectFrom('blade_role')
      .select(['role_alias', 'tenant_id'])
      .where('id', '=', String(admin.role_id))
      .executeTakeFirstOrThrow();
    expect(role).toEqual({ role_alias: 'admin', tenant_id: DEMO_TENANT });
    expect(await count('blade_user', DEMO_TENANT)).toBeGreaterThanOrEqual(3);
    expect(await count('blade_dept', DEMO_TENANT)).toBeGreaterThanOrEqual(2);
    expect(await count('blade_dict_biz', DEMO_TENANT)).toBeGreaterThan(0);
  });

  it('lets demo users log in and see only what their role grants', async () => {
    const grid = await login(s.app, { account: 'nimaciren', password: DEMO_PASSWORD });
    const routes = codes((await call(s.app, grid, 'GET', '/api/blade-system/menu/routes')).json().data);
    expect(routes).toContain('household');
    expect(routes).not.toContain('user');
    expect(routes).not.toContain('tenant');
    const buttons = codes((await call(s.app, grid, 'GET', '/api/blade-system/menu/buttons')).json().data);
    expect(buttons).toContain('household_add');
    expect(buttons).not.toContain('household_delete');

    const secretary = await login(s.app, { account: 'gesangmeiduo', password: DEMO_PASSWORD });
    const secButtons = codes(
      (await call(s.app, secretary, 'GET', '/api/blade-system/menu/buttons')).json().data,
    );
    expect(secButtons).toEqual(expect.arrayContaining(['user_view', 'party_archive_add']));
    expect(secButtons).not.toContain('user_add');

    const tenantAdmin = await login(s.app, { tenantId: DEMO_TENANT, account: 'admin', password: 'admin' });
    const adminRoutes = codes(
      (await call(s.app, tenantAdmin, 'GET', '/api/blade-system/menu/routes')).json().data,
    );
    expect(adminRoutes).toEqual(expect.arrayContaining(['user', 'role', 'dept', 'dictbiz']));
    expect(adminRoutes).not.toContain('tenant');
    expect(adminRoutes).not.toContain('menu');

    const wrong = await tokenRequest(s.app, { account: 'nimaciren', password: 'admin' });
    expect(wrong.json().access_token).toBeUndefined();
  });

  it('leaves work on every audit screen for a demo user of each tenant in its candidate roles', async () => {
    const screens = resources.flatMap((def) =>
      processesOf(def)
        .filter((p) => p.auditScreen)
        .map((p) => ({ def, p })),
    );
    expect(screens.length).toBeGreaterThanOrEqual(6);
    for (const tenantId of [PLATFORM_TENANT, DEMO_TENANT])
      for (const { def, p } of screens) {
        // a demo account of the tenant holding one of the process's candidate roles, the tenant's
        // administrator last: the work must reach the staff in those roles
        const holders = await s.db.kysely
          .selectFrom('blade_user as u')
          .innerJoin('blade_role as r', (j) =>
            j
              .on(sql`r.id::text`, '=', sql`any(string_to_array(u.role_id, ','))`)
              .onRef('r.tenant_id', '=', 'u.tenant_id'),
          )
          .select(['u.account'])
          .where('u.tenant_id', '=', tenantId)
          .where('u.is_deleted', '=', 0)
          .where('u.user_type', '=', 1)
          .where('r.role_alias', 'in', p.groups.split(','))
          .orderBy(sql`u.account = 'admin'`)
          .orderBy('u.account')
          .execute();
        const account = String(holders[0]?.account ?? '');
        expect(account, `${tenantId} ${p.key}: nobody in ${p.groups}`).not.toBe('');
        const token = await login(s.app, {
          tenantId,
          account,
          password: account === 'admin' ? 'admin' : DEMO_PASSWORD,
        });
        const res = await call(s.app, token, 'GET', `${def.path}/auditTasks?size=100&processKey=${p.key}`);
        expect(res.statusCode, `${tenantId} ${p.key} ${account}: ${res.body}`).toBe(200);
        const records = res.json().data.records as { auditStatus: number; taskId: string }[];
        expect(records.length, `${tenantId} ${p.auditScreen} as ${account}`).toBeGreaterThan(0);
        expect(records.every((r) => r.auditStatus === 0 && r.taskId)).toBe(true);
      }
  });

  it('generates resident ids with a valid check digit', () => {
    const id = idCardOf('1985-07-22', 2, 1);
    const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const sum = [...id.slice(0, 17)].reduce((a, c, i) => a + Number(c) * w[i]!, 0);
    expect(id[17]).toBe('10X98765432'[sum % 11]);
    expect(Number(id[16]) % 2).toBe(0); // female
  });
});

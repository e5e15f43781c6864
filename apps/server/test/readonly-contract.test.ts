import { hasStandard, resources } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { defaultDomains } from '../src/domains/index.js';
import { insertDirectRow } from './direct-rows.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The contract of definitions without add (logs, online users, attachments): the server writes their
// rows; the wire lists, pages, filters and shows them to holders of the view code within the tenant, and
// serves no write (removing only where the definition offers it).
let s: TestServer;
let admin: string;
let otherTenant: string;
let noRights: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const allMenus = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  await addTenantWithUser(s.db, { tenantId: '200001', account: 'other', menuCodes: allMenus });
  otherTenant = await login(s.app, { tenantId: '200001', account: 'other', password: 'secret' });
  await addTenantWithUser(s.db, { tenantId: '000000', account: 'nobody', menuCodes: [] });
  noRights = await login(s.app, { account: 'nobody', password: 'secret' });
});
afterAll(() => s.close());

const readOnly = resources.filter((d) => !hasStandard(d, 'add'));

describe.each(readOnly.map((d) => [d.name, d] as const))('%s', (_name, def) => {
  let id: string;

  beforeAll(async () => {
    id = await insertDirectRow(s.db, def);
  });

  it('lists, pages and shows the row', async () => {
    for (const verb of ['list', 'page']) {
      const res = await call(s.app, admin, 'GET', `${def.path}/${verb}?size=500`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.records.map((r: { id: string }) => r.id)).toContain(id);
    }
    const detail = await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.id).toBe(id);
  });

  it('filters by every searched field and a date range, and sorts by its sortable fields', async () => {
    const detail = (await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).json().data;
    for (const f of def.fields.filter((x) => x.search && x.search !== 'range')) {
      const res = await call(
        s.app,
        admin,
        'GET',
        `${def.path}/page?${f.name}_equal=${encodeURIComponent(detail[f.name])}`,
      );
      expect(res.statusCode, `${f.name}: ${res.body}`).toBe(200);
      expect(
        res.json().data.records.map((r: { id: string }) => r.id),
        f.name,
      ).toContain(id);
    }
    for (const f of def.fields.filter((x) => x.search === 'range')) {
      const day = String(detail[f.name]).slice(0, 10);
      const inside = await call(
        s.app,
        admin,
        'GET',
        `${def.path}/page?${f.name}_datege=${day} 00:00:00&${f.name}_datele=${day} 23:59:59`,
      );
      expect(
        inside.json().data.records.map((r: { id: string }) => r.id),
        f.name,
      ).toContain(id);
      const before = await call(s.app, admin, 'GET', `${def.path}/page?${f.name}_datelt=2000-01-01 00:00:00`);
      expect(
        before.json().data.records.map((r: { id: string }) => r.id),
        f.name,
      ).not.toContain(id);
    }
    for (const f of def.fields.filter((x) => x.sortable))
      for (const dir of ['ascs', 'descs'])
        expect((await call(s.app, admin, 'GET', `${def.path}/page?${dir}=${f.name}`)).statusCode).toBe(200);
    expect((await call(s.app, admin, 'GET', `${def.path}/page?notAField=1`)).statusCode).toBe(400);
  });

  // a domain may serve a verb of the same name (a resident's own ticket: `save`), which refuses an id
  const domainVerbs = Object.keys(
    defaultDomains.flatMap((d) => d.resources).find((m) => m.def.name === def.name)?.verbs ?? {},
  );
  it('serves no write, remove or import of the engine', async () => {
    const verbs = ['submit', 'save', 'update', 'import'];
    if (!hasStandard(def, 'delete')) verbs.push(`remove?ids=${id}`);
    for (const verb of verbs) {
      const res = await call(s.app, admin, 'POST', `${def.path}/${verb}`, { id });
      if (domainVerbs.includes(verb))
        expect([400, 403, 404], `${verb}: ${res.body}`).toContain(res.statusCode);
      else expect(res.statusCode, verb).toBe(404);
    }
    expect((await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).json().data.version ?? 1).toBe(1);
    expect((await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).statusCode).toBe(200);
  });

  it('denies reads without the view code and hides the row from another tenant', async () => {
    expect((await call(s.app, noRights, 'GET', `${def.path}/list`)).statusCode).toBe(403);
    expect((await call(s.app, noRights, 'GET', `${def.path}/detail?id=${id}`)).statusCode).toBe(403);
    expect((await call(s.app, otherTenant, 'GET', `${def.path}/detail?id=${id}`)).statusCode).toBe(404);
    const page = (await call(s.app, otherTenant, 'GET', `${def.path}/page?size=500`)).json().data;
    expect(page.records.map((r: { id: string }) => r.id)).not.toContain(id);
  });
});

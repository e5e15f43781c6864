import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { columnOf, screensOf, type ResourceDef } from '@tongxin/resources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareTable } from '../src/engine/schema/compare.js';
import { inspectTable } from '../src/engine/schema/inspect.js';
import { seedMenus } from '../src/seed/data/menus.js';
import { placeScreens } from '../src/seed/data/screen-menus.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 数据源管理, 数据模型 and 代码生成: introspect PostgreSQL (here the server's own database), generate this
// project's definition and its line in the domain's list; a generated definition agrees with its table and
// carries its menu.
let s: TestServer;
let admin: string;
let builtin: string;

beforeAll(async () => {
  // the unreachable source below is the closed port 1 of this machine, which the platform allows
  // (test/outbound-policy.test.ts refuses internal addresses without it)
  s = await startTestServer({ outboundAllowHosts: ['127.0.0.1:1'] });
  admin = await login(s.app);
  builtin = await create('/api/blade-develop/datasource/submit', { name: '本库', driverClass: 'builtin' });
});
afterAll(() => s.close());

async function create(url: string, body: Record<string, unknown>): Promise<string> {
  const res = await call(s.app, admin, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
const model = (table: string, code?: string) =>
  create('/api/blade-develop/model/submit', {
    datasourceId: builtin,
    modelName: table,
    modelTable: table,
    modelCode: code,
  });
const code = (modelId: string, extra: Record<string, unknown> = {}) =>
  create('/api/blade-develop/code/submit', {
    codeName: '便民电话副本',
    modelId,
    serviceName: 'community',
    apiPath: '/api/app-contact-copy/contactcopy',
    webPath: '/community/contactcopy',
    menuCode: 'contact_copy',
    ...extra,
  });

describe('develop tools', () => {
  it('stores a data source password sealed and never sends it back', async () => {
    const id = await create('/api/blade-develop/datasource/submit', {
      name: '外部库',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:1/none?a=1&amp;b=2',
      username: 'u',
      password: 'p@ss',
    });
    const detail = (await call(s.app, admin, 'GET', `/api/blade-develop/datasource/detail?id=${id}`)).json()
      .data;
    expect(detail).not.toHaveProperty('password');
    expect(detail.url).toBe('jdbc:postgresql://127.0.0.1:1/none?a=1&b=2');
    const row = await s.db.kysely
      .selectFrom('blade_datasource')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(String(row?.password)).toMatch(/^enc:/);
    // unreachable: a clear message
    const tables = await call(s.app, admin, 'GET', `/api/blade-develop/model/table-list?datasourceId=${id}`);
    expect(tables.statusCode).toBe(400);
    expect(tables.json().msg).toMatch(/^数据源连接失败: /);
  });

  it('lists tables and columns of a data source', async () => {
    const tables = (
      await call(s.app, admin, 'GET', `/api/blade-develop/model/table-list?datasourceId=${builtin}`)
    ).json().data;
    expect(tables.map((t: { name: string }) => t.name)).toContain('app_contact_phone');
    const info = (
      await call(
        s.app,
        admin,
        'GET',
        `/api/blade-develop/model/table-info?datasourceId=${builtin}&tableName=app_contact_phone`,
      )
    ).json().data;
    expect(info.columns.find((c: { name: string }) => c.name === 'id').primaryKey).toBe(true);
    const modelId = await model('app_contact_phone');
    const proto = (
      await call(s.app, admin, 'GET', `/api/blade-develop/model/model-prototype?modelId=${modelId}`)
    ).json().data;
    expect(proto.map((c: { name: string }) => c.name)).toContain('tenant_id');
  });

  it('generates one definition that agrees with its table and carries its menu, and its list line', async () => {
    const id = await code(await model('app_contact_phone', 'contactCopy'));
    const res = await call(s.app, admin, 'GET', `/api/blade-develop/code/preview?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().data as { path: string; content: string }[];
    expect(files.map((f) => f.path)).toEqual([
      'packages/resources/src/community/contactCopy.ts',
      'packages/resources/src/community/index.ts.snippet',
    ]);
    expect(files[1]!.content).toContain('  contactCopyResource,');
    // the generated file compiles as a definition of the resources package and matches the live table
    const file = path.resolve(
      import.meta.dirname,
      '../../../packages/resources/src/community/zz-generated-sample.ts',
    );
    writeFileSync(file, files[0]!.content);
    try {
      const mod = (await import(file)) as Record<string, ResourceDef>;
      const def = mod.contactCopyResource!;
      expect(def).toMatchObject({
        name: 'contactCopy',
        table: 'app_contact_phone',
        tenant: true,
        audit: true,
        softDelete: true,
      });
      expect(compareTable(def, await inspectTable(s.db.kysely, def.table))).toEqual([]);
      // its menu: the screen and its four buttons, after the community remote's groups
      const [screen] = screensOf(def);
      expect(screen).toMatchObject({
        code: 'contact_copy',
        path: '/community/contactcopy',
        parent: 'community',
      });
      expect(screen!.label.zh).toBe('便民电话副本');
      expect(screen!.buttons.map((b) => b.alias)).toEqual(['add', 'edit', 'delete', 'view']);
      const community = seedMenus.find((m) => m.code === 'community')!;
      const menu = {
        code: screen!.code,
        name: screen!.label.zh,
        nameEn: screen!.label.en,
        path: screen!.path,
        sort: 0,
        category: 1 as const,
      };
      const placed = placeScreens(community, [{ parent: screen!.parent, menu }]);
      expect(placed.children!.at(-1)!.code).toBe('contact_copy');
      const live = await inspectTable(s.db.kysely, def.table);
      for (const f of def.fields.filter((x) => !x.group))
        expect(live.columns.has(columnOf(f)), f.name).toBe(true);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('refuses a table without a primary key, and downloads the artefacts of several rows as a zip', async () => {
    await sql`CREATE TABLE tx_no_pk (title varchar(20))`.execute(s.db.kysely);
    const bad = await code(await model('tx_no_pk'), { codeName: '无主键' });
    const refused = await call(s.app, admin, 'GET', `/api/blade-develop/code/preview?id=${bad}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('数据表「tx_no_pk」没有主键,不能生成代码');
    const one = await code(await model('app_contact_phone', 'contactZip'));
    const zip = await call(s.app, admin, 'POST', `/api/blade-develop/code/gen-code?ids=${one}&system=saber3`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(zip.rawPayload.toString('latin1')).toContain('packages/resources/src/community/contactZip.ts');
  });

  it('copies a row with the name suffix -copy', async () => {
    const id = await code(await model('app_contact_phone', 'contactC'), { codeName: '复制源' });
    const res = await call(s.app, admin, 'POST', `/api/blade-develop/code/copy?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const copy = (
      await call(s.app, admin, 'GET', `/api/blade-develop/code/detail?id=${res.json().data.id}`)
    ).json().data;
    expect(copy.codeName).toBe('复制源-copy');
  });
});

describe('model prototypes', () => {
  it('saves a model’s columns in one call, all or nothing, and lists them in order', async () => {
    const modelId = await model('app_contact_phone', 'contactProto');
    const url = '/api/blade-develop/model-prototype/submit-list';
    const ok = await call(s.app, admin, 'POST', url, [
      { modelId, jdbcName: 'phone', comment: '电话', sort: 2 },
      { modelId, jdbcName: 'name', comment: '名称', sort: 1 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const list = (
      await call(s.app, admin, 'GET', `/api/blade-develop/model-prototype/list?modelId=${modelId}&ascs=sort`)
    ).json().data.records;
    expect(list.map((r: { jdbcName: string }) => r.jdbcName)).toEqual(['name', 'phone']);
    const bad = await call(s.app, admin, 'POST', url, [
      { modelId, jdbcName: 'other' },
      { modelId, comment: '无列名' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('请输入物理列名');
    const after = (
      await call(s.app, admin, 'GET', `/api/blade-develop/model-prototype/list?modelId=${modelId}`)
    ).json().data.records;
    expect(after).toHaveLength(2);
  });
});

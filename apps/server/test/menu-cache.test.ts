import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type KvStore, MemoryStore, RedisStore } from '../src/util/kv-store.js';
import { CLEAR_CACHE_PER_MINUTE } from '../src/auth/clear-cache.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The session's menu routes and buttons are built once per (tenant, roles, top menu) and kept, keyed on
// a version in the shared KV store. Two server instances share the database and the store (Redis when
// REDIS_URL is set, else one memory store): B keeps answers, A makes every kind of change through the
// API, and B's very next answer shows it. A change made behind the API's back (straight into the
// database) is not seen until something replaces the version: the answers really are kept.

interface Node {
  id: string;
  code: string;
  name: string;
  category: number;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

const prefix = `tongxin-test-menus-${randomBytes(4).toString('hex')}:`;
const redisUrl = process.env.REDIS_URL;
const shared = new MemoryStore();
const storeFor = (): KvStore => (redisUrl ? new RedisStore(redisUrl, prefix) : shared);

let s: TestServer;
let b: FastifyInstance;
let admin: string;
let clerk: string;
let clerkRoleId: string;
let menuId: Map<string, string>;

const codesOf = async (app: FastifyInstance, token: string, query = '') =>
  flatten((await call(app, token, 'GET', `/api/blade-system/menu/routes${query}`)).json().data).map(
    (n) => n.code,
  );
const buttonCodesOf = async (app: FastifyInstance, token: string) =>
  flatten((await call(app, token, 'GET', '/api/blade-system/menu/buttons')).json().data)
    .filter((n) => n.category === 2)
    .map((n) => n.code)
    .sort();

beforeAll(async () => {
  s = await startTestServer({}, storeFor());
  ({ app: b } = await buildApp({ config: s.config, db: s.db, store: storeFor(), logger: false }));
  await b.ready();
  admin = await login(s.app);
  ({ roleId: clerkRoleId } = await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'clerk',
    menuCodes: ['param', 'param_view', 'param_add', 'household'],
  }));
  clerk = await login(s.app, { account: 'clerk', password: 'secret' });
  const menus = await s.db.kysely.selectFrom('blade_menu').select(['id', 'code']).execute();
  menuId = new Map(menus.map((m) => [String(m.code), String(m.id)]));
});
afterAll(async () => {
  await b.close();
  await s.close();
});

describe('cached menu answers', () => {
  it('are the answer itself, as JSON in the envelope', async () => {
    const first = await call(b, clerk, 'GET', '/api/blade-system/menu/routes');
    const second = await call(b, clerk, 'GET', '/api/blade-system/menu/routes');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(first.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(flatten(first.json().data).map((n) => n.code)).toEqual(
      expect.arrayContaining(['system', 'param', 'household']),
    );
    expect((await call(b, clerk, 'GET', '/api/blade-system/menu/routes?topMenuId=x')).statusCode).toBe(400);
  });

  it('are kept until the version changes, on every instance', async () => {
    expect(await codesOf(b, clerk)).toContain('household');
    // Behind the API's back: nothing replaces the version, B keeps its answer.
    await s.db.kysely
      .deleteFrom('blade_role_menu')
      .where('role_id', '=', clerkRoleId)
      .where('menu_id', '=', menuId.get('household')!)
      .execute();
    expect(await codesOf(b, clerk)).toContain('household');
    // A plain user's 清除缓存 flushes nothing shared: B keeps its answer.
    expect((await call(s.app, clerk, 'GET', '/api/blade-auth/oauth/clear-cache')).statusCode).toBe(200);
    expect(await codesOf(b, clerk)).toContain('household');
    // The administrator's 清除缓存 on A replaces the shared version: B reads the grants afresh.
    expect((await call(s.app, admin, 'GET', '/api/blade-auth/oauth/clear-cache')).statusCode).toBe(200);
    expect(await codesOf(b, clerk)).not.toContain('household');
  });

  it('follow a role grant made on the other instance', async () => {
    expect(await buttonCodesOf(b, clerk)).toEqual(['param_add', 'param_view']);
    const grant = await call(s.app, admin, 'POST', '/api/blade-system/role/grant', {
      roleIds: [clerkRoleId],
      menuIds: [menuId.get('param'), menuId.get('param_view'), menuId.get('household')],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(await buttonCodesOf(b, clerk)).toEqual(['param_view']);
    expect(await codesOf(b, clerk)).toContain('household');
  });

  it('follow a menu edit made on the other instance', async () => {
    expect(await codesOf(b, admin)).toContain('param');
    const detail = (
      await call(s.app, admin, 'GET', `/api/blade-system/menu/detail?id=${menuId.get('param')}`)
    ).json().data;
    const edit = await call(s.app, admin, 'POST', '/api/blade-system/menu/submit', {
      ...detail,
      name: '参数管理(改)',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const routes = flatten((await call(b, admin, 'GET', '/api/blade-system/menu/routes')).json().data);
    expect(routes.find((n) => n.code === 'param')?.name).toBe('参数管理(改)');
  });

  it('follow a top-menu setting made on the other instance', async () => {
    const top = await call(s.app, admin, 'POST', '/api/blade-system/topmenu/submit', {
      code: 'cache_top',
      name: '缓存顶部菜单',
      sort: 1,
    });
    expect(top.statusCode, top.body).toBe(200);
    const topId = String(top.json().data.id);
    const setting = (menus: string[]) =>
      call(s.app, admin, 'POST', '/api/blade-system/topmenu/grant', {
        topMenuIds: [topId],
        menuIds: menus.map((c) => menuId.get(c)),
      });
    expect((await setting(['param'])).statusCode).toBe(200);
    const before = await codesOf(b, admin, `?topMenuId=${topId}`);
    expect(before).toContain('param');
    expect(before).not.toContain('household');
    expect((await setting(['household'])).statusCode).toBe(200);
    const after = await codesOf(b, admin, `?topMenuId=${topId}`);
    expect(after).toContain('household');
    expect(after).not.toContain('param');
  });

  it('follow a tenant package set, and edited, on the other instance', async () => {
    const t = await call(s.app, admin, 'POST', '/api/blade-system/tenant/submit', {
      tenantName: '缓存街道',
      linkman: '卓玛',
    });
    expect(t.statusCode, t.body).toBe(200);
    const tenantId = (
      await call(s.app, admin, 'GET', `/api/blade-system/tenant/detail?id=${t.json().data.id}`)
    ).json().data.tenantId as string;
    const tenantAdmin = await login(s.app, { tenantId, account: 'admin', password: 'admin' });
    const before = await codesOf(b, tenantAdmin);
    expect(before).toEqual(expect.arrayContaining(['user', 'role']));
    expect(before).not.toContain('post');

    const pkg = await call(s.app, admin, 'POST', '/api/blade-system/tenant-package/submit', {
      packageName: '仅岗位',
      menuId: menuId.get('post'),
    });
    expect(pkg.statusCode, pkg.body).toBe(200);
    const pkgId = String(pkg.json().data.id);
    const setting = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-system/tenant/package-setting?tenantId=${tenantId}&packageId=${pkgId}`,
    );
    expect(setting.statusCode, setting.body).toBe(200);
    // The package's menus are granted to the tenant's admin role; everything outside it stops counting.
    const limited = await codesOf(b, tenantAdmin);
    expect(limited).toContain('post');
    expect(limited).not.toContain('user');
    expect(limited).not.toContain('role');

    // Editing the package itself (the generic submit) also reaches the other instance.
    const pkgDetail = (
      await call(s.app, admin, 'GET', `/api/blade-system/tenant-package/detail?id=${pkgId}`)
    ).json().data;
    const edit = await call(s.app, admin, 'POST', '/api/blade-system/tenant-package/submit', {
      ...pkgDetail,
      menuId: `${menuId.get('post')},${menuId.get('user')}`,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await codesOf(b, tenantAdmin)).toEqual(expect.arrayContaining(['post', 'user']));
  });
});

describe('清除缓存', () => {
  const clearCache = (token: string) => call(s.app, token, 'GET', '/api/blade-auth/oauth/clear-cache');

  it("of anyone but the platform administrator leaves the shared version, a tenant's administrator too", async () => {
    await addTenantWithUser(s.db, {
      tenantId: '100001',
      account: 'boss',
      menuCodes: ['param'],
      alias: 'admin',
    });
    const boss = await login(s.app, { tenantId: '100001', account: 'boss', password: 'secret' });
    const before = await s.ctx.grantsVersion.current();
    for (const token of [clerk, boss])
      expect((await clearCache(token)).json()).toMatchObject({ success: true });
    expect(await s.ctx.grantsVersion.current()).toBe(before);
    expect((await clearCache(admin)).statusCode).toBe(200);
    expect(await s.ctx.grantsVersion.current()).not.toBe(before);
  });

  it("of a plain user reads that user's own grants afresh on this instance", async () => {
    const { roleId } = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'reader',
      menuCodes: ['param_view'],
    });
    const reader = await login(s.app, { account: 'reader', password: 'secret' });
    const list = async () => (await call(s.app, reader, 'GET', '/api/blade-system/param/list')).statusCode;
    expect(await list()).toBe(200);
    await s.db.kysely.deleteFrom('blade_role_menu').where('role_id', '=', roleId).execute();
    expect(await list()).toBe(200); // the grants are cached
    expect((await clearCache(reader)).statusCode).toBe(200);
    expect(await list()).toBe(403);
  });

  it('is limited per user, on every instance together', async () => {
    await addTenantWithUser(s.db, { tenantId: '000000', account: 'eager', menuCodes: [] });
    const eager = await login(s.app, { account: 'eager', password: 'secret' });
    for (let i = 0; i < CLEAR_CACHE_PER_MINUTE; i++)
      expect(
        (await call(i % 2 ? b : s.app, eager, 'GET', '/api/blade-auth/oauth/clear-cache')).statusCode,
      ).toBe(200);
    const refused = await call(b, eager, 'GET', '/api/blade-auth/oauth/clear-cache');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, msg: '清除缓存过于频繁,请稍后再试' });
    // another user is not held back
    expect((await clearCache(admin)).statusCode).toBe(200);
  });
});

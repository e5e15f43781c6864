import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenus } from '../src/seed/data/menus.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

interface Node {
  id: string;
  code: string;
  path: string;
  remote: string;
  remoteEntry: string;
  category: number;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const countSeed = (cat: number, menus = seedMenus): number =>
  menus.reduce((n, m) => n + (m.category === cat ? 1 : 0) + countSeed(cat, m.children ?? []), 0);

let s: TestServer;
let admin: string;
let clerk: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'clerk',
    menuCodes: ['param', 'param_view', 'param_add', 'household'],
  });
  clerk = await login(s.app, { account: 'clerk', password: 'secret' });
});
afterAll(() => s.close());

describe('menu routes and buttons', () => {
  it('gives the administrator every menu of the four remotes, each naming its remote entry', async () => {
    const routes = flatten((await call(s.app, admin, 'GET', '/api/blade-system/menu/routes')).json().data);
    expect(routes).toHaveLength(countSeed(1));
    expect(routes.every((r) => r.category === 1)).toBe(true);
    expect(new Set(routes.map((r) => r.remote))).toEqual(
      new Set(['system', 'party', 'community', 'workflow']),
    );
    // the entry is kept once per remote, on its root menu; the menus below only name the remote
    expect(routes.find((r) => r.code === 'system')!.remoteEntry).toBe('/remotes/system/mf-manifest.json');
    const param = routes.find((r) => r.code === 'param')!;
    expect(param).toMatchObject({ remote: 'system', remoteEntry: '' });
    for (const path of [
      '/dict-horizontal/index',
      '/dict-vertical/index',
      '/party/partyarchiveaudit',
      '/sys/syscomplainreply',
      '/statistics/comprehensive',
    ]) {
      expect(
        routes.map((r) => r.path),
        path,
      ).toContain(path);
    }
  });

  it('gives the administrator every button; button nodes have no children property', async () => {
    const tree: Node[] = (await call(s.app, admin, 'GET', '/api/blade-system/menu/buttons')).json().data;
    const buttons = flatten(tree).filter((n) => n.category === 2);
    expect(buttons).toHaveLength(countSeed(2));
    for (const b of buttons) expect(b).not.toHaveProperty('children');
    expect(buttons.map((b) => b.code)).toContain('param_add');
  });

  it('gives a restricted role only its grants plus their ancestors', async () => {
    const routes = flatten((await call(s.app, clerk, 'GET', '/api/blade-system/menu/routes')).json().data);
    const codes = routes.map((r) => r.code);
    expect(codes).toContain('param');
    expect(codes).toContain('household');
    expect(codes).toContain('system'); // ancestor pulled in
    expect(codes).not.toContain('user');
    expect(codes.length).toBeLessThan(10);
    const buttons = flatten((await call(s.app, clerk, 'GET', '/api/blade-system/menu/buttons')).json().data)
      .filter((n) => n.category === 2)
      .map((n) => n.code)
      .sort();
    expect(buttons).toEqual(['param_add', 'param_view']);
  });

  it('enforces button permissions: 403 without the code, denied by default', async () => {
    expect((await call(s.app, clerk, 'GET', '/api/blade-system/param/list')).statusCode).toBe(200);
    const del = await call(s.app, clerk, 'POST', '/api/blade-system/param/remove?ids=1234567890');
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject({ code: 403, success: false });
    expect((await call(s.app, clerk, 'GET', '/api/blade-system/menu/list')).statusCode).toBe(403);
    const add = await call(s.app, clerk, 'POST', '/api/blade-system/param/submit', {
      paramName: 'n',
      paramKey: 'clerk.key',
      paramValue: 'v',
    });
    expect(add.json().msg).toBe('新增成功');
    const edit = await call(s.app, clerk, 'POST', '/api/blade-system/param/submit', {
      id: add.json().data.id,
      paramName: 'n2',
    });
    expect(edit.statusCode).toBe(403);
  });

  it('filters routes by top menu', async () => {
    const all = flatten((await call(s.app, admin, 'GET', '/api/blade-system/menu/routes')).json().data);
    const param = all.find((r) => r.code === 'param')!;
    const topId = '900000000000000001';
    await s.db.kysely
      .insertInto('blade_top_menu')
      .values({ id: topId, tenant_id: '000000', code: 'sys', name: '系统', sort: 1 })
      .execute();
    await s.db.kysely
      .insertInto('blade_top_menu_setting')
      .values({ id: '900000000000000002', tenant_id: '000000', top_menu_id: topId, menu_id: param.id })
      .execute();
    const top = (await call(s.app, admin, 'GET', '/api/blade-system/menu/top-menu')).json().data;
    expect(top.map((t: { code: string }) => t.code)).toEqual(['sys']);
    const filtered = flatten(
      (await call(s.app, admin, 'GET', `/api/blade-system/menu/routes?topMenuId=${topId}`)).json().data,
    );
    expect(filtered.map((r) => r.code)).toEqual(expect.arrayContaining(['system', 'param']));
    expect(filtered.length).toBeLessThan(5);
    const keys = (
      await call(s.app, admin, 'GET', `/api/blade-system/menu/top-tree-keys?topMenuIds=${topId}`)
    ).json().data;
    expect(keys.menu).toEqual([param.id]);
  });
});

describe('menu administration', () => {
  it('lists lazily with hasChildren, shows detail names, and keeps codes unique', async () => {
    const top = (await call(s.app, admin, 'GET', '/api/blade-system/menu/lazy-menu-list?parentId=0')).json()
      .data;
    expect(top.map((m: Node) => m.code).sort()).toEqual(['community', 'party', 'system', 'workflow']);
    expect(top.every((m: { hasChildren: boolean }) => m.hasChildren)).toBe(true);
    const sys = top.find((m: Node) => m.code === 'system');
    const detail = (await call(s.app, admin, 'GET', `/api/blade-system/menu/detail?id=${sys.id}`)).json()
      .data;
    expect(detail).toMatchObject({ parentName: '顶级', categoryName: '菜单', isOpenName: '否' });
    const dup = await call(s.app, admin, 'POST', '/api/blade-system/menu/submit', {
      name: 'x',
      code: 'param',
      parentId: sys.id,
    });
    expect(dup.json().msg).toBe('菜单编号已存在');
    expect((await call(s.app, admin, 'GET', '/api/blade-system/menu/list?secret=1')).statusCode).toBe(400);
    const found = (await call(s.app, admin, 'GET', '/api/blade-system/menu/list?name=参数')).json().data;
    expect(flatten(found).some((m) => m.code === 'param')).toBe(true);
  });

  it('registers a new remote from a menu entry and serves it in routes at once', async () => {
    const sys = (await call(s.app, admin, 'GET', '/api/blade-system/menu/lazy-menu-list?parentId=0'))
      .json()
      .data.find((m: Node) => m.code === 'system');
    const add = await call(s.app, admin, 'POST', '/api/blade-system/menu/submit', {
      parentId: sys.id,
      code: 'reports_x',
      name: '报表中心',
      path: '/reports/index',
      category: 1,
      sort: 99,
      remote: 'reports',
      remoteEntry: 'http://127.0.0.1:9999/mf-manifest.json',
    });
    expect(add.json().msg).toBe('新增成功');
    const routes = flatten((await call(s.app, admin, 'GET', '/api/blade-system/menu/routes')).json().data);
    // Not granted to the administrator yet: grants are explicit.
    expect(routes.find((r) => r.code === 'reports_x')).toBeUndefined();
    const list = flatten(
      (await call(s.app, admin, 'GET', '/api/blade-system/menu/list?code=reports_x')).json().data,
    );
    expect(list[0]).toMatchObject({
      remote: 'reports',
      remoteEntry: 'http://127.0.0.1:9999/mf-manifest.json',
    });
    const bad = await call(s.app, admin, 'POST', '/api/blade-system/menu/submit', {
      code: 'r2',
      name: 'r2',
      remoteEntry: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const withChild = await call(s.app, admin, 'POST', `/api/blade-system/menu/remove?ids=${sys.id}`);
    expect(withChild.json().msg).toBe('请先删除子节点!');
  });

  it('hangs data and API scopes under their menus in the grant tree', async () => {
    const post = flatten(
      (await call(s.app, admin, 'GET', '/api/blade-system/menu/list?code=post')).json().data,
    ).find((m) => m.code === 'post')!;
    const add = await call(s.app, admin, 'POST', '/api/blade-system/data-scope/submit', {
      menuId: post.id,
      scopeName: '本部门岗位',
      resourceCode: 'post',
      scopeColumn: 'create_dept',
      scopeType: 3,
      scopeField: '*',
      scopeClass: 'post',
    });
    expect(add.json().msg, add.body).toBe('新增成功');
    const tree = (await call(s.app, admin, 'GET', '/api/blade-system/menu/grant-tree')).json().data;
    const node = tree.dataScope.find((n: { id: string }) => n.id === post.id);
    expect(node.children.map((c: { title: string }) => c.title)).toEqual(['本部门岗位']);
    expect(tree.apiScope).toEqual([]);
  });

  it('answers grant trees and role keys', async () => {
    const grant = (await call(s.app, admin, 'GET', '/api/blade-system/menu/grant-tree')).json().data;
    expect(grant.menu.length).toBe(4);
    // only who may grant roles reads the grant tree (scopes.test.ts: a granter sees only what they hold)
    expect((await call(s.app, clerk, 'GET', '/api/blade-system/menu/grant-tree')).statusCode).toBe(403);
    const roleId = (await s.db.kysely
      .selectFrom('blade_user')
      .select('role_id')
      .where('account', '=', 'clerk')
      .executeTakeFirst())!.role_id;
    const keys = (
      await call(s.app, admin, 'GET', `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`)
    ).json().data;
    expect(keys.menu).toHaveLength(4);
    const tree = (await call(s.app, admin, 'GET', '/api/blade-system/menu/tree')).json().data;
    expect(tree[0]).toHaveProperty('title');
    expect(tree[0]).toHaveProperty('hasChildren', true);
  });
});

describe('dictionaries and small shell calls', () => {
  it('serves dictionary items in order, without the header row', async () => {
    const sex = (await call(s.app, admin, 'GET', '/api/blade-system/dict/dictionary?code=sex')).json().data;
    expect(sex.map((d: { dictKey: string }) => d.dictKey)).toEqual(expect.arrayContaining(['1', '2']));
    expect(sex.find((d: { dictKey: string }) => d.dictKey === '-1')).toBeUndefined();
    expect(
      (await call(s.app, admin, 'GET', "/api/blade-system/dict/dictionary?code=x' or 1=1")).statusCode,
    ).toBe(400);
    const religion = (
      await call(s.app, admin, 'GET', '/api/blade-system/dict/dictionary?code=religion')
    ).json().data;
    expect(religion.some((d: { dictValueBo: string }) => d.dictValueBo)).toBe(true);
  });

  it('tells the login page a tenant by domain, publicly', async () => {
    await s.db.kysely
      .updateTable('blade_tenant')
      .set({ domain: 'http://sq.example.cn' })
      .where('tenant_id', '=', '000000')
      .execute();
    const hit = await s.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/info?domain=http://sq.example.cn/login',
    });
    expect(hit.json().data).toMatchObject({ tenantId: '000000', tenantName: '管理组' });
    const miss = await s.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/info?domain=http://other',
    });
    expect(miss.json()).toMatchObject({ code: 200, data: null });
  });

  it('reads a parameter by key', async () => {
    const res = await call(
      s.app,
      admin,
      'GET',
      '/api/blade-system/param/detail-by-key?paramKey=account.initPassword',
    );
    expect(res.json().data.paramValue).toBe('123456');
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { apiPathMatcher } from '../src/access/permissions.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// API scopes (docs/domain-model.md#接口权限-apiscope) restrict the paths they name; data-scope 可见字段 hide columns;
// a role grant hands out only the scopes the granter holds; pickers and grant keys are denied by default.

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

const menuIds = async (codes: string[]) =>
  (
    await s.db.kysely.selectFrom('blade_menu').select(['id', 'code']).where('code', 'in', codes).execute()
  ).map((m) => String(m.id));

/** A user of the platform tenant whose one role holds these menu and button codes. */
async function userWith(account: string, codes: string[], alias?: string) {
  const ids = await addTenantWithUser(s.db, { tenantId: '000000', account, menuCodes: codes, alias });
  return { ...ids, token: await login(s.app, { account, password: 'secret' }), codes };
}

async function scope(kind: 'api' | 'data', body: Record<string, unknown>): Promise<string> {
  const res = await call(s.app, admin, 'POST', `/api/blade-system/${kind}-scope/submit`, body);
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().data.id);
}

/** Replaces a role's grants through role/grant as the administrator. */
async function grant(
  roleId: string,
  codes: string[],
  dataScopeIds: string[] = [],
  apiScopeIds: string[] = [],
) {
  const res = await call(s.app, admin, 'POST', '/api/blade-system/role/grant', {
    roleIds: [roleId],
    menuIds: await menuIds(codes),
    dataScopeIds,
    apiScopeIds,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('API scopes', () => {
  it('match like BladeX permissionAll (the path contains the scope path), with * ** and {name}', () => {
    const m = (scope: string, path: string) => apiPathMatcher(scope)(path);
    expect(m('/blade-system/param/list', '/api/blade-system/param/list')).toBe(true);
    expect(m('/api/blade-system/param/list', '/api/blade-system/param/page')).toBe(false);
    expect(m('/api/blade-system/*/detail', '/api/blade-system/post/detail')).toBe(true);
    expect(m('/api/blade-system/*/detail', '/api/blade-system/a/b/detail')).toBe(false);
    expect(m('/api/blade-system/**/detail', '/api/blade-system/a/b/detail')).toBe(true);
    expect(m('/api/blade-user/{id}/x', '/api/blade-user/12/x')).toBe(true);
    expect(m('/api/a.b', '/api/aXb')).toBe(false); // regex characters are literal
  });

  it('restrict the paths they name to the roles granted them', async () => {
    const param = (await menuIds(['param']))[0]!;
    const listScope = await scope('api', {
      menuId: param,
      scopeName: '参数列表',
      resourceCode: 'param_list',
      scopePath: '/api/blade-system/param/list',
      scopeType: '1',
    });
    const detailScope = await scope('api', {
      menuId: param,
      scopeName: '所有详情',
      resourceCode: 'any_detail',
      scopePath: '/api/blade-system/*/detail',
      scopeType: '2',
    });
    const menuScope = await scope('api', {
      menuId: param,
      scopeName: '菜单接口',
      resourceCode: 'menu_api',
      scopePath: '/api/blade-system/menu',
      scopeType: '1',
    });
    const clerk = await userWith('apiclerk', ['param', 'param_view', 'menu', 'menu_view']);
    const paramRow = (await call(s.app, admin, 'GET', '/api/blade-system/param/page')).json().data.records[0];

    // protected and not granted: refused, with the message saying why; unprotected paths unaffected
    const refused = await call(s.app, clerk.token, 'GET', '/api/blade-system/param/list');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('请求被拒绝,缺少接口权限');
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/param/page')).statusCode).toBe(200);
    expect(
      (await call(s.app, clerk.token, 'GET', `/api/blade-system/param/detail?id=${paramRow.id}`)).statusCode,
    ).toBe(403);
    // an encoded path is the same path
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/param/li%73t')).statusCode).not.toBe(
      200,
    );
    // the session itself is never locked by an API scope; the rest of the menu API is
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/menu/routes')).statusCode).toBe(200);
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/menu/buttons')).statusCode).toBe(200);
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/menu/lazy-list')).statusCode).toBe(403);
    // the administrator is not restricted
    expect((await call(s.app, admin, 'GET', '/api/blade-system/param/list')).statusCode).toBe(200);

    // granted: open at once, without a new login
    await grant(clerk.roleId, clerk.codes, [], [listScope, detailScope]);
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/param/list')).statusCode).toBe(200);
    expect(
      (await call(s.app, clerk.token, 'GET', `/api/blade-system/param/detail?id=${paramRow.id}`)).statusCode,
    ).toBe(200);
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/menu/lazy-list')).statusCode).toBe(403);

    // a removed scope no longer protects its path
    const removed = await call(s.app, admin, 'POST', `/api/blade-system/api-scope/remove?ids=${menuScope}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(s.app, clerk.token, 'GET', '/api/blade-system/menu/lazy-list')).statusCode).toBe(200);
    // clean up for the other tests of this file
    await call(s.app, admin, 'POST', `/api/blade-system/api-scope/remove?ids=${listScope},${detailScope}`);
  });
});

describe('data-scope visible fields (scopeField)', () => {
  it('hide the other columns from list, detail and export, and refuse filters on them', async () => {
    const viewer = await userWith('fieldviewer', ['user', 'user_view', 'user_export']);
    const rule = await scope('data', {
      menuId: (await menuIds(['user']))[0],
      scopeName: '只看账号和姓名',
      resourceCode: 'user',
      scopeColumn: 'create_dept',
      scopeType: '1',
      scopeField: 'account,real_name',
      scopeClass: 'user',
    });
    await grant(viewer.roleId, viewer.codes, [rule]);

    const page = (await call(s.app, viewer.token, 'GET', '/api/blade-user/page?size=50')).json().data;
    expect(page.records.length).toBeGreaterThan(0);
    for (const r of page.records) {
      expect(Object.keys(r).sort()).toEqual(
        expect.arrayContaining(['account', 'id', 'realName', 'tenantId', 'version']),
      );
      for (const hidden of [
        'phone',
        'roleId',
        'roleName',
        'deptId',
        'deptName',
        'sex',
        'createTime',
        'email',
      ])
        expect(r, hidden).not.toHaveProperty(hidden);
    }
    const one = page.records[0];
    const detail = (await call(s.app, viewer.token, 'GET', `/api/blade-user/detail?id=${one.id}`)).json()
      .data;
    expect(detail.account).toBe(one.account);
    expect(detail).not.toHaveProperty('phone');
    expect((await call(s.app, viewer.token, 'GET', '/api/blade-user/page?phone_like=138')).statusCode).toBe(
      400,
    );
    expect((await call(s.app, viewer.token, 'GET', '/api/blade-user/page?descs=phone')).statusCode).toBe(400);
    expect((await call(s.app, viewer.token, 'GET', '/api/blade-user/page?realName_like=a')).statusCode).toBe(
      200,
    );

    const exported = await call(s.app, viewer.token, 'GET', '/api/blade-user/export');
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean)).toEqual([
      '登录账号',
      '用户姓名',
    ]);

    // the administrator (and any tenant administrator) still sees every column
    const full = (await call(s.app, admin, 'GET', `/api/blade-user/detail?id=${one.id}`)).json().data;
    expect(full).toHaveProperty('roleId');
  });
});

describe('role grants hand out only what the granter holds', () => {
  it('refuses data and API scopes the granter does not hold, and shows only held ones', async () => {
    const paramMenu = (await menuIds(['param']))[0]!;
    const postMenu = (await menuIds(['post']))[0]!;
    const held = await scope('data', {
      menuId: paramMenu,
      scopeName: '本人参数',
      resourceCode: 'param',
      scopeColumn: 'create_user',
      scopeType: '2',
      scopeField: '*',
      scopeClass: 'param',
    });
    const notHeld = await scope('data', {
      menuId: paramMenu,
      scopeName: '本部门参数',
      resourceCode: 'param',
      scopeColumn: 'create_dept',
      scopeType: '3',
      scopeField: '*',
      scopeClass: 'param',
    });
    const apiNotHeld = await scope('api', {
      menuId: paramMenu,
      scopeName: '参数详情接口',
      resourceCode: 'param_detail',
      scopePath: '/api/blade-system/param/detail-unused',
      scopeType: '1',
    });
    const postScope = await scope('data', {
      menuId: postMenu,
      scopeName: '本部门岗位',
      resourceCode: 'post',
      scopeColumn: 'create_dept',
      scopeType: '3',
      scopeField: '*',
      scopeClass: 'post',
    });
    const granter = await userWith('granter', ['role', 'role_view', 'role_grant', 'param', 'param_view']);
    await grant(granter.roleId, granter.codes, [held]);
    const target = await userWith('granted', ['param']);
    const body = (dataScopeIds: string[], apiScopeIds: string[] = []) => ({
      roleIds: [target.roleId],
      menuIds: [paramMenu],
      dataScopeIds,
      apiScopeIds,
    });
    const asGranter = (b: unknown) => call(s.app, granter.token, 'POST', '/api/blade-system/role/grant', b);

    const data = await asGranter(body([held, notHeld]));
    expect(data.statusCode).toBe(403);
    expect(data.json().msg).toBe('不能授予自己没有的数据权限');
    const api = await asGranter(body([held], [apiNotHeld]));
    expect(api.statusCode).toBe(403);
    expect(api.json().msg).toBe('不能授予自己没有的接口权限');
    expect((await asGranter(body([held]))).statusCode).toBe(200);
    const keys = (
      await call(
        s.app,
        granter.token,
        'GET',
        `/api/blade-system/menu/role-tree-keys?roleIds=${target.roleId}`,
      )
    ).json().data;
    expect(keys.dataScope).toEqual([held]);

    // the grant tree offers exactly what the granter may hand out
    const tree = (await call(s.app, granter.token, 'GET', '/api/blade-system/menu/grant-tree')).json().data;
    const offered = (nodes: { id: string; children?: { id: string }[] }[]) =>
      nodes.flatMap((n) => (n.children ?? []).map((c) => c.id));
    expect(offered(tree.dataScope)).toEqual([held]);
    expect(offered(tree.apiScope)).toEqual([]);
    const all = (await call(s.app, admin, 'GET', '/api/blade-system/menu/grant-tree')).json().data;
    expect(offered(all.dataScope)).toEqual(expect.arrayContaining([held, notHeld, postScope]));

    // a tenant administrator holds the scopes under the menus of their tenant
    await addTenantWithUser(s.db, {
      tenantId: '300001',
      account: 'boss',
      menuCodes: ['role', 'role_grant', 'param'],
      alias: 'admin',
    });
    const boss = await login(s.app, { tenantId: '300001', account: 'boss', password: 'secret' });
    const bossRole = nextId();
    await s.db.kysely
      .insertInto('blade_role')
      .values({ id: bossRole, tenant_id: '300001', role_name: '网格员', role_alias: 'grid' })
      .execute();
    const asBoss = (dataScopeIds: string[]) =>
      call(s.app, boss, 'POST', '/api/blade-system/role/grant', {
        roleIds: [bossRole],
        menuIds: [paramMenu],
        dataScopeIds,
      });
    expect((await asBoss([held, notHeld])).statusCode).toBe(200);
    expect((await asBoss([postScope])).statusCode).toBe(403);
  });

  it('lets only role granters read a role grant, and only of their own tenant', async () => {
    const other = await addTenantWithUser(s.db, { tenantId: '300002', account: 'x', menuCodes: ['param'] });
    const nobody = await userWith('keysnobody', ['param', 'param_view']);
    const granter = await userWith('keysgranter', ['role', 'role_grant']);
    const url = (roleId: string) => `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`;
    expect((await call(s.app, nobody.token, 'GET', url(nobody.roleId))).statusCode).toBe(403);
    expect((await call(s.app, granter.token, 'GET', url(nobody.roleId))).statusCode).toBe(200);
    expect((await call(s.app, granter.token, 'GET', url(other.roleId))).statusCode).toBe(404);
    expect((await call(s.app, admin, 'GET', url(other.roleId))).json().data.menu).toHaveLength(1);
  });
});

describe('pickers are denied by default', () => {
  it('open to their screen, to screens that pick from them, and to the codes a definition adds', async () => {
    const nobody = await userWith('pick0', ['param']);
    const userScreen = await userWith('pick1', ['user', 'user_view']);
    const worker = await userWith('pick2', ['work_todo']);
    const packages = await userWith('pick3', ['tenantpackage', 'tenantpackage_add']);
    const deptScreen = await userWith('pick4', ['dept', 'dept_view']);
    const get = (token: string, url: string) => call(s.app, token, 'GET', url).then((r) => r.statusCode);
    const pickers = [
      '/api/blade-user/select',
      '/api/blade-system/role/select',
      '/api/blade-system/role/tree',
      '/api/blade-system/dept/tree',
      '/api/blade-system/dept/lazy-tree',
      '/api/blade-system/post/select',
      '/api/blade-system/menu/tree',
      '/api/blade-system/menu/select',
      '/api/blade-system/region/lazy-tree',
      '/api/blade-system/tenant-package/select',
    ];
    for (const url of pickers) expect(await get(nobody.token, url), url).toBe(403);

    // the user screen's form picks roles, depts and posts
    for (const url of [
      '/api/blade-user/select',
      '/api/blade-system/role/select',
      '/api/blade-system/role/tree',
      '/api/blade-system/dept/tree',
      '/api/blade-system/post/select',
    ])
      expect(await get(userScreen.token, url), url).toBe(200);
    expect(await get(userScreen.token, '/api/blade-system/menu/tree')).toBe(403);
    // the package form picks menus; the dept screen its own tree
    expect(await get(packages.token, '/api/blade-system/menu/tree')).toBe(200);
    expect(await get(deptScreen.token, '/api/blade-system/dept/lazy-tree')).toBe(200);
    expect(await get(deptScreen.token, '/api/blade-user/select')).toBe(403);

    // staff of the work screens pick approvers among their own tenant's users (id and name only)
    const approvers = await call(s.app, worker.token, 'GET', '/api/blade-user/select');
    expect(approvers.statusCode).toBe(200);
    const rows = approvers.json().data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'realName']);
    const tenants = await s.db.kysely
      .selectFrom('blade_user')
      .select('tenant_id')
      .distinct()
      .where(
        'id',
        'in',
        rows.map((r) => String(r.id)),
      )
      .execute();
    expect(tenants.map((t) => t.tenant_id)).toEqual(['000000']);
    expect(await get(worker.token, '/api/blade-user/page')).toBe(403);
    // the labels of saved values, by id
    const one = (
      await call(s.app, worker.token, 'GET', `/api/blade-user/select?ids=${worker.userId}`)
    ).json();
    expect(one.data).toEqual([{ id: worker.userId, realName: 'pick2' }]);
    expect((await call(s.app, worker.token, 'GET', '/api/blade-user/select?ids=1;drop')).statusCode).toBe(
      400,
    );
  });
});

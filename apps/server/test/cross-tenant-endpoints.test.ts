import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/database.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { createTenant, storedRow, storedRowsOf, type TenantSide } from './two-tenants.js';

// The hand-written endpoints that take ids (beyond the generated CRUD of cross-tenant-matrix): tenant
// B's administrator aims each at tenant A's users, roles, top menus, tenant row and workflow models,
// and at the platform's menus and shared process deployments. Every call is refused and the stored rows
// (read through the owner connection) are exactly as before.

let s: TestServer;
let platform: string;
let A: TenantSide;
let B: TenantSide;

beforeAll(async () => {
  s = await startTestServer();
  platform = await login(s.app);
  A = await createTenant(s, platform, '甲街道');
  B = await createTenant(s, platform, '乙街道');
});
afterAll(() => s.close());

/** Runs the attacks, then checks that every listed table holds for tenant A what it held before. */
async function refusedAndUnchanged(
  tables: string[],
  attacks: [method: 'GET' | 'POST', url: string, body: unknown, status: number][],
  tenantId = A.tenantId,
) {
  const before = new Map<string, Row[]>();
  for (const t of tables) before.set(t, await storedRowsOf(s, t, tenantId));
  for (const [method, url, body, status] of attacks) {
    const res = await call(s.app, B.token, method, url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    expect(res.json().success, url).toBe(false);
  }
  for (const t of tables) expect(await storedRowsOf(s, t, tenantId), t).toEqual(before.get(t));
}

describe("tenant B's administrator and tenant A's users", () => {
  it('cannot reset, grant, lock, unlock, approve, re-platform or read them', async () => {
    const u = A.adminUserId;
    await refusedAndUnchanged(
      ['blade_user'],
      [
        ['POST', `/api/blade-user/reset-password?userIds=${u}`, undefined, 404],
        ['POST', `/api/blade-user/grant?userIds=${u}&roleIds=${B.roleId}`, undefined, 404],
        ['POST', `/api/blade-user/grant?userIds=${u}&roleIds=${A.roleId}`, undefined, 404],
        ['POST', `/api/blade-user/lock?userIds=${u}`, undefined, 404],
        ['POST', `/api/blade-user/unlock?userIds=${u}`, undefined, 404],
        ['POST', `/api/blade-user/audit-pass?userIds=${u}`, undefined, 404],
        ['POST', `/api/blade-user/update-platform?userId=${u}&userType=2&userExt=x`, undefined, 404],
        // Mixed with B's own admin: all or nothing.
        ['POST', `/api/blade-user/reset-password?userIds=${B.adminUserId},${u}`, undefined, 404],
        ['GET', `/api/blade-user/platform-detail?id=${u}`, undefined, 404],
      ],
    );
  });

  it("cannot give its own users A's roles, depts or posts", async () => {
    const postOf = async (tenantId: string) =>
      String(
        (
          await s.db.kysely
            .selectFrom('blade_post')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).id,
      );
    await refusedAndUnchanged(
      ['blade_user', 'blade_role', 'blade_dept'],
      [['POST', `/api/blade-user/grant?userIds=${B.adminUserId}&roleIds=${A.roleId}`, undefined, 400]],
    );
    const valid = {
      account: 'newbie',
      name: 'x',
      realName: 'x',
      password: '27f82cd41195dcc894f97193ece3fd31', // md5 of Tashi-Delek-8: common passwords are refused
      userType: 1,
      roleId: B.roleId,
      deptId: B.deptId,
      postId: await postOf(B.tenantId),
    };
    const usersOfB = await storedRowsOf(s, 'blade_user', B.tenantId);
    for (const [field, value] of [
      ['roleId', A.roleId],
      ['deptId', A.deptId],
      ['postId', await postOf(A.tenantId)],
    ] as [string, string][]) {
      const res = await call(s.app, B.token, 'POST', '/api/blade-user/submit', { ...valid, [field]: value });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().msg, field).toMatch(/不存在或不属于当前租户$/);
    }
    expect(await storedRowsOf(s, 'blade_user', B.tenantId)).toEqual(usersOfB);
    // The same body with B's own references is accepted (the control).
    const ok = await call(s.app, B.token, 'POST', '/api/blade-user/submit', valid);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lists nobody of A by a dept of A', async () => {
    const res = await call(s.app, B.token, 'GET', `/api/blade-user/page?deptId=${A.deptId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.records).toEqual([]);
  });
});

describe("the platform administrator's user picker", () => {
  it("lists one tenant's users when asked for it (a record's users belong to its tenant)", async () => {
    const all = (await call(s.app, platform, 'GET', '/api/blade-user/page?size=500')).json().data.records;
    const tenantsOf = (users: { tenantId: string }[]) => new Set(users.map((u) => u.tenantId));
    expect(tenantsOf(all).has(A.tenantId) && tenantsOf(all).has(B.tenantId)).toBe(true);
    const res = await call(s.app, platform, 'GET', `/api/blade-user/page?size=500&tenantId=${A.tenantId}`);
    const users = res.json().data.records;
    expect(users.map((u: { id: string }) => u.id)).toContain(A.adminUserId);
    expect(tenantsOf(users)).toEqual(new Set([A.tenantId]));
  });
});

describe("tenant B's administrator and tenant A's roles and top menus", () => {
  it("cannot grant menus to A's roles nor read A's grants", async () => {
    const menu = await s.db.kysely
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'user')
      .executeTakeFirstOrThrow();
    await refusedAndUnchanged(
      ['blade_role_menu', 'blade_role_scope'],
      [['POST', '/api/blade-system/role/grant', { roleIds: [A.roleId], menuIds: [menu.id] }, 404]],
    );
    const keys = await call(
      s.app,
      B.token,
      'GET',
      `/api/blade-system/menu/role-tree-keys?roleIds=${A.roleId}`,
    );
    // Refused outright, or answered with nothing: either way no grant of A is read.
    expect([200, 404]).toContain(keys.statusCode);
    for (const list of ['menu', 'dataScope', 'apiScope']) expect(keys.json().data?.[list] ?? []).toEqual([]);
  });

  it("cannot configure or read A's top menus", async () => {
    const top = await call(s.app, A.token, 'POST', '/api/blade-system/topmenu/submit', {
      code: 'a_top',
      name: '甲顶部菜单',
      sort: 1,
    });
    expect(top.statusCode, top.body).toBe(200);
    const topId = String(top.json().data.id);
    const menus = await s.db.kysely.selectFrom('blade_menu').select('id').limit(2).execute();
    expect(
      (
        await call(s.app, A.token, 'POST', '/api/blade-system/topmenu/grant', {
          topMenuIds: [topId],
          menuIds: [menus[0]!.id],
        })
      ).statusCode,
    ).toBe(200);
    await refusedAndUnchanged(
      ['blade_top_menu', 'blade_top_menu_setting'],
      [
        [
          'POST',
          '/api/blade-system/topmenu/grant',
          { topMenuIds: [topId], menuIds: menus.map((m) => m.id) },
          404,
        ],
      ],
    );
    const keys = await call(
      s.app,
      B.token,
      'GET',
      `/api/blade-system/menu/top-tree-keys?topMenuIds=${topId}`,
    );
    expect([200, 404]).toContain(keys.statusCode);
    expect(keys.json().data?.menu ?? []).toEqual([]);
    const routes = await call(s.app, B.token, 'GET', `/api/blade-system/menu/routes?topMenuId=${topId}`);
    expect(routes.json().data).toEqual([]);
  });
});

describe("a tenant's administrator and platform data", () => {
  it('cannot change or delete menus', async () => {
    const menu = (await s.db.kysely
      .selectFrom('blade_menu')
      .selectAll()
      .where('code', '=', 'param')
      .executeTakeFirstOrThrow()) as Row;
    const before = await s.db.kysely.selectFrom('blade_menu').selectAll().orderBy('id').execute();
    for (const [url, body] of [
      [
        '/api/blade-system/menu/submit',
        { id: menu.id, code: 'param', name: '改名', parentId: menu.parent_id },
      ],
      ['/api/blade-system/menu/submit', { code: 'evil', name: 'evil' }],
      [`/api/blade-system/menu/remove?ids=${menu.id}`, undefined],
    ] as const) {
      expect((await call(s.app, B.token, 'POST', url, body)).statusCode, url).toBe(403);
    }
    expect(await s.db.kysely.selectFrom('blade_menu').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it("cannot change any tenant's settings, data source or package, its own included", async () => {
    const pkg = await call(s.app, platform, 'POST', '/api/blade-system/tenant-package/submit', {
      packageName: '基础包',
      menuId: (
        await s.db.kysely
          .selectFrom('blade_menu')
          .select('id')
          .where('code', '=', 'user')
          .executeTakeFirstOrThrow()
      ).id,
    });
    expect(pkg.statusCode, pkg.body).toBe(200);
    const pkgId = String(pkg.json().data.id);
    for (const tenant of [A, B]) {
      await refusedAndUnchanged(
        ['blade_tenant', 'blade_role_menu'],
        [
          [
            'POST',
            `/api/blade-system/tenant/setting?ids=${tenant.tenantRowId}&accountNumber=1`,
            undefined,
            403,
          ],
          [
            'POST',
            `/api/blade-system/tenant/datasource?tenantId=${tenant.tenantId}&datasourceId=1`,
            undefined,
            403,
          ],
          [
            'POST',
            `/api/blade-system/tenant/package-setting?tenantId=${tenant.tenantId}&packageId=${pkgId}`,
            undefined,
            403,
          ],
        ],
        tenant.tenantId,
      );
    }
    const other = await call(
      s.app,
      B.token,
      'GET',
      `/api/blade-system/tenant/package-detail?tenantId=${A.tenantId}`,
    );
    expect(other.statusCode).toBe(403);
  });

  it('gains nothing from a role aliased administrator inside its own tenant', async () => {
    // Only the platform can create such a role; even then it is no platform role (SpringBlade #41).
    const role = await call(s.app, platform, 'POST', '/api/blade-system/role/submit', {
      tenantId: A.tenantId,
      roleName: '冒名超管',
      roleAlias: 'administrator',
      sort: 9,
      parentId: '0',
    });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = String(role.json().data.id);
    await s.db.kysely
      .updateTable('blade_user')
      .set({ role_id: `${A.roleId},${roleId}` })
      .where('id', '=', A.adminUserId)
      .execute();
    const token = await login(s.app, { tenantId: A.tenantId, account: 'admin', password: 'admin' });
    const users = (await call(s.app, token, 'GET', '/api/blade-user/page?size=500')).json().data.records;
    expect(new Set(users.map((u: { tenantId: string }) => u.tenantId))).toEqual(new Set([A.tenantId]));
    const tenants = (await call(s.app, token, 'GET', '/api/blade-system/tenant/list?size=500')).json().data;
    expect(tenants.records.map((t: { tenantId: string }) => t.tenantId)).toEqual([A.tenantId]);
    const before = await storedRow(s, 'blade_tenant', B.tenantRowId);
    const setting = await call(
      s.app,
      token,
      'POST',
      `/api/blade-system/tenant/setting?ids=${B.tenantRowId}&accountNumber=1`,
    );
    expect(setting.statusCode).toBe(403);
    expect(await storedRow(s, 'blade_tenant', B.tenantRowId)).toEqual(before);
    const reset = await call(s.app, token, 'POST', `/api/blade-user/reset-password?userIds=${B.adminUserId}`);
    expect(reset.statusCode).toBe(404);
    await s.db.kysely
      .updateTable('blade_user')
      .set({ role_id: A.roleId })
      .where('id', '=', A.adminUserId)
      .execute();
  });
});

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const simpleXml = (key: string) =>
  `<?xml version="1.0"?><definitions ${NS}><process id="${key}" name="流程${key}" isExecutable="true"><startEvent id="s"/><userTask id="t" name="审批" flowable:candidateGroups="admin"/><endEvent id="e"/><sequenceFlow id="f1" sourceRef="s" targetRef="t"/><sequenceFlow id="f2" sourceRef="t" targetRef="e"/></process></definitions>`;

describe("tenant B's administrator and tenant A's processes", () => {
  const flowTables = ['flow_model', 'flow_deployment', 'flow_process_definition'];

  it("cannot read, edit, remove or deploy A's models, nor suspend or delete A's deployments", async () => {
    const model = await call(s.app, A.token, 'POST', '/api/blade-flow/model/submit', {
      name: '甲流程',
      modelKey: 'TenantA',
      modelEditorXml: simpleXml('TenantA'),
    });
    expect(model.statusCode, model.body).toBe(200);
    const modelId = String(model.json().data.id);
    const deployed = await call(s.app, A.token, 'POST', `/api/blade-flow/model/deploy?modelId=${modelId}`);
    expect(deployed.statusCode, deployed.body).toBe(200);
    const def = await s.db.kysely
      .selectFrom('flow_process_definition')
      .select(['id', 'deployment_id'])
      .where('tenant_id', '=', A.tenantId)
      .where('process_key', '=', 'TenantA')
      .executeTakeFirstOrThrow();
    await refusedAndUnchanged(flowTables, [
      ['GET', `/api/blade-flow/model/detail?id=${modelId}`, undefined, 404],
      [
        'POST',
        '/api/blade-flow/model/submit',
        { id: modelId, name: '乙改', modelKey: 'TenantA', modelEditorXml: simpleXml('TenantA') },
        404,
      ],
      ['POST', `/api/blade-flow/model/remove?ids=${modelId}`, undefined, 404],
      ['POST', `/api/blade-flow/model/deploy?modelId=${modelId}`, undefined, 404],
      [
        'POST',
        `/api/blade-flow/manager/delete-deployment?deploymentIds=${def.deployment_id}`,
        undefined,
        404,
      ],
      ['GET', `/api/blade-flow/process/resource-view?processDefinitionId=${def.id}`, undefined, 404],
    ]);
    const state = await call(
      s.app,
      B.token,
      'POST',
      `/api/blade-flow/manager/change-state?processId=${def.id}&state=suspend`,
    );
    expect(state.json().msg).toBe('暂无流程变更');
    expect((await storedRow(s, 'flow_process_definition', String(def.id)))?.suspension_state).toBe(1);
  });

  it("cannot delete or suspend the platform's shared deployments", async () => {
    const shared = (await s.db.kysely
      .selectFrom('flow_process_definition')
      .select(['id', 'deployment_id'])
      .where('tenant_id', '=', '000000')
      .where('shared', '=', 1)
      .executeTakeFirstOrThrow()) as Row;
    await refusedAndUnchanged(
      flowTables,
      [
        [
          'POST',
          `/api/blade-flow/manager/delete-deployment?deploymentIds=${shared.deployment_id}`,
          undefined,
          404,
        ],
      ],
      '000000',
    );
    const state = await call(
      s.app,
      B.token,
      'POST',
      `/api/blade-flow/manager/change-state?processId=${shared.id}&state=suspend`,
    );
    expect(state.json().msg).toBe('暂无流程变更');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Issue 10, security 2: a user holding only 用户管理 › 角色配置 (user_role) could grant themselves any
// role of their tenant, the platform's 平台管理员 (alias admin) included; only the alias administrator
// was blocked. Granting a role (user/grant, or roleId on a user's submit/update) is now limited, as
// role/grant limits menus, to the roles the caller holds and those below them; a tenant administrator
// stands above every role of their tenant.

const USER_BUTTONS = ['user', 'user_view', 'user_add', 'user_edit', 'user_role'];
let s: TestServer;

/** A role of `tenantId` inserted as the owner. */
async function addRole(tenantId: string, alias: string, parentId = '0'): Promise<string> {
  const id = nextId();
  await s.db.kysely
    .insertInto('blade_role')
    .values({ id, tenant_id: tenantId, parent_id: parentId, role_name: alias, role_alias: alias })
    .execute();
  return id;
}

const roleOf = async (userId: string) =>
  String(
    (
      await s.db.kysely
        .selectFrom('blade_user')
        .select('role_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).role_id,
  );

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('the platform tenant: a user with only the role-assignment button', () => {
  let ops: { userId: string; roleId: string };
  let token: string;
  let platformAdminRole: string;
  beforeAll(async () => {
    ops = await addTenantWithUser(s.db, { tenantId: '000000', account: 'ops', menuCodes: USER_BUTTONS });
    platformAdminRole = await addRole('000000', 'admin');
    token = await login(s.app, { account: 'ops', password: 'secret' });
  });

  it('cannot grant themselves 平台管理员 (alias admin) nor 超级管理员', async () => {
    const administrator = String(
      (
        await s.db.kysely
          .selectFrom('blade_role')
          .select('id')
          .where('tenant_id', '=', '000000')
          .where('role_alias', '=', 'administrator')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const grant = (roleIds: string) =>
      call(s.app, token, 'POST', `/api/blade-user/grant?userIds=${ops.userId}&roleIds=${roleIds}`);
    const admin = await grant(`${ops.roleId},${platformAdminRole}`);
    expect(admin.statusCode, admin.body).toBe(403);
    expect(admin.json().msg).toBe('不能授予自己没有的角色');
    const top = await grant(administrator);
    expect(top.statusCode).toBe(403);
    expect(top.json().msg).toBe('无权授予超级管理员角色');
    expect(await roleOf(ops.userId)).toBe(ops.roleId);
    // Nor edit the administrator (who keeps that role): as before, only the administrator may.
    const adminId = String(
      (
        await s.db.kysely
          .selectFrom('blade_user')
          .select('id')
          .where('tenant_id', '=', '000000')
          .where('account', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const detail = (await call(s.app, token, 'GET', `/api/blade-user/detail?id=${adminId}`)).json().data;
    const edit = await call(s.app, token, 'POST', '/api/blade-user/update', { ...detail, realName: '改名' });
    expect(edit.statusCode, edit.body).toBe(403);
    expect(edit.json().msg).toBe('无权授予超级管理员角色');
  });
});

describe('a tenant: held roles, roles below them, the tenant administrator', () => {
  const T = '100001';
  let clerk: { userId: string; roleId: string; deptId: string };
  let token: string;
  let child: string;
  let sibling: string;
  let adminRole: string;
  let peer: string;
  beforeAll(async () => {
    clerk = await addTenantWithUser(s.db, { tenantId: T, account: 'clerk', menuCodes: USER_BUTTONS });
    child = await addRole(T, 'helper', clerk.roleId);
    sibling = await addRole(T, 'secretary');
    adminRole = await addRole(T, 'admin');
    ({ userId: peer } = await addTenantWithUser(s.db, { tenantId: T, account: 'peer', menuCodes: [] }));
    token = await login(s.app, { tenantId: T, account: 'clerk', password: 'secret' });
  });

  it('user/grant: a held role and one below it yes; a sibling or the tenant admin role no', async () => {
    const grant = (userId: string, roleIds: string) =>
      call(s.app, token, 'POST', `/api/blade-user/grant?userIds=${userId}&roleIds=${roleIds}`);
    for (const [roles, why] of [
      [adminRole, 'the tenant administrator role'],
      [`${clerk.roleId},${sibling}`, 'a role beside their own'],
    ] as const) {
      const res = await grant(clerk.userId, roles);
      expect(res.statusCode, why).toBe(403);
      expect(res.json().msg, why).toBe('不能授予自己没有的角色');
    }
    expect(await roleOf(clerk.userId)).toBe(clerk.roleId);
    const ok = await grant(peer, `${clerk.roleId},${child}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await roleOf(peer)).toBe(`${clerk.roleId},${child}`);
  });

  it('user/submit and update: roleId is held to the same rule; roles a user keeps are not granted', async () => {
    const post = String(
      (
        await s.db.kysely
          .insertInto('blade_post')
          .values({ id: nextId(), tenant_id: T, post_name: '岗位' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const body = (account: string, roleId: string) => ({
      account,
      password: '27f82cd41195dcc894f97193ece3fd31', // md5 of Tashi-Delek-8: common passwords are refused
      name: account,
      realName: account,
      userType: 1,
      roleId,
      deptId: clerk.deptId,
      postId: post,
    });
    const refused = await call(s.app, token, 'POST', '/api/blade-user/submit', body('newbie', sibling));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().msg).toBe('不能授予自己没有的角色');
    const made = await call(s.app, token, 'POST', '/api/blade-user/submit', body('newbie', child));
    expect(made.statusCode, made.body).toBe(200);
    const id = String(made.json().data.id);

    // A user who already holds a role the clerk could not grant: editing other fields keeps it.
    await s.db.kysely.updateTable('blade_user').set({ role_id: sibling }).where('id', '=', id).execute();
    const detail = (await call(s.app, token, 'GET', `/api/blade-user/detail?id=${id}`)).json().data;
    const edit = await call(s.app, token, 'POST', '/api/blade-user/update', { ...detail, realName: '改名' });
    expect(edit.statusCode, edit.body).toBe(200);
    const fresh = (await call(s.app, token, 'GET', `/api/blade-user/detail?id=${id}`)).json().data;
    const raise = await call(s.app, token, 'POST', '/api/blade-user/update', {
      ...fresh,
      roleId: `${sibling},${adminRole}`,
    });
    expect(raise.statusCode, raise.body).toBe(403);
    expect(await roleOf(id)).toBe(sibling);
  });

  it("the tenant's administrator may grant any role of the tenant", async () => {
    await addTenantWithUser(s.db, {
      tenantId: T,
      account: 'boss',
      menuCodes: USER_BUTTONS,
      alias: 'admin',
    });
    const bossToken = await login(s.app, { tenantId: T, account: 'boss', password: 'secret' });
    const res = await call(
      s.app,
      bossToken,
      'POST',
      `/api/blade-user/grant?userIds=${peer}&roleIds=${sibling}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleOf(peer)).toBe(sibling);
  });
});

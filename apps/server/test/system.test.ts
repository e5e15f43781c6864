import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, upload, type TestServer } from './harness.js';

let s: TestServer;
let admin: string;
const flat = (nodes: { code?: string; children?: unknown[] }[]): { code?: string }[] =>
  nodes.flatMap((n) => [n, ...flat((n.children ?? []) as never)]);

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

describe('tenants', () => {
  it('creating a tenant creates its admin role, root dept and admin user with default menus', async () => {
    const res = await call(s.app, admin, 'POST', '/api/blade-system/tenant/submit', {
      tenantName: '八廓街道',
      linkman: '次仁',
      contactNumber: '13800000000',
    });
    expect(res.json().msg).toBe('新增成功');
    const tenant = (
      await call(s.app, admin, 'GET', `/api/blade-system/tenant/detail?id=${res.json().data.id}`)
    ).json().data;
    expect(tenant.tenantId).toMatch(/^\d{6}$/);
    const token = await login(s.app, { tenantId: tenant.tenantId, account: 'admin', password: 'admin' });
    const routes = flat((await call(s.app, token, 'GET', '/api/blade-system/menu/routes')).json().data).map(
      (m) => m.code,
    );
    expect(routes).toEqual(expect.arrayContaining(['user', 'dept', 'role']));
    expect(routes).not.toContain('tenant');
    const depts = (await call(s.app, token, 'GET', '/api/blade-system/dept/tree')).json().data;
    expect(depts.map((d: { title: string }) => d.title)).toEqual(['八廓街道']);
    // A tenant admin sees only its own tenant and cannot create tenants.
    const mine = (await call(s.app, token, 'GET', '/api/blade-system/tenant/list')).statusCode;
    expect([200, 403]).toContain(mine);
    const create = await call(s.app, token, 'POST', '/api/blade-system/tenant/submit', { tenantName: 'x' });
    expect(create.statusCode).toBe(403);
  });

  it('limits a tenant to its product package', async () => {
    const menus = (await call(s.app, admin, 'GET', '/api/blade-system/menu/list?code=post')).json().data;
    const post = flat(menus).find((m) => m.code === 'post') as { id: string; children: { id: string }[] };
    const pkg = await call(s.app, admin, 'POST', '/api/blade-system/tenant-package/submit', {
      packageName: '仅岗位',
      menuId: post.id,
    });
    expect(pkg.json().msg).toBe('新增成功');
    const missing = await call(s.app, admin, 'POST', '/api/blade-system/tenant-package/submit', {
      packageName: 'x',
    });
    expect(missing.json().msg).toBe('请选择菜单');
    const t = await call(s.app, admin, 'POST', '/api/blade-system/tenant/submit', {
      tenantName: '受限街道',
      linkman: '卓玛',
    });
    const tenantId = (
      await call(s.app, admin, 'GET', `/api/blade-system/tenant/detail?id=${t.json().data.id}`)
    ).json().data.tenantId;
    const setting = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-system/tenant/package-setting?tenantId=${tenantId}&packageId=${pkg.json().data.id}`,
    );
    expect(setting.json().success).toBe(true);
    const detail = (
      await call(s.app, admin, 'GET', `/api/blade-system/tenant/package-detail?tenantId=${tenantId}`)
    ).json().data;
    expect(detail).toMatchObject({ packageName: '仅岗位', menuId: post.id });
    // the tenant list names the package beside its id (租户管理 showed the raw id)
    const listed = (
      await call(s.app, admin, 'GET', `/api/blade-system/tenant/list?tenantId_like=${tenantId}`)
    ).json().data.records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ packageId: String(pkg.json().data.id), packageName: '仅岗位' });
    const token = await login(s.app, { tenantId, account: 'admin', password: 'admin' });
    const routes = flat((await call(s.app, token, 'GET', '/api/blade-system/menu/routes')).json().data).map(
      (m) => m.code,
    );
    expect(routes).toContain('post');
    expect(routes).not.toContain('user');
    expect((await call(s.app, token, 'GET', '/api/blade-system/post/list')).statusCode).toBe(200);
    expect((await call(s.app, token, 'GET', '/api/blade-user/list')).statusCode).toBe(403);
  });
});

describe('users', () => {
  let deptA: string;
  let deptA1: string;
  beforeAll(async () => {
    deptA = (
      await call(s.app, admin, 'POST', '/api/blade-system/dept/submit', {
        deptName: '城关区',
        fullName: '城关区',
        deptCategory: 1,
        sort: 1,
      })
    ).json().data.id;
    deptA1 = (
      await call(s.app, admin, 'POST', '/api/blade-system/dept/submit', {
        deptName: '八廓街道',
        fullName: '八廓街道',
        parentId: deptA,
        deptCategory: 1,
        sort: 1,
      })
    ).json().data.id;
  });

  it('keeps dept ancestors and lists users of a dept and below', async () => {
    const d = (await call(s.app, admin, 'GET', `/api/blade-system/dept/detail?id=${deptA1}`)).json().data;
    expect(d.ancestors).toBe(`0,${deptA}`);
    const roleId = (await call(s.app, admin, 'GET', '/api/blade-system/role/select')).json().data[0].id;
    const postId = (await call(s.app, admin, 'GET', '/api/blade-system/post/select')).json().data[0].id;
    const u = await call(s.app, admin, 'POST', '/api/blade-user/submit', {
      account: 'tashi',
      password: '27f82cd41195dcc894f97193ece3fd31', // md5 of Tashi-Delek-8 (a common password such as 123456 is refused),
      name: '扎西',
      realName: '扎西',
      userType: 1,
      sex: 1,
      roleId,
      postId,
      deptId: deptA1,
      phone: '13912345678',
    });
    expect(u.json().msg, u.body).toBe('新增成功');
    const under = (await call(s.app, admin, 'GET', `/api/blade-user/page?deptId=${deptA}`)).json().data
      .records;
    expect(under.map((r: { account: string }) => r.account)).toEqual(['tashi']);
    expect(under[0]).toMatchObject({ deptName: '八廓街道' });
    expect(under[0].password).toBeUndefined();
    const moved = await call(s.app, admin, 'POST', '/api/blade-system/dept/submit', {
      id: deptA,
      deptName: '城关区',
      fullName: '城关区',
      parentId: deptA1,
    });
    expect(moved.json().msg).toBe('上级部门不能选择自身或其下级部门');
    const used = await call(s.app, admin, 'POST', `/api/blade-system/dept/remove?ids=${deptA1}`);
    expect(used.json().msg).toBe('部门下还有用户,不能删除');
    // The new user logs in with the password given (md5 sent by the client).
    expect(await login(s.app, { account: 'tashi', password: 'Tashi-Delek-8' })).toBeTruthy();
  });

  it('resets passwords, locks and unlocks accounts, assigns roles', async () => {
    const id = (await call(s.app, admin, 'GET', '/api/blade-user/list?account_equal=tashi')).json().data
      .records[0].id;
    expect((await call(s.app, admin, 'POST', `/api/blade-user/lock?userIds=${id}`)).json().success).toBe(
      true,
    );
    const locked = await s.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?tenantId=000000&username=tashi&password=27f82cd41195dcc894f97193ece3fd31&grant_type=password',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    });
    expect(locked.json().error_description).toBe('账号已停用,请联系管理员');
    await call(s.app, admin, 'POST', `/api/blade-user/unlock?userIds=${id}`);
    await s.db.kysely.updateTable('blade_user').set({ password: 'x' }).where('id', '=', id).execute();
    expect(
      (await call(s.app, admin, 'POST', `/api/blade-user/reset-password?userIds=${id}`)).json().success,
    ).toBe(true);
    const token = await login(s.app, { account: 'tashi', password: '123456' });
    const changed = await call(
      s.app,
      token,
      'POST',
      '/api/blade-user/update-password?oldPassword=e10adc3949ba59abbe56e057f20f883e&newPassword=abc&newPassword1=abd',
    );
    expect(changed.json().msg).toBe('请输入正确的确认密码!');
    const wrongOld = await call(
      s.app,
      token,
      'POST',
      '/api/blade-user/update-password?oldPassword=bad&newPassword=abc&newPassword1=abc',
    );
    expect(wrongOld.json().msg).toBe('原密码不正确!');
    const info = await call(s.app, token, 'POST', '/api/blade-user/update-info', {
      realName: '扎西次仁',
      phone: '13900000000',
      roleId: '1',
    });
    expect(info.json().success).toBe(true);
    const me = (await call(s.app, token, 'GET', '/api/blade-user/info')).json().data;
    expect(me).toMatchObject({ realName: '扎西次仁', phone: '13900000000' });
    expect(me.roleId).not.toBe('1');
    const badRole = await call(s.app, admin, 'POST', `/api/blade-user/grant?userIds=${id}&roleIds=123`);
    expect(badRole.json().msg).toBe('角色不存在或不属于当前租户');
  });

  it('exports the filtered list and imports from the template with a per-row report', async () => {
    const exp = await s.app.inject({
      method: 'GET',
      url: `/api/blade-user/export?account_like=tash&blade-auth=bearer%20${admin}`,
    });
    expect(exp.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('登录账号');
    expect(sheet.rowCount).toBe(2);
    const tpl = await call(s.app, admin, 'GET', '/api/blade-user/export-template');
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const ts = template.worksheets[0]!;
    const header = (ts.getRow(1).values as string[]).slice(1);
    const row = (values: Record<string, string>) => header.map((h) => values[h] ?? '');
    const refs = { 所属角色: '超级管理员', 所属部门: '八廓街道', 所属岗位: '平台管理员' };
    ts.addRow(
      row({
        登录账号: 'dorje',
        密码: 'Dorje-Import-8',
        用户昵称: '多吉',
        用户姓名: '多吉',
        用户平台: 'WEB',
        ...refs,
      }),
    );
    ts.addRow(
      row({ 登录账号: 'bad account!', 密码: '1', 用户昵称: 'x', 用户姓名: 'x', 用户平台: 'WEB', ...refs }),
    );
    ts.addRow(row({ 登录账号: 'pema', 用户昵称: '白玛', 用户姓名: '白玛', 用户平台: 'WEB', ...refs }));
    const failed = await upload(
      s.app,
      admin,
      '/api/blade-user/import',
      'users.xlsx',
      Buffer.from(await template.xlsx.writeBuffer()),
    );
    expect(failed.statusCode).toBe(400);
    expect(failed.json().data.errors).toEqual([
      { row: 3, msg: '登录账号只能包含字母、数字和 _ . @ -' },
      { row: 4, msg: '请输入密码' },
    ]);
    expect(
      (await call(s.app, admin, 'GET', '/api/blade-user/list?account_equal=dorje')).json().data.total,
    ).toBe(0);
    const fixed = new ExcelJS.Workbook();
    const fs = fixed.addWorksheet('用户');
    fs.addRow(header);
    fs.addRow(
      row({
        登录账号: 'dorje',
        密码: 'Dorje-Import-8',
        用户昵称: '多吉',
        用户姓名: '多吉',
        用户平台: 'WEB',
        ...refs,
      }),
    );
    const okRes = await upload(
      s.app,
      admin,
      '/api/blade-user/import',
      'users.xlsx',
      Buffer.from(await fixed.xlsx.writeBuffer()),
    );
    expect(okRes.json(), okRes.body).toMatchObject({ success: true, msg: '导入成功,共1条' });
    expect(await login(s.app, { account: 'dorje', password: 'Dorje-Import-8' })).toBeTruthy();
  });
});

describe('role grants and data scope', () => {
  it('a role grant changes what a logged-in user sees without a new login', async () => {
    const { roleId } = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'grid1',
      menuCodes: ['post', 'post_view'],
    });
    const token = await login(s.app, { account: 'grid1', password: 'secret' });
    expect((await call(s.app, token, 'GET', '/api/blade-system/param/list')).statusCode).toBe(403);
    const menus = flat((await call(s.app, admin, 'GET', '/api/blade-system/menu/list')).json().data) as {
      id: string;
      code: string;
    }[];
    const ids = menus.filter((m) => ['param', 'param_view'].includes(m.code)).map((m) => m.id);
    const grant = await call(s.app, admin, 'POST', '/api/blade-system/role/grant', {
      roleIds: [roleId],
      menuIds: ids,
    });
    expect(grant.json().msg).toBe('操作成功!');
    expect((await call(s.app, token, 'GET', '/api/blade-system/param/list')).statusCode).toBe(200);
    expect((await call(s.app, token, 'GET', '/api/blade-system/post/list')).statusCode).toBe(403);
    const routes = flat((await call(s.app, token, 'GET', '/api/blade-system/menu/routes')).json().data).map(
      (m) => m.code,
    );
    expect(routes).toContain('param');
    // A non-administrator cannot hand out what they do not hold.
    const sneaky = await call(s.app, token, 'POST', '/api/blade-system/role/grant', {
      roleIds: [roleId],
      menuIds: menus.map((m) => m.id),
    });
    expect(sneaky.statusCode).toBe(403);
  });

  it('applies own, own-dept, dept-and-below and custom rules', async () => {
    const dept = (name: string, parentId = '0') =>
      call(s.app, admin, 'POST', '/api/blade-system/dept/submit', {
        deptName: name,
        fullName: name,
        parentId,
        deptCategory: 1,
        sort: 1,
      }).then((r) => r.json().data.id as string);
    const top = await dept('网格总部');
    const sub = await dept('一网格', top);
    const { roleId, userId } = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'scoped',
      menuCodes: ['post', 'post_view'],
    });
    await s.db.kysely.updateTable('blade_user').set({ dept_id: top }).where('id', '=', userId).execute();
    // Posts created in three places: by the user in top, by admin in sub, by admin elsewhere.
    const mk = async (name: string, createUser: string, createDept: string) => {
      const id = nextId();
      await s.db.kysely
        .insertInto('blade_post')
        .values({
          id,
          tenant_id: '000000',
          post_name: name,
          create_user: createUser,
          create_dept: createDept,
        })
        .execute();
    };
    await mk('mine', userId, top);
    await mk('below', '1', sub);
    await mk('elsewhere', '1', '999');
    const scopeRule = async (type: number, value?: string) => {
      const id = nextId();
      await s.db.kysely
        .insertInto('blade_scope_data')
        .values({
          id,
          resource_code: 'post',
          scope_name: `t${type}`,
          scope_type: type,
          scope_value: value ?? null,
        })
        .execute();
      await s.db.kysely.deleteFrom('blade_role_scope').where('role_id', '=', roleId).execute();
      await s.db.kysely
        .insertInto('blade_role_scope')
        .values({ id: nextId(), tenant_id: '000000', role_id: roleId, scope_id: id, scope_category: 1 })
        .execute();
      s.ctx.permissions.invalidate();
      const token = await login(s.app, { account: 'scoped', password: 'secret' });
      const names = (await call(s.app, token, 'GET', '/api/blade-system/post/list?size=500'))
        .json()
        .data.records.map((r: { postName: string }) => r.postName);
      return names.filter((n: string) => ['mine', 'below', 'elsewhere'].includes(n)).sort();
    };
    expect(await scopeRule(1)).toEqual(['below', 'elsewhere', 'mine']);
    expect(await scopeRule(2)).toEqual(['mine']);
    expect(await scopeRule(3)).toEqual(['mine']);
    expect(await scopeRule(4)).toEqual(['below', 'mine']);
    expect(await scopeRule(5, JSON.stringify({ postName_likeright: 'else' }))).toEqual(['elsewhere']);
    expect(await scopeRule(5, "1=1 or tenant_id <> ''")).toEqual([]); // not JSON: denies, never SQL
    expect(await scopeRule(5, JSON.stringify({ password: 'x' }))).toEqual([]); // unknown key: denies
  });
});

describe('dictionaries, regions, settings', () => {
  it('keeps dictionary headers and items consistent and drops the cached code', async () => {
    const header = await call(s.app, admin, 'POST', '/api/blade-system/dict-biz/submit', {
      code: 'grid_kind',
      dictValue: '网格类型',
      sort: 1,
      isSealed: 0,
    });
    expect(header.json().msg, header.body).toBe('新增成功');
    const parentId = header.json().data.id;
    expect(
      (await call(s.app, admin, 'GET', '/api/blade-system/dict-biz/dictionary?code=grid_kind')).json().data,
    ).toEqual([]);
    const item = await call(s.app, admin, 'POST', '/api/blade-system/dict-biz/submit', {
      code: 'ignored',
      parentId,
      dictKey: '1',
      dictValue: '综合网格',
      sort: 1,
      isSealed: 0,
    });
    expect(item.json().msg).toBe('新增成功');
    const items = (
      await call(s.app, admin, 'GET', '/api/blade-system/dict-biz/dictionary?code=grid_kind')
    ).json().data;
    expect(items.map((i: { dictValue: string; code: string }) => [i.code, i.dictValue])).toEqual([
      ['grid_kind', '综合网格'],
    ]);
    const dup = await call(s.app, admin, 'POST', '/api/blade-system/dict-biz/submit', {
      code: 'x',
      parentId,
      dictKey: '1',
      dictValue: '重复',
      sort: 2,
      isSealed: 0,
    });
    expect(dup.json().msg).toBe('当前字典键值已存在!');
    const noKey = await call(s.app, admin, 'POST', '/api/blade-system/dict-biz/submit', {
      code: 'x',
      parentId,
      dictValue: 'y',
      sort: 2,
      isSealed: 0,
    });
    expect(noKey.json().msg).toBe('请输入字典键值');
    const batch = (
      await call(
        s.app,
        admin,
        'GET',
        '/api/blade-system/dict-biz/dictionary-batch?codes=grid_kind,complain_type',
      )
    ).json().data;
    expect(Object.keys(batch).sort()).toEqual(['complain_type', 'grid_kind']);
  });

  it('serves regions as a lazy tree by code with derived paths', async () => {
    const add = (code: string, name: string, level: number, parentCode = '00') =>
      call(s.app, admin, 'POST', '/api/blade-system/region/submit', {
        code,
        name,
        level,
        parentCode,
        sort: 1,
      });
    expect((await add('54', '西藏自治区', 1)).json().msg).toBe('新增成功');
    expect((await add('5401', '拉萨市', 2, '54')).json().msg).toBe('新增成功');
    expect((await add('540102', '城关区', 3, '5401')).json().msg).toBe('新增成功');
    const lazy = (
      await call(s.app, admin, 'GET', '/api/blade-system/region/lazy-tree?parentCode=5401')
    ).json().data;
    expect(lazy).toEqual([
      expect.objectContaining({ id: '540102', parentId: '5401', title: '城关区', hasChildren: false }),
    ]);
    const top = (await call(s.app, admin, 'GET', '/api/blade-system/region/lazy-tree')).json().data;
    expect(top[0]).toMatchObject({ id: '54', hasChildren: true });
    const detail = (await call(s.app, admin, 'GET', '/api/blade-system/region/detail?code=540102')).json()
      .data;
    expect(detail).toMatchObject({
      level: 3,
      ancestors: '00,54,5401',
      provinceName: '西藏自治区',
      cityName: '拉萨市',
      districtName: '城关区',
    });
    const parent = (await call(s.app, admin, 'GET', '/api/blade-system/region/detail?code=5401')).json().data;
    expect(
      (await call(s.app, admin, 'POST', `/api/blade-system/region/remove?ids=${parent.id}`)).json().msg,
    ).toBe('请先删除子节点!');
  });

  it('stores column settings per user', async () => {
    const put = await call(s.app, admin, 'POST', '/api/blade-system/user-setting/submit', {
      key: 'columns:/system/user',
      value: { hidden: ['email'] },
    });
    expect(put.json().success).toBe(true);
    const got = (
      await call(s.app, admin, 'GET', '/api/blade-system/user-setting/detail?key=columns:/system/user')
    ).json().data;
    expect(JSON.parse(got.value)).toEqual({ hidden: ['email'] });
    const other = await login(s.app, { account: 'grid1', password: 'secret' });
    expect(
      (
        await call(s.app, other, 'GET', '/api/blade-system/user-setting/detail?key=columns:/system/user')
      ).json().data,
    ).toBeNull();
    expect(
      (await call(s.app, admin, 'GET', "/api/blade-system/user-setting/detail?key=a'b")).statusCode,
    ).toBe(400);
  });
});

describe('guest registration', () => {
  it('registers a guest who waits for approval before logging in', async () => {
    const t = await call(s.app, admin, 'POST', '/api/blade-system/tenant/submit', {
      tenantName: '吉崇社区',
      linkman: '央金',
    });
    const tenantId = (
      await call(s.app, admin, 'GET', `/api/blade-system/tenant/detail?id=${t.json().data.id}`)
    ).json().data.tenantId;
    const reg = (q: string) => s.app.inject({ method: 'POST', url: `/api/blade-user/register-guest?${q}` });
    expect((await reg('account=a&password=b')).json().msg).toBe('请先输入租户编号');
    expect((await reg(`tenantId=${tenantId}&password=b`)).json().msg).toBe('请先输入账号名称');
    expect((await reg(`tenantId=${tenantId}&account=lhamo`)).json().msg).toBe('请先输入密码');
    const ok = await reg(
      `tenantId=${tenantId}&account=lhamo&name=拉姆&password=27f82cd41195dcc894f97193ece3fd31`,
    );
    expect(ok.json()).toMatchObject({ success: true, msg: '注册申请已提交,请等待管理员审核' });
    expect(
      (await reg(`tenantId=${tenantId}&account=lhamo&password=27f82cd41195dcc894f97193ece3fd31`)).json().msg,
    ).toBe('当前账号已被使用!');
    const pending = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=lhamo&password=27f82cd41195dcc894f97193ece3fd31&grant_type=password`,
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    });
    expect(pending.json().error_description).toBe('账号注册申请正在等待管理员审核');
    const id = (
      await call(s.app, admin, 'GET', `/api/blade-user/list?account_equal=lhamo&tenantId_equal=${tenantId}`)
    ).json().data.records[0].id;
    expect(
      (await call(s.app, admin, 'POST', `/api/blade-user/audit-pass?userIds=${id}`)).json().success,
    ).toBe(true);
    const after = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=lhamo&password=27f82cd41195dcc894f97193ece3fd31&grant_type=password`,
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    });
    // Approved, but no role yet: the login says so instead of letting a role-less user in.
    expect(after.json().error_description).toBe('未获得用户的角色信息');
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { seed } from '../src/seed/seed.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The system endpoints of issue 4 beyond the generic contract: the role forest, the BladeX wire
// endpoints (tree-by-id, parent-list / child-list, region remove?id, app-page, user update), user export
// by dept and sort, guest approval with its own button, and the menu screen's status codes and locking.

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

interface Node {
  id: string;
  roleName?: string;
  parentName?: string;
  hasChildren?: boolean;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

const post = async (url: string, body: unknown) => {
  const res = await call(s.app, admin, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string } | null;
};

describe('roles', () => {
  it('list answers the whole forest with parentName: nothing after the tenth is lost', async () => {
    const parent = (await post('/api/blade-system/role/submit', {
      roleName: '街道干部',
      roleAlias: 'street',
      sort: 1,
    }))!.id;
    for (let i = 1; i <= 12; i++)
      await post('/api/blade-system/role/submit', {
        roleName: `街道干部${i}`,
        roleAlias: `street${i}`,
        parentId: parent,
        sort: i,
      });
    const forest = (await call(s.app, admin, 'GET', '/api/blade-system/role/list')).json().data as Node[];
    expect(Array.isArray(forest)).toBe(true);
    expect(flatten(forest).length).toBeGreaterThan(13);
    const node = forest.find((n) => n.id === parent)!;
    expect(node.parentName).toBe('顶级');
    expect(node.hasChildren).toBe(true);
    expect(node.children!.map((c) => c.roleName)).toEqual(
      Array.from({ length: 12 }, (_, i) => `街道干部${i + 1}`),
    );
    expect(node.children!.every((c) => c.parentName === '街道干部')).toBe(true);
    // filters still apply and stay allow-listed; a child whose parent is filtered out is a root
    const some = (await call(s.app, admin, 'GET', '/api/blade-system/role/list?roleName_like=干部1')).json()
      .data as Node[];
    expect(some.map((n) => n.roleName).sort()).toEqual([
      '街道干部1',
      '街道干部10',
      '街道干部11',
      '街道干部12',
    ]);
    expect(some[0]!.parentName).toBe('街道干部');
    expect((await call(s.app, admin, 'GET', '/api/blade-system/role/list?password=x')).statusCode).toBe(400);
    // page stays paged
    const page = (await call(s.app, admin, 'GET', '/api/blade-system/role/page')).json().data;
    expect(page.records).toHaveLength(10);

    // tree-by-id: the TreeNode forest of the role's tenant; another tenant's role is not found
    const tree = (
      await call(s.app, admin, 'GET', `/api/blade-system/role/tree-by-id?roleId=${parent}`)
    ).json().data as (Node & { title: string })[];
    const mine = tree.find((n) => n.id === parent)!;
    expect(mine.title).toBe('街道干部');
    expect(mine.children).toHaveLength(12);
    expect((await call(s.app, admin, 'GET', '/api/blade-system/role/tree-by-id')).statusCode).toBe(400);
    await addTenantWithUser(s.db, { tenantId: '400001', account: 'r', menuCodes: ['role', 'role_view'] });
    const other = await login(s.app, { tenantId: '400001', account: 'r', password: 'secret' });
    const res = await call(s.app, other, 'GET', `/api/blade-system/role/tree-by-id?roleId=${parent}`);
    expect(res.statusCode).toBe(404);

    // a role cannot hang below its own descendant
    const child = node.children![0]!.id;
    const loop = await call(s.app, admin, 'POST', '/api/blade-system/role/submit', {
      id: parent,
      roleName: '街道干部',
      roleAlias: 'street',
      sort: 1,
      parentId: child,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().msg).toBe('上级角色不能选择自身或其下级角色');
  });
});

describe('dictionaries', () => {
  it('parent-list pages the dictionaries, child-list?parentId answers one dictionary as a forest', async () => {
    for (const base of ['/api/blade-system/dict', '/api/blade-system/dict-biz']) {
      const parents = (await call(s.app, admin, 'GET', `${base}/parent-list?size=100`)).json().data;
      expect(parents.records.length).toBeGreaterThan(0);
      expect(parents.records.every((r: { parentId: string }) => r.parentId === '0')).toBe(true);
      // a caller cannot turn parent-list into the item list
      const forced = (await call(s.app, admin, 'GET', `${base}/parent-list?size=100&parentId_equal=1`)).json()
        .data;
      expect(forced.records.every((r: { parentId: string }) => r.parentId === '0')).toBe(true);
      const header = parents.records[0];
      const items = (await call(s.app, admin, 'GET', `${base}/child-list?parentId=${header.id}`)).json().data;
      expect(Array.isArray(items)).toBe(true);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.parentId).toBe(header.id);
        expect(item.code).toBe(header.code);
        expect(item.parentName).toBe(header.dictValue);
      }
      expect((await call(s.app, admin, 'GET', `${base}/child-list`)).json().data).toEqual([]);
    }
  });

  it('items carry their tag colour: seeded for status dictionaries, edited, answered by the dictionary', async () => {
    type Item = { dictKey: string; dictValue: string; color: string };
    const items = async (code: string): Promise<Item[]> =>
      (await call(s.app, admin, 'GET', `/api/blade-system/dict/dictionary?code=${code}`)).json().data;
    expect((await items('audit_status')).map((i) => [i.dictKey, i.color])).toEqual([
      ['0', 'gold'],
      ['1', 'green'],
      ['2', 'red'],
      ['3', 'default'],
    ]);
    const batch = (
      await call(s.app, admin, 'GET', '/api/blade-system/dict/dictionary-batch?codes=enroll_status,sex')
    ).json().data;
    expect(batch.enroll_status[1]).toMatchObject({ dictValue: '报名成功', color: 'green' });
    expect(batch.sex[0].color).toBe('');
    // an edit through the dictionary screen's wire shows at once (the cached answer is dropped)
    const header = (
      await call(s.app, admin, 'GET', '/api/blade-system/dict/parent-list?code_equal=sex')
    ).json().data.records[0];
    const male = (await call(s.app, admin, 'GET', `/api/blade-system/dict/child-list?parentId=${header.id}`))
      .json()
      .data.find((i: { dictKey: string }) => i.dictKey === '1');
    const saved = await call(s.app, admin, 'POST', '/api/blade-system/dict/submit', {
      ...male,
      color: 'blue',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await items('sex')).find((i) => i.dictKey === '1')?.color).toBe('blue');
  });

  it('gives an existing database the seeded colours it lacks, and keeps a chosen one', async () => {
    const colour = (key: string) =>
      s.db.kysely
        .selectFrom('blade_dict')
        .select('color')
        .where('code', '=', 'duty_status')
        .where('dict_key', '=', key)
        .where('parent_id', '<>', 0)
        .executeTakeFirstOrThrow();
    await s.db.kysely
      .updateTable('blade_dict')
      .set({ color: null })
      .where('code', '=', 'duty_status')
      .execute();
    await s.db.kysely
      .updateTable('blade_dict')
      .set({ color: 'magenta' })
      .where('code', '=', 'duty_status')
      .where('dict_key', '=', '3')
      .execute();
    await seed(s.db, s.config);
    expect((await colour('2')).color).toBe('green');
    expect((await colour('3')).color).toBe('magenta');
  });

  it('accepts the vertical screen button codes for the same resource', async () => {
    const { token } = await (async () => {
      await addTenantWithUser(s.db, {
        tenantId: '000000',
        account: 'vertical',
        menuCodes: ['dict_vertical', 'dict_vertical_view', 'dict_vertical_add', 'dict_vertical_edit'],
      });
      return { token: await login(s.app, { account: 'vertical', password: 'secret' }) };
    })();
    expect((await call(s.app, token, 'GET', '/api/blade-system/dict/list')).statusCode).toBe(200);
    const added = await call(s.app, token, 'POST', '/api/blade-system/dict/submit', {
      code: 'vertical_test',
      dictValue: '竖版测试',
      sort: 1,
      isSealed: 0,
      parentId: '0',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      (await call(s.app, token, 'POST', `/api/blade-system/dict/remove?ids=${added.json().data.id}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('regions', () => {
  it('remove?id= takes one code (BladeX) or one id', async () => {
    for (const code of ['990001', '990002'])
      await post('/api/blade-system/region/submit', { code, name: `测试${code}`, level: 1, sort: 1 });
    const byCode = await call(s.app, admin, 'POST', '/api/blade-system/region/remove?id=990001');
    expect(byCode.json().msg, byCode.body).toBe('删除成功');
    expect((await call(s.app, admin, 'GET', '/api/blade-system/region/detail?code=990001')).statusCode).toBe(
      404,
    );
    const id = (await call(s.app, admin, 'GET', '/api/blade-system/region/detail?code=990002')).json().data
      .id;
    expect((await call(s.app, admin, 'POST', `/api/blade-system/region/remove?id=${id}`)).statusCode).toBe(
      200,
    );
    expect((await call(s.app, admin, 'POST', '/api/blade-system/region/remove?id=990003')).statusCode).toBe(
      404,
    );
    expect((await call(s.app, admin, 'POST', '/api/blade-system/region/remove')).statusCode).toBe(400);
  });
});

describe('users', () => {
  let top: string;
  let below: string;
  const roleAndPost = async () => ({
    roleId: (await call(s.app, admin, 'GET', '/api/blade-system/role/select')).json().data[0].id,
    postId: (await call(s.app, admin, 'GET', '/api/blade-system/post/select')).json().data[0].id,
  });
  const addUser = async (account: string, deptId: string, userType = 1) =>
    (await post('/api/blade-user/submit', {
      account,
      password: '27f82cd41195dcc894f97193ece3fd31', // md5 of Tashi-Delek-8: common passwords are refused
      name: account,
      realName: account,
      userType,
      deptId,
      ...(await roleAndPost()),
    }))!.id;

  beforeAll(async () => {
    top = (await post('/api/blade-system/dept/submit', {
      deptName: '东城',
      fullName: '东城',
      deptCategory: 1,
      sort: 1,
    }))!.id;
    below = (await post('/api/blade-system/dept/submit', {
      deptName: '东城一社区',
      fullName: '东城一社区',
      parentId: top,
      deptCategory: 1,
      sort: 1,
    }))!.id;
    await addUser('ucharlie', top);
    await addUser('ualpha', below, 2);
    await addUser('ubravo', below);
  });

  it('app-page lists the app users unless asked otherwise; update serves beside submit', async () => {
    const app = (await call(s.app, admin, 'GET', '/api/blade-user/app-page?account_likeright=u&size=50'))
      .json()
      .data.records.map((r: { account: string }) => r.account);
    expect(app).toEqual(['ualpha']);
    const web = (
      await call(s.app, admin, 'GET', '/api/blade-user/app-page?account_likeright=u&userType_equal=1&size=50')
    )
      .json()
      .data.records.map((r: { account: string }) => r.account)
      .sort();
    expect(web).toEqual(['ubravo', 'ucharlie']);
    const bravo = (await call(s.app, admin, 'GET', '/api/blade-user/page?account_equal=ubravo')).json().data
      .records[0];
    const updated = await call(s.app, admin, 'POST', '/api/blade-user/update', {
      ...bravo,
      realName: '布拉沃',
    });
    expect(updated.json().msg, updated.body).toBe('更新成功');
    expect(
      (await call(s.app, admin, 'GET', `/api/blade-user/detail?id=${bravo.id}`)).json().data.realName,
    ).toBe('布拉沃');
  });

  it('answers the party-member picker key idcard (lower case) like idCard', async () => {
    const bravo = (await call(s.app, admin, 'GET', '/api/blade-user/page?account_equal=ucharlie')).json().data
      .records[0];
    await post('/api/blade-user/submit', { ...bravo, idCard: '540102199001010011' });
    for (const key of ['idcard_like', 'idCard_like']) {
      const res = await call(s.app, admin, 'GET', `/api/blade-user/page?${key}=9900101001`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json().data.records.map((r: { account: string }) => r.account)).toEqual(['ucharlie']);
    }
  });

  it('exports a dept and the depts below it, in the sort asked for', async () => {
    const sheet = async (query: string) => {
      const res = await call(s.app, admin, 'GET', `/api/blade-user/export?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = book.worksheets[0]!;
      const col = (ws.getRow(1).values as string[]).indexOf('登录账号');
      const out: string[] = [];
      ws.eachRow((row, n) => n > 1 && out.push(String(row.getCell(col).value)));
      return out;
    };
    // the same rows as the page of that dept (its users and those of the depts below)
    const page = (await call(s.app, admin, 'GET', `/api/blade-user/page?deptId=${top}&ascs=account`))
      .json()
      .data.records.map((r: { account: string }) => r.account);
    expect(page).toEqual(['ualpha', 'ubravo', 'ucharlie']);
    expect(await sheet(`deptId=${top}&ascs=account`)).toEqual(page);
    expect(await sheet(`deptId=${top}&descs=account`)).toEqual([...page].reverse());
    expect(await sheet(`deptId=${below}&ascs=account`)).toEqual(['ualpha', 'ubravo']);
    expect((await call(s.app, admin, 'GET', '/api/blade-user/export?ascs=password')).statusCode).toBe(400);
  });

  it('approves a guest registration with its own button code, and only a pending one', async () => {
    const id = await addUser('uguest', top);
    await s.db.kysely.updateTable('blade_user').set({ status: 2 }).where('id', '=', id).execute();
    const pending = (await call(s.app, admin, 'GET', '/api/blade-user/page?status_equal=2')).json().data
      .records;
    expect(pending.map((r: { account: string; status: number }) => [r.account, r.status])).toEqual([
      ['uguest', 2],
    ]);
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'unlocker',
      menuCodes: ['user', 'user_view', 'user_unlock'],
    });
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'auditor',
      menuCodes: ['user', 'user_view', 'user_audit'],
    });
    const unlocker = await login(s.app, { account: 'unlocker', password: 'secret' });
    const auditor = await login(s.app, { account: 'auditor', password: 'secret' });
    const url = `/api/blade-user/audit-pass?userIds=${id}`;
    expect((await call(s.app, unlocker, 'POST', url)).statusCode).toBe(403);
    const before = (await call(s.app, admin, 'GET', `/api/blade-user/detail?id=${id}`)).json().data;
    expect((await call(s.app, auditor, 'POST', url)).json().msg).toBe('操作成功');
    const after = (await call(s.app, admin, 'GET', `/api/blade-user/detail?id=${id}`)).json().data;
    expect(after.status).toBe(1);
    // the approval changed the row: an edit form read before it is stale
    expect(after.version).toBe(before.version + 1);
    expect((await call(s.app, admin, 'POST', '/api/blade-user/submit', before)).statusCode).toBe(409);
    const again = await call(s.app, auditor, 'POST', url);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('只能审核待审核的注册账号');
  });
});

describe('menus', () => {
  it('submit without the button is 403; an update names the version it read', async () => {
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'menuviewer',
      menuCodes: ['menu', 'menu_view'],
    });
    const viewer = await login(s.app, { account: 'menuviewer', password: 'secret' });
    const denied = await call(s.app, viewer, 'POST', '/api/blade-system/menu/submit', {
      code: 'x_menu',
      name: 'x',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('请求被拒绝,缺少操作权限');

    const id = (await post('/api/blade-system/menu/submit', {
      code: 'lock_menu',
      name: '锁定测试',
      sort: 1,
    })) as null | { id: string };
    expect(id).toBeNull(); // BladeX answers R.status
    const listed = (await call(s.app, admin, 'GET', '/api/blade-system/menu/lazy-list?code=lock_menu')).json()
      .data[0];
    const read = (await call(s.app, admin, 'GET', `/api/blade-system/menu/detail?id=${listed.id}`)).json()
      .data;
    expect(read.version).toBe(1);
    await post('/api/blade-system/menu/submit', { ...read, name: '锁定测试改' });
    const stale = await call(s.app, admin, 'POST', '/api/blade-system/menu/submit', { ...read, name: '旧' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被他人修改,请刷新后重试');
    const now = (await call(s.app, admin, 'GET', `/api/blade-system/menu/detail?id=${listed.id}`)).json()
      .data;
    expect(now).toMatchObject({ name: '锁定测试改', version: 2 });
    // a BladeX client that sends no version is last-writer-wins (record-version.ts)
    const { version: _v, ...blind } = now;
    await post('/api/blade-system/menu/submit', { ...blind, name: '无版本' });
    expect(
      (await call(s.app, admin, 'GET', `/api/blade-system/menu/detail?id=${listed.id}`)).json().data,
    ).toMatchObject({ name: '无版本', version: 3 });
  });
});

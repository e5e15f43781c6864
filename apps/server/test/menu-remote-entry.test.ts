// Issue 10 item 3: a remote's entry URL is kept once, on the remote's root menu. The seed puts it there
// only; a copy on a menu below is dropped, another URL there or on a second root is refused; saving a
// root clears the copies older data kept below it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './harness.js';

interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  remote: string;
  remoteEntry: string;
  version: number;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let s: TestServer;
let admin: string;
const menus = async () =>
  flatten((await call(s.app, admin, 'GET', '/api/blade-system/menu/menu-list')).json().data);
const byCode = async (code: string) => (await menus()).find((m) => m.code === code)!;
const submit = (body: Record<string, unknown>) =>
  call(s.app, admin, 'POST', '/api/blade-system/menu/submit', { category: 1, sort: 1, ...body });

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

describe('one remote entry per remote, on its root menu', () => {
  it('the seed registers each remote entry on its root menu only', async () => {
    const all = await menus();
    const carrying = all.filter((m) => m.remoteEntry);
    expect(carrying.map((m) => [m.code, m.remoteEntry]).sort()).toEqual(
      ['community', 'party', 'system', 'workflow'].map((r) => [r, `/remotes/${r}/mf-manifest.json`]),
    );
    expect(all.filter((m) => m.remote === 'party').length).toBeGreaterThan(5);
  });

  it('a menu below the root: an equal copy is dropped, another URL is refused naming the root', async () => {
    const party = await byCode('party');
    const copy = await submit({
      parentId: party.id,
      code: 'party_copy',
      name: '复制入口',
      path: '/party/copy',
      remote: 'party',
      remoteEntry: '/remotes/party/mf-manifest.json',
    });
    expect(copy.json().msg, copy.body).toBe('新增成功');
    expect((await byCode('party_copy')).remoteEntry).toBe('');

    const other = await submit({
      parentId: party.id,
      code: 'party_other',
      name: '另一个入口',
      path: '/party/other',
      remote: 'party',
      remoteEntry: 'https://cdn.example.com/party/mf-manifest.json',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe('远程模块 party 的地址登记在它的根菜单「党建管理」上,子菜单不用填写');
  });

  it('a second root of the same remote with another URL is refused; a root of another remote is not', async () => {
    const sys = await byCode('system');
    const second = await submit({
      parentId: sys.id,
      code: 'party_elsewhere',
      name: '党建入口',
      path: '/party/elsewhere',
      remote: 'party',
      remoteEntry: 'https://cdn.example.com/party/mf-manifest.json',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().msg).toBe(
      '远程模块 party 已在菜单「党建管理」登记了地址 /remotes/party/mf-manifest.json,一个远程模块只有一个地址',
    );
    // a remote of its own below the system menu is that remote's root
    const ext = await submit({
      parentId: sys.id,
      code: 'ext_root',
      name: '外部模块',
      path: '/ext/index',
      remote: 'ext',
      remoteEntry: 'https://cdn.example.com/ext/mf-manifest.json',
    });
    expect(ext.json().msg, ext.body).toBe('新增成功');
    expect((await byCode('ext_root')).remoteEntry).toBe('https://cdn.example.com/ext/mf-manifest.json');
  });

  it('saving a root clears the copies older data kept on the menus below it', async () => {
    // older data: the entry copied onto every menu of the tree
    await s.db.tx({ tenantId: '000000' }, (trx) =>
      trx
        .updateTable('blade_menu')
        .set({ remote_entry: '/remotes/community/mf-manifest.json' })
        .where('remote', '=', 'community')
        .execute(),
    );
    // any menu change drops the server's cached menus
    expect(
      (await submit({ parentId: '0', code: 'touch', name: '刷新缓存', path: '/touch' })).statusCode,
    ).toBe(200);
    const copies = () => menus().then((all) => all.filter((m) => m.remote === 'community' && m.remoteEntry));
    expect((await copies()).length).toBeGreaterThan(5);
    const root = await byCode('community');
    const moved = await submit({
      ...root,
      children: undefined,
      remoteEntry: 'https://cdn.example.com/community/mf-manifest.json',
    });
    expect(moved.json().msg, moved.body).toBe('更新成功');
    expect((await copies()).map((m) => [m.code, m.remoteEntry])).toEqual([
      ['community', 'https://cdn.example.com/community/mf-manifest.json'],
    ]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { MenuNode } from '@tongxin/api-client';
import {
  filterByRole,
  menuLeaves,
  menuQuery,
  menuTarget,
  searchMenus,
  visibleFor,
} from '../src/menu/menu-tree';
import { pageForPath } from '../src/pages/page-for-path';
import { remoteNameFor, remotesOfMenus } from '../src/remotes/remote-of-menu';

const node = (over: Partial<MenuNode>): MenuNode => ({
  id: over.path ?? 'x',
  parentId: '0',
  code: 'c',
  name: 'n',
  path: '/x',
  ...over,
});

const tree: MenuNode[] = [
  node({
    id: '1',
    name: '系统管理',
    nameEn: 'System',
    path: '/system',
    children: [
      node({
        id: '11',
        name: '参数管理',
        nameEn: 'Parameters',
        path: '/system/param',
        remote: 'system',
        remoteEntry: '/remotes/system/mf-manifest.json',
      }),
      node({ id: '12', name: '用户管理', path: '/system/user', remote: 'system' }),
      node({ id: '13', name: '仅管理员', path: '/system/secret', meta: { roles: ['administrator'] } }),
    ],
  }),
  node({
    id: '2',
    name: '党员值班',
    path: '/party/partyduty',
    remote: 'party',
    remoteEntry: '/remotes/party/mf-manifest.json',
  }),
  node({ id: '3', name: '外部链接', path: 'https://example.org/a', isOpen: 2 }),
  node({ id: '4', name: '报表', path: '/report/index.html' }),
  node({ id: '5', name: '新模块', path: '/newmod/page' }),
];

describe('menu rules', () => {
  it('hides items whose meta roles exclude the current role', () => {
    expect(visibleFor(node({ meta: { roles: ['administrator'] } }), 'user')).toBe(false);
    expect(visibleFor(node({ meta: { roles: ['administrator'] } }), 'user,administrator')).toBe(true);
    expect(visibleFor(node({ meta: {} }), 'user')).toBe(true);
    const paths = menuLeaves(filterByRole(tree, 'user')).map((n) => n.path);
    expect(paths).not.toContain('/system/secret');
    expect(menuLeaves(filterByRole(tree, 'administrator')).map((n) => n.path)).toContain('/system/secret');
  });

  it('search is a prefix match on the name', () => {
    expect(searchMenus(tree, '参数').map((n) => n.path)).toEqual(['/system/param']);
    expect(searchMenus(tree, '管理').map((n) => n.path)).toEqual([]);
    expect(searchMenus(tree, 'param').map((n) => n.path)).toEqual(['/system/param']);
    expect(searchMenus(tree, '  ')).toEqual([]);
  });

  it('http links and html paths open in the iframe route; isOpen=2 http opens a window', () => {
    expect(menuTarget(tree[2]!)).toEqual({ kind: 'window', url: 'https://example.org/a' });
    expect(menuTarget(node({ path: 'https://example.org/b', name: '嵌入' }))).toEqual({
      kind: 'route',
      path: '/myiframe/urlPath',
      query: { src: 'https://example.org/b', name: '嵌入' },
    });
    expect(menuTarget(tree[3]!)).toMatchObject({
      kind: 'route',
      path: '/myiframe/urlPath',
      query: { src: '/report/index.html' },
    });
    expect(menuTarget(node({ path: '/system/param', query: 'a=1' }))).toEqual({
      kind: 'route',
      path: '/system/param',
      query: { a: '1' },
    });
  });

  it('query may be an object, a JSON string or a query string', () => {
    expect(menuQuery(node({ query: { a: '1' } }))).toEqual({ a: '1' });
    expect(menuQuery(node({ query: '{"b":"2"}' }))).toEqual({ b: '2' });
    expect(menuQuery(node({ query: '?c=3' }))).toEqual({ c: '3' });
    expect(menuQuery(node({}))).toEqual({});
  });
});

describe('remote registry inputs', () => {
  it('a menu path is served by the named remote, else its first segment', () => {
    expect(remoteNameFor({ path: '/party/partyduty' })).toBe('party');
    expect(remoteNameFor({ path: '/work/todo', remote: 'workflow' })).toBe('workflow');
  });

  it('registers only the remotes the menu names with an entry URL', () => {
    expect(remotesOfMenus(tree)).toEqual([
      { name: 'system', entry: '/remotes/system/mf-manifest.json' },
      { name: 'party', entry: '/remotes/party/mf-manifest.json' },
      // named only by its first path segment: the server's conventional location
      { name: 'newmod', entry: '/remotes/newmod/mf-manifest.json' },
    ]);
    const custom = [
      node({ path: '/x/y', remote: 'ext', remoteEntry: 'https://cdn.example.org/ext/mf-manifest.json' }),
    ];
    expect(remotesOfMenus(custom)).toEqual([
      { name: 'ext', entry: 'https://cdn.example.org/ext/mf-manifest.json' },
    ]);
  });

  it("takes a remote's entry from its root menu and warns about menus naming another", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const menus = [
      node({
        id: 'p',
        name: '党建管理',
        path: '/party',
        remote: 'party',
        remoteEntry: 'https://cdn.example.org/party/mf-manifest.json',
        children: [
          node({
            id: 'p1',
            parentId: 'p',
            name: '党员值班',
            path: '/party/partyduty',
            remote: 'party',
            remoteEntry: '/remotes/party/mf-manifest.json',
          }),
          node({ id: 'p2', parentId: 'p', name: '党员档案', path: '/party/archive', remote: 'party' }),
        ],
      }),
    ];
    expect(remotesOfMenus(menus)).toEqual([
      { name: 'party', entry: 'https://cdn.example.org/party/mf-manifest.json' },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      'party: the menu "党建管理" registers https://cdn.example.org/party/mf-manifest.json, which is used; "党员值班" names /remotes/party/mf-manifest.json',
    );
    warn.mockClear();
    remotesOfMenus(tree);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('maps layout paths to shell pages, the iframe page or remote pages; unknown → undefined', () => {
    expect(pageForPath('/wel/index', tree)).toMatchObject({ kind: 'shell', id: 'wel' });
    expect(pageForPath('/info/index', tree)).toMatchObject({ kind: 'shell', id: 'info' });
    expect(pageForPath('/myiframe/urlPath', tree)).toEqual({ kind: 'iframe' });
    expect(pageForPath('/system/param', tree)).toMatchObject({ kind: 'remote', remote: 'system' });
    expect(pageForPath('/newmod/page', tree)).toMatchObject({ kind: 'remote', remote: 'newmod' });
    expect(pageForPath('/system', tree)).toBeUndefined();
    expect(pageForPath('/nowhere', tree)).toBeUndefined();
  });

  it('serves layout routes below a menu entry from that entry remote (deepest entry wins)', () => {
    const leave = pageForPath('/party/partyduty/detail/42', tree);
    expect(leave).toMatchObject({ kind: 'remote', remote: 'party', sub: true, node: { name: '党员值班' } });
    expect(pageForPath('/system/param/edit/1', tree)).toMatchObject({
      kind: 'remote',
      remote: 'system',
      node: { name: '参数管理' },
    });
    // below a group only: the group's remote (here by its first segment)
    expect(pageForPath('/system/other/page', tree)).toMatchObject({ kind: 'remote', remote: 'system' });
    expect(pageForPath('/nowhere/deep/path', tree)).toBeUndefined();
    expect(pageForPath('/party/partydutyx', tree)).toBeUndefined();
  });
});

describe('sidebar opening', () => {
  it('finds the groups above the active page', async () => {
    const { ancestorIds } = await import('../src/menu/menu-tree');
    expect(ancestorIds(tree, '/system/param')).toEqual(['1']);
    expect(ancestorIds(tree, '/party/partyduty')).toEqual([]);
    expect(ancestorIds(tree, '/none')).toBeUndefined();
  });
});

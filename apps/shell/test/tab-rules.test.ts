import { describe, expect, it } from 'vitest';
import {
  activeTab,
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  homeTab,
  openTab,
  rekey,
  tabKey,
  tabUrl,
  type Tab,
  type TabsState,
} from '../src/tabs/tab-rules';

const tab = (path: string, query: Record<string, string> = {}): Tab => ({
  key: tabKey(path, query),
  path,
  label: path,
  query,
  close: true,
});
const home = homeTab('/wel/index', '首页');
const start = (): TabsState => ({ tabs: [home], activeKey: home.key });
const openAll = (...paths: string[]) => paths.reduce((s, p) => openTab(s, tab(p)), start());

describe('tab rules', () => {
  it('opening a page adds a tab and activates it; opening it again only activates it', () => {
    let s = openAll('/a', '/b');
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index', '/a', '/b']);
    expect(s.activeKey).toBe('/b');
    s = openTab(s, tab('/a'));
    expect(s.tabs).toHaveLength(3);
    expect(s.activeKey).toBe('/a');
  });

  it('the path identifies a tab: another query on the same path reuses it and takes the new query', () => {
    expect(tabKey('/system/user', { x: '1' })).toBe('/system/user');
    const s = openTab(openTab(start(), tab('/x', { id: '1' })), tab('/x', { id: '2' }));
    expect(s.tabs).toHaveLength(2);
    expect(s.activeKey).toBe('/x');
    expect(activeTab(s)?.query).toEqual({ id: '2' });
    expect(tabUrl(activeTab(s)!)).toBe('/x?id=2');
    // back to no query: the tab follows
    const plain = openTab(s, tab('/x'));
    expect(plain.tabs).toHaveLength(2);
    expect(tabUrl(activeTab(plain)!)).toBe('/x');
  });

  it('iframe tabs share one path and are told apart by the embedded page (src)', () => {
    const a = tabKey('/myiframe/urlPath', { src: 'https://a.example/', name: 'A' });
    const b = tabKey('/myiframe/urlPath', { src: 'https://b.example/', name: 'B' });
    expect(a).not.toBe(b);
    expect(tabKey('/myiframe/urlPath', { name: 'A2', src: 'https://a.example/' })).toBe(a);
    const s = openTab(
      openTab(start(), tab('/myiframe/urlPath', { src: 'https://a.example/' })),
      tab('/myiframe/urlPath', { src: 'https://b.example/' }),
    );
    expect(s.tabs).toHaveLength(3);
  });

  it('tabs saved under the old identity (path + query) are re-keyed, duplicates merged', () => {
    const saved: TabsState = {
      tabs: [
        home,
        { ...tab('/x', { id: '1' }), key: '/x?id=1' },
        { ...tab('/x', { id: '2' }), key: '/x?id=2' },
        { ...tab('/y', { a: '1' }), key: '/y?a=1' },
      ],
      activeKey: '/y?a=1',
    };
    const s = rekey(saved);
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index', '/x', '/y']);
    expect(s.tabs[1]?.query).toEqual({ id: '1' });
    expect(s.activeKey).toBe('/y');
  });

  it('closing the active tab activates the previous one', () => {
    const s = closeTab(openAll('/a', '/b', '/c'), '/c');
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index', '/a', '/b']);
    expect(s.activeKey).toBe('/b');
    const s2 = closeTab({ ...openAll('/a', '/b', '/c'), activeKey: '/a' }, '/a');
    expect(s2.activeKey).toBe('/wel/index');
  });

  it('closing an inactive tab keeps the active one', () => {
    const s = closeTab(openAll('/a', '/b'), '/a');
    expect(s.activeKey).toBe('/b');
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index', '/b']);
  });

  it('the home tab cannot close', () => {
    const s = openAll('/a');
    expect(canClose(s, '/wel/index')).toBe(false);
    expect(closeTab(s, '/wel/index')).toBe(s);
  });

  it('the last tab cannot close', () => {
    const only: TabsState = { tabs: [tab('/a')], activeKey: '/a' };
    expect(canClose(only, '/a')).toBe(false);
    expect(closeTab(only, '/a')).toBe(only);
  });

  it('close others keeps home and the active tab', () => {
    const s = closeOthers({ ...openAll('/a', '/b', '/c'), activeKey: '/b' });
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index', '/b']);
    expect(s.activeKey).toBe('/b');
  });

  it('close all returns home', () => {
    const s = closeAll(openAll('/a', '/b'), '/wel/index');
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index']);
    expect(s.activeKey).toBe('/wel/index');
    expect(activeTab(s)?.path).toBe('/wel/index');
  });

  it('closing an unknown key changes nothing', () => {
    const s = openAll('/a');
    expect(closeTab(s, '/nope')).toBe(s);
  });
});

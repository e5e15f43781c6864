import { describe, expect, it } from 'vitest';
import {
  activeTab,
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  homeTab,
  openTab,
  tabKey,
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

describe('tab rules (§2)', () => {
  it('opening a page adds a tab and activates it; opening it again only activates it', () => {
    let s = openAll('/a', '/b');
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index', '/a', '/b']);
    expect(s.activeKey).toBe('/b');
    s = openTab(s, tab('/a'));
    expect(s.tabs).toHaveLength(3);
    expect(s.activeKey).toBe('/a');
  });

  it('the query is part of the tab identity, in any key order', () => {
    expect(tabKey('/x', { b: '2', a: '1' })).toBe('/x?a=1&b=2');
    expect(tabKey('/x', { a: '1', b: '2' })).toBe(tabKey('/x', { b: '2', a: '1' }));
    const s = openTab(openTab(start(), tab('/x', { id: '1' })), tab('/x', { id: '2' }));
    expect(s.tabs).toHaveLength(3);
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

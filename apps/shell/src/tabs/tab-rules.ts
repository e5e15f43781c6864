import { IFRAME_PREFIX } from '../guard/fixed-routes';

/** Tab rules (docs/front-end.md#the-shells-frame), as pure functions over an immutable list. */
export interface Tab {
  /** The tab's identity (see `tabKey`). */
  key: string;
  path: string;
  /** Label, or an i18n key when `i18n` is set. */
  label: string;
  /** English label from the menu (nameEn), shown when the language is en. */
  labelEn?: string;
  i18n?: string;
  query: Record<string, string>;
  /** false: the tab cannot be closed (the home tab). */
  close: boolean;
  /** false (menu meta.keepAlive): the page is not kept alive while its tab is in the background. */
  keepAlive?: boolean;
}

export interface TabsState {
  tabs: Tab[];
  activeKey: string;
}

/**
 * What identifies a tab: its path. Another query on the same path reuses that tab and updates its query
 * (as BladeX/Avue do), so `/system/user?x=1` does not open a second 用户管理. The iframe route serves
 * every embedded page on one path, so there the embedded page (`src`) is part of the identity.
 */
export const tabKey = (path: string, query: Record<string, string> = {}): string =>
  path.startsWith(IFRAME_PREFIX) && query.src
    ? `${path}?${new URLSearchParams({ src: query.src }).toString()}`
    : path;

/** The URL a tab shows: its path with its current query. */
export const tabUrl = (tab: Pick<Tab, 'path' | 'query'>): string => {
  const search = new URLSearchParams(tab.query).toString();
  return search ? `${tab.path}?${search}` : tab.path;
};

export const homeTab = (homePath: string, label: string, i18n?: string): Tab => ({
  key: homePath,
  path: homePath,
  label,
  i18n,
  query: {},
  close: false,
});

/** Opens (or activates) a tab, taking the opener's query and label; the home tab always stays first. */
export function openTab(state: TabsState, tab: Tab): TabsState {
  const exists = state.tabs.some((t) => t.key === tab.key);
  return {
    tabs: exists
      ? state.tabs.map((t) =>
          t.key === tab.key
            ? {
                ...t,
                path: tab.path,
                query: tab.query,
                label: tab.label,
                labelEn: tab.labelEn,
                i18n: tab.i18n,
                keepAlive: tab.keepAlive,
              }
            : t,
        )
      : [...state.tabs, tab],
    activeKey: tab.key,
  };
}

/** Tabs saved under an older identity rule (path + query) get today's keys; tabs that now share a key
 * merge into the first of them. */
export function rekey(state: TabsState): TabsState {
  const tabs: Tab[] = [];
  for (const tab of state.tabs) {
    const key = tabKey(tab.path, tab.query);
    if (!tabs.some((t) => t.key === key)) tabs.push({ ...tab, key });
  }
  const active = state.tabs.find((t) => t.key === state.activeKey);
  return { tabs, activeKey: active ? tabKey(active.path, active.query) : state.activeKey };
}

export const canClose = (state: TabsState, key: string): boolean => {
  const tab = state.tabs.find((t) => t.key === key);
  return !!tab && tab.close && state.tabs.length > 1;
};

/** Closing the active tab activates the previous one; the last tab and the home tab stay. */
export function closeTab(state: TabsState, key: string): TabsState {
  if (!canClose(state, key)) return state;
  const index = state.tabs.findIndex((t) => t.key === key);
  const tabs = state.tabs.filter((t) => t.key !== key);
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey };
  const previous = tabs[Math.max(0, index - 1)];
  return { tabs, activeKey: previous ? previous.key : state.activeKey };
}

/** Keeps the home tab(s) and the active one. */
export function closeOthers(state: TabsState): TabsState {
  return {
    tabs: state.tabs.filter((t) => !t.close || t.key === state.activeKey),
    activeKey: state.activeKey,
  };
}

/** Keeps only unclosable tabs and returns home. */
export function closeAll(state: TabsState, homeKey: string): TabsState {
  const tabs = state.tabs.filter((t) => !t.close);
  return { tabs, activeKey: tabs.some((t) => t.key === homeKey) ? homeKey : (tabs[0]?.key ?? homeKey) };
}

export const activeTab = (state: TabsState): Tab | undefined =>
  state.tabs.find((t) => t.key === state.activeKey);

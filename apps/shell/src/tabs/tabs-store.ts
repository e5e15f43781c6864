import { create } from 'zustand';
import { getStore, setStore } from '@tongxin/api-client';
import { HOME_PATH } from '../guard/fixed-routes';
import {
  activeTab,
  closeAll,
  closeOthers,
  closeTab,
  homeTab,
  openTab,
  rekey,
  tabUrl,
  type Tab,
  type TabsState,
} from './tab-rules';

const STORE_NAME = 'tagList';
const initial = (): TabsState => ({ tabs: [homeTab(HOME_PATH, '首页', 'menu.home')], activeKey: HOME_PATH });

interface TabsStore extends TabsState {
  /** Bumped per tab by "clear cache" so kept-alive pages remount. */
  generation: number;
  open: (tab: Tab) => void;
  close: (key: string) => void;
  closeOthers: () => void;
  closeAll: () => void;
  remountAll: () => void;
  reset: () => void;
}

const persist = (state: TabsState) => setStore({ name: STORE_NAME, content: state });

/** Open tabs, persisted so a reload keeps them (docs/front-end.md#the-shells-frame). */
export const useTabsStore = create<TabsStore>((set, get) => {
  const apply = (next: TabsState) => {
    persist(next);
    set(next);
  };
  return {
    ...rekey(getStore<TabsState>(STORE_NAME) ?? initial()),
    generation: 0,
    open: (tab) => apply(openTab(get(), tab)),
    close: (key) => apply(closeTab(get(), key)),
    closeOthers: () => apply(closeOthers(get())),
    closeAll: () => apply(closeAll(get(), HOME_PATH)),
    remountAll: () => set({ generation: get().generation + 1 }),
    reset: () => apply(initial()),
  };
});

/** The URL of the active tab (where to go after the active tab closed, or after unlocking). */
export const activeTabUrl = (): string => {
  const tab = activeTab(useTabsStore.getState());
  return tab ? tabUrl(tab) : HOME_PATH;
};

import { create } from 'zustand';
import {
  getMenuButtons,
  getMenuRoutes,
  getTopMenus,
  toPermissionMap,
  type MenuNode,
  type TopMenu,
} from '@tongxin/api-client';
import { useSessionStore } from '@tongxin/shared-ui/session';

interface MenuState {
  menus: MenuNode[];
  topMenus: TopMenu[];
  /** '' = the home item of the top menu. */
  topMenuId: string;
  loaded: boolean;
  /** Reads the menu tree, top menus and button permissions (docs/domain-model.md#who-may-do-what). */
  load: (topMenuId?: string) => Promise<void>;
  reset: () => void;
}

export const useMenuStore = create<MenuState>((set) => ({
  menus: [],
  topMenus: [],
  topMenuId: '',
  loaded: false,
  load: async (topMenuId = '') => {
    const [menus, topMenus, buttons] = await Promise.all([
      getMenuRoutes(topMenuId || undefined),
      getTopMenus().catch(() => [] as TopMenu[]),
      getMenuButtons().catch(() => []),
    ]);
    useSessionStore.getState().setPermissions(toPermissionMap(buttons));
    set({ menus, topMenus, topMenuId, loaded: true });
  },
  reset: () => set({ menus: [], topMenus: [], topMenuId: '', loaded: false }),
}));

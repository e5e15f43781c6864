import { useMenuStore } from '../menu/menu-store';
import { registerMenuRemotes } from './remote-registry';
import { remotesOfMenus } from './remote-of-menu';

/**
 * Registers the remotes a menu tree names as soon as the tree is stored: zustand calls this
 * synchronously inside set(), before any tab page can ask for a remote.
 */
export function registerRemotesOnMenuChange(): () => void {
  registerMenuRemotes(remotesOfMenus(useMenuStore.getState().menus));
  return useMenuStore.subscribe((state, previous) => {
    if (state.menus !== previous.menus) registerMenuRemotes(remotesOfMenus(state.menus));
  });
}

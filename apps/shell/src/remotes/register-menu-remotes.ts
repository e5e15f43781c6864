import { website } from '@tongxin/api-client';
import { useMenuStore } from '../menu/menu-store';
import { registerMenuRemotes } from './remote-registry';
import { checkAllForUpdates } from './remote-updates';
import { remotesOfMenus } from './remote-of-menu';

/**
 * Registers the remotes a menu tree names as soon as the tree is stored: zustand calls this
 * synchronously inside set(), before any tab page can ask for a remote. Also watches the remotes
 * running in the page for a redeploy: when the page is shown again and every remoteUpdateCheckMs
 * (opening a remote's tab checks that remote too).
 */
export function registerRemotesOnMenuChange(): () => void {
  registerMenuRemotes(remotesOfMenus(useMenuStore.getState().menus));
  const check = () => {
    if (document.visibilityState === 'visible') void checkAllForUpdates();
  };
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', check);
  const timer = setInterval(check, website.remoteUpdateCheckMs);
  const unsubscribe = useMenuStore.subscribe((state, previous) => {
    if (state.menus !== previous.menus) registerMenuRemotes(remotesOfMenus(state.menus));
  });
  return () => {
    unsubscribe();
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', check);
    clearInterval(timer);
  };
}

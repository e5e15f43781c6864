import { clearDictCache, clearTokens, saveTokenResponse, type TokenResponse } from '@tongxin/api-client';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { useMenuStore } from '../menu/menu-store';
import { useTabsStore } from '../tabs/tabs-store';
import { useAuthStore } from './auth-store';

/** Login (docs/front-end.md#session-and-lock): stores tokens, tenant and user, clears tabs and the lock. */
export function completeLogin(res: TokenResponse): void {
  saveTokenResponse(res);
  useTabsStore.getState().reset();
  useAuthStore.getState().clearLock();
  useAuthStore.getState().syncFromStorage();
  useSessionStore.getState().setUser(res);
}

/** Local logout (docs/front-end.md#session-and-lock): clears token, menus, roles/permissions, tabs and
 * lock. */
export function logoutLocally(): void {
  clearTokens();
  clearDictCache();
  useMenuStore.getState().reset();
  useSessionStore.getState().reset();
  useTabsStore.getState().reset();
  useAuthStore.getState().clearLock();
  useAuthStore.getState().syncFromStorage();
}

/** A refresh elsewhere (token check) stored a new token: keep the stores in step. */
export function syncSessionFromStorage(): void {
  useAuthStore.getState().syncFromStorage();
  useSessionStore.getState().setUser(useAuthStore.getState().user);
}

import i18next from 'i18next';
import { configureHttp, onTokenChange, startTokenCheck, UNKNOWN_ERROR } from '@tongxin/api-client';
import { LOGIN_PATH } from '../guard/fixed-routes';
import { useToastStore } from '../notify/toast-store';
import { logoutLocally, syncSessionFromStorage } from '../session/session-actions';
import { navigateTo } from './navigation';

/** Wires the http client to the shell: error toasts, 401 → local logout + /login, token check. */
export function installHttpHooks(): void {
  configureHttp({
    notifyError: (message) =>
      useToastStore
        .getState()
        .push('error', message === UNKNOWN_ERROR ? i18next.t('shell:errors.unknown') : message),
    onUnauthorized: () => {
      logoutLocally();
      if (window.location.pathname !== LOGIN_PATH) navigateTo(LOGIN_PATH);
    },
  });
  onTokenChange(syncSessionFromStorage);
  startTokenCheck();
}

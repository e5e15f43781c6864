import { installErrorCapture } from '../errorlog/install-error-capture';
import { initI18n } from '../i18n/init-i18n';
import { takeDevRemoteParams } from '../remotes/dev-remotes';
import { syncSessionFromStorage } from '../session/session-actions';
import { toI18nLanguage, useAppearanceStore } from '../theme/appearance-store';
import { installHttpHooks } from './install-http-hooks';

/** What the page sets up before it renders: error capture, i18n, the http hooks, a local dev remote
 * named in the URL (dev-remotes.ts), and the session. */
export async function preparePage(): Promise<void> {
  installErrorCapture();
  await initI18n(toI18nLanguage(useAppearanceStore.getState().language));
  installHttpHooks();
  const href = takeDevRemoteParams(window.location.href);
  if (href !== window.location.href) window.history.replaceState(window.history.state, '', href);
  // Shell and remotes read the user from the shared session store. Only a login filled it, so after a
  // reload (F5) it held no user until the next login: fill it from what browser storage kept.
  syncSessionFromStorage();
}

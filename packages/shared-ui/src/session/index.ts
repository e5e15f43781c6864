/** antd-free part of shared-ui: what /login may load. */
export { useSessionStore, usePermission, type SessionState } from './session-store';
export { addI18nBundles, LANGUAGES, type Language, type Bundle, type LanguageBundles } from './i18n-bundles';
export {
  REMOTE_API_VERSION,
  isRemoteRoutesModule,
  type RemotePageProps,
  type RemotePage,
  type RemoteRoutesModule,
} from './remote-contract';
export { useShellBridge, type ShellBridge } from './shell-bridge';
export { matchRemoteRoute, matchPattern, type RouteMatch } from './match-route';

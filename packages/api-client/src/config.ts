import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@tongxin/resources';

/** Client constants (docs/front-end.md#the-http-client) and the BladeX Saber website config. */
export const website = {
  /** Site key: prefix of every browser-storage key. */
  key: 'saber',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tokenHeader: 'Blade-Auth',
  /** Seconds since issue after which the token is refreshed. */
  tokenTime: 3000,
  tokenCheckIntervalMs: 10_000,
  requestTimeoutMs: 1_200_000,
  chunkLoadTimeoutMs: 120_000,
  /** A remote (manifest, entry and routes module) that has not loaded by then shows its fallback with
   * 重试, rather than a spinner until chunkLoadTimeoutMs. Remote builds time their chunks out alike
   * (@tongxin/build-config REMOTE_CHUNK_TIMEOUT_MS). */
  remoteLoadTimeoutMs: 15_000,
  /** How often the manifests of the remotes running in the page are compared with the deployed ones
   * (also on focus and on opening a tab of the remote). */
  remoteUpdateCheckMs: 300_000,
  /** Response codes rejected silently. */
  statusWhiteList: [] as number[],
  tenantId: '000000',
  tenantMode: true,
  captchaMode: true,
  switchMode: false,
  homePath: '/wel/index',
  lockPage: '/lock',
  loginPage: '/login',
  defaultTheme: 'theme-vip',
  defaultColor: '#b43c3c',
  defaultLanguage: 'zh-CN',
  logBadgeMax: 99,
  /** Paging written once with the server's (rules/paging.ts). */
  pageSize: DEFAULT_PAGE_SIZE,
  pageSizes: PAGE_SIZES,
} as const;

export type Website = typeof website;

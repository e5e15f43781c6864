/** Routes that need no token (docs/front-end.md#routes, isAuth false). */
export const AUTH_FREE_PATHS: readonly string[] = ['/login', '/lock', '/404', '/403', '/500'];

export const HOME_PATH = '/wel/index';
export const LOCK_PATH = '/lock';
export const LOGIN_PATH = '/login';

/** Layout pages the shell itself provides (everything else comes from the server's menu). */
export const SHELL_PAGES = [
  '/wel/index',
  '/wel/dashboard',
  '/test/index',
  '/info/index',
  '/map/design',
] as const;

export const IFRAME_PREFIX = '/myiframe/';

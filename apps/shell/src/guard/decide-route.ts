import { AUTH_FREE_PATHS, LOCK_PATH, LOGIN_PATH } from './fixed-routes';

export interface GuardInput {
  path: string;
  /** A token is stored (the session exists). */
  hasToken: boolean;
  isLocked: boolean;
  /** The route is marked isAuth false (fixed auth-free routes are always). */
  isAuthFree?: boolean;
}

/** Where the guard sends a navigation (docs/front-end.md#routes); undefined = let it through. */
export function decideRoute({ path, hasToken, isLocked, isAuthFree }: GuardInput): string | undefined {
  if (hasToken) {
    if (isLocked && path !== LOCK_PATH) return LOCK_PATH;
    if (path === LOGIN_PATH) return '/';
    return undefined;
  }
  if (isAuthFree || AUTH_FREE_PATHS.includes(path)) return undefined;
  return LOGIN_PATH;
}

/** / → /wel → /wel/index. */
export function normalisePath(path: string): string | undefined {
  if (path === '/' || path === '') return '/wel/index';
  if (path === '/wel' || path === '/wel/') return '/wel/index';
  return undefined;
}

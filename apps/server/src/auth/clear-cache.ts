import type { FastifyInstance } from 'fastify';
import { grantsChanged } from '../access/grants-changed.js';
import type { Services } from '../services.js';
import { ApiError, done } from '../http/envelope.js';
import { withinRate } from '../util/rate-limit.js';
import { isAdministrator, requireUser } from './guard.js';

/** What 清除缓存 reads of the server's services (services.ts), handed down by buildApp. */
export type ClearCacheServices = Pick<Services, 'dicts' | 'grantsVersion' | 'permissions' | 'store'>;

/** 清除缓存 calls one user may make a minute (every instance counts together; the minute restarts with
 * each call). */
export const CLEAR_CACHE_PER_MINUTE = 5;

/**
 * 清除缓存 (the shell's tab menu; BladeX clears the caller's caches). Flushing the shared caches makes
 * every instance read every user's grants and menus again, so only the platform administrator may:
 * that replaces the shared grants version and drops this instance's dictionaries. Anyone else, a
 * tenant's administrator included, drops what concerns their own session on this instance: the cached
 * grants of their roles.
 */
export function clearCacheRoute(app: FastifyInstance, ctx: ClearCacheServices, base: string): void {
  app.get(`${base}/clear-cache`, { config: { access: { token: true } } }, async (request) => {
    const user = requireUser(request);
    const key = `clear-cache:${user.tenantId}:${user.userId}`;
    if (!(await withinRate(ctx.store, key, CLEAR_CACHE_PER_MINUTE, 60)))
      throw new ApiError(429, '清除缓存过于频繁,请稍后再试');
    if (!isAdministrator(user)) {
      ctx.permissions.forget(user);
      return done();
    }
    await grantsChanged(ctx);
    ctx.dicts.invalidate();
    return done();
  });
}

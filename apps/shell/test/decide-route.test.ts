import { describe, expect, it } from 'vitest';
import { decideRoute, normalisePath } from '../src/guard/decide-route';

describe('route guard', () => {
  it('without a token, auth-free routes pass and everything else goes to /login', () => {
    for (const path of ['/login', '/lock', '/404', '/403', '/500']) {
      expect(decideRoute({ path, hasToken: false, isLocked: false })).toBeUndefined();
    }
    expect(decideRoute({ path: '/wel/index', hasToken: false, isLocked: false })).toBe('/login');
    expect(decideRoute({ path: '/system/param', hasToken: false, isLocked: false })).toBe('/login');
  });

  it('routes marked isAuth false need no token', () => {
    expect(
      decideRoute({ path: '/public/page', hasToken: false, isLocked: false, isAuthFree: true }),
    ).toBeUndefined();
  });

  it('visiting /login while logged in goes to /', () => {
    expect(decideRoute({ path: '/login', hasToken: true, isLocked: false })).toBe('/');
  });

  it('a locked session is forced to /lock, including /login', () => {
    expect(decideRoute({ path: '/wel/index', hasToken: true, isLocked: true })).toBe('/lock');
    expect(decideRoute({ path: '/login', hasToken: true, isLocked: true })).toBe('/lock');
    expect(decideRoute({ path: '/lock', hasToken: true, isLocked: true })).toBeUndefined();
  });

  it('a logged-in, unlocked session passes', () => {
    expect(decideRoute({ path: '/system/param', hasToken: true, isLocked: false })).toBeUndefined();
  });

  it('/ and /wel go to the home tab', () => {
    expect(normalisePath('/')).toBe('/wel/index');
    expect(normalisePath('/wel')).toBe('/wel/index');
    expect(normalisePath('/wel/index')).toBeUndefined();
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGuard } from '../src/auth/guard.js';
import { assertSafeSecrets, loadConfig, SHIPPED_CLIENT_SECRET, SHIPPED_JWT_SECRET } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('access rules', () => {
  it('every /api route of the server declares public, token, perm or role', () => {
    const table = s.app.accessTable;
    expect(table.length).toBeGreaterThan(30);
    const kinds = (a: (typeof table)[number]['access']) =>
      ['public', 'token', 'perm', 'role'].filter((k) => k in a);
    expect(table.filter((r) => kinds(r.access).length !== 1)).toEqual([]);
    // Public routes are the few the login page needs before a token exists; anything else is a leak.
    const publicRoutes = table
      .filter((r) => 'public' in r.access && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /api/blade-auth/oauth/captcha',
      'GET /api/blade-system/tenant/info',
      'GET /api/health',
      'GET /api/ready',
      'POST /api/blade-auth/oauth/token',
      'POST /api/blade-user/register-guest',
    ]);
  });

  it('refuses to register an /api route with no access rule', async () => {
    const app = Fastify();
    installGuard(app, {} as AppContext);
    expect(() => app.get('/api/forgot', async () => 'x')).toThrow(/declares no access rule/);
    await app.close();
  });
});

describe('configuration', () => {
  it('refuses to start in production with a shipped secret', () => {
    const prod = { NODE_ENV: 'production' } as NodeJS.ProcessEnv;
    expect(() => loadConfig(prod)).toThrow(/JWT_SECRET is not set/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: SHIPPED_JWT_SECRET })).toThrow(
      /JWT_SECRET is the shipped demo value/,
    );
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /CLIENT_SECRET is the shipped default/,
    );
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'short', CLIENT_SECRET: 'c' })).toThrow(/at least 32/);
    expect(loadConfig({ ...prod, JWT_SECRET: 'y'.repeat(40), CLIENT_SECRET: 'a-real-secret' }).nodeEnv).toBe(
      'production',
    );
    expect(() =>
      assertSafeSecrets({
        ...loadConfig({} as NodeJS.ProcessEnv),
        nodeEnv: 'production',
        jwtSecret: SHIPPED_JWT_SECRET,
        clientSecret: SHIPPED_CLIENT_SECRET,
      }),
    ).toThrow();
    // Outside production too: the shipped key and short keys are refused; no key means "generate one".
    expect(() => loadConfig({ JWT_SECRET: SHIPPED_JWT_SECRET } as NodeJS.ProcessEnv)).toThrow(
      /Refusing to start: JWT_SECRET is the shipped demo value/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' } as NodeJS.ProcessEnv)).toThrow(/at least 32/);
    expect(loadConfig({} as NodeJS.ProcessEnv).jwtSecret).toBe('');
  });

  it('reads every variable with its default', () => {
    const c = loadConfig({} as NodeJS.ProcessEnv);
    expect(c).toMatchObject({
      port: 8080,
      captchaEnabled: true,
      accessTokenSeconds: 3600,
      refreshTokenSeconds: 604800,
      loginMaxFailures: 5,
      loginLockSeconds: 1800,
    });
    expect(loadConfig({ CAPTCHA_ENABLED: 'false', PORT: '9000' } as NodeJS.ProcessEnv)).toMatchObject({
      captchaEnabled: false,
      port: 9000,
    });
    expect(() => loadConfig({ PORT: 'abc' } as NodeJS.ProcessEnv)).toThrow(/PORT/);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { md5Hex } from '../src/auth/passwords.js';
import { redactUrl } from '../src/http/request-log.js';
import { BASIC, call, startTestServer, tokenRequest, type TestServer } from './harness.js';

// Issue 10: Fastify's request log writes every URL at info level, so the login's md5 password, refresh
// tokens, captcha codes and `?blade-auth=` download tokens ended up in the log.

let s: TestServer;
let app: FastifyInstance;
const lines: string[] = [];
const logged = () => lines.join('\n');

beforeAll(async () => {
  s = await startTestServer();
  ({ app } = await buildApp({ config: s.config, db: s.db, logger: { write: (l) => lines.push(l) } }));
  // A line that carries a request's headers, as a route's own debugging might write one.
  app.get('/log-headers', async (request) => {
    request.log.info({ headers: request.headers }, 'headers');
    return 'ok';
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await s.close();
});

describe('the request log', () => {
  it('keeps no password, token or captcha code of a URL, and names the request', async () => {
    const password = md5Hex('admin');
    const login = await tokenRequest(app, { headers: { 'captcha-code': 'zq7x' } });
    expect(login.statusCode, login.body).toBe(200);
    const { access_token: access, refresh_token: refresh } = login.json();
    const refreshed = await app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=${refresh}`,
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const download = await app.inject({
      method: 'GET',
      url: `/api/blade-user/export?account=admin&blade-auth=${encodeURIComponent(`bearer ${access}`)}`,
    });
    expect(download.statusCode).toBe(200);
    await call(
      app,
      access,
      'POST',
      `/api/blade-user/update-password?oldPassword=${md5Hex('old-one')}&newPassword=${md5Hex('new-one')}&newPassword1=${md5Hex('new-one')}`,
    );
    await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha?captcha_code=k3pq' });

    expect(logged()).toContain('incoming request');
    for (const secret of [
      password,
      refresh,
      access,
      md5Hex('old-one'),
      md5Hex('new-one'),
      'zq7x',
      'k3pq',
      BASIC.slice(6),
    ])
      expect(logged(), secret.slice(0, 12)).not.toContain(secret);
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls).toContain(
      '/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=[REDACTED]&grant_type=password&scope=all&type=account',
    );
    expect(urls).toContain('/api/blade-user/export?account=admin&blade-auth=[REDACTED]');
  });

  it('keeps no Authorization, Blade-Auth or captcha header where a line carries the headers', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/log-headers',
      headers: { authorization: BASIC, 'blade-auth': 'bearer sekrit.token.value', 'captcha-code': 'zq7x' },
    });
    expect(res.statusCode).toBe(200);
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'headers');
    expect(line.headers).toMatchObject({
      authorization: '[REDACTED]',
      'blade-auth': '[REDACTED]',
      'captcha-code': '[REDACTED]',
    });
    expect(logged()).not.toContain('sekrit');
  });
});

describe('redactUrl', () => {
  it('redacts by the decoded name and leaves everything else as it came', () => {
    expect(redactUrl('/a?pass%77ord=x&name=%E5%BC%A0&REFRESH_TOKEN=y&code=sex')).toBe(
      '/a?pass%77ord=[REDACTED]&name=%E5%BC%A0&REFRESH_TOKEN=[REDACTED]&code=sex',
    );
    expect(redactUrl('/a?password&x=%zz&client_secret=s')).toBe(
      '/a?password=[REDACTED]&x=%zz&client_secret=[REDACTED]',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

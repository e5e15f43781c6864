import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/auth/passwords.js';
import { BASIC, call, startTestServer, tokenRequest, type TestServer } from './harness.js';

// With the captcha on, the password grant gave the browser's own client (saber, whose secret every
// browser holds) a token without any captcha: a guessing script simply skipped it. Now that client signs
// in through the captcha grant only while the captcha is on; a script uses a client of its own, made in
// 应用管理 with the grant types the administrator gives it (the README's curl example).

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ captchaEnabled: true });
});
afterAll(() => s.close());

/** A captcha as the login page gets it, answered as the person reading the image would. */
async function captchaHeaders(): Promise<Record<string, string>> {
  const { key } = (await s.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
  const code = await s.ctx.store.get(`captcha:${key}`);
  return { 'captcha-key': key, 'captcha-code': code! };
}

const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

async function adminToken(): Promise<string> {
  const res = await tokenRequest(s.app, { grant: 'captcha', headers: await captchaHeaders() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** A client made in 应用管理 by the platform administrator, as the README tells. */
async function addClient(clientId: string, secret: string, grantTypes: string) {
  const res = await call(s.app, await adminToken(), 'POST', '/api/blade-system/client/submit', {
    clientId,
    clientSecret: secret,
    scope: 'all',
    authorizedGrantTypes: grantTypes,
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
  });
  expect(res.json(), res.body).toMatchObject({ success: true });
}

describe('the captcha guards the browser client', () => {
  it('refuses the password grant to the browser client while the captcha is on', async () => {
    const res = await tokenRequest(s.app, { ip: '10.31.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_description: '请输入验证码' });
    expect(res.json().access_token).toBeUndefined();
    // with a captcha header or two it is still the password grant: refused the same
    const withHeaders = await tokenRequest(s.app, { ip: '10.31.0.1', headers: await captchaHeaders() });
    expect(withHeaders.json()).toMatchObject({ error_description: '请输入验证码' });
  });

  it('signs the browser client in through the captcha grant, and refreshes it', async () => {
    const res = await tokenRequest(s.app, { grant: 'captcha', headers: await captchaHeaders() });
    expect(res.statusCode).toBe(200);
    const refreshed = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=${res.json().refresh_token}`,
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    // without a code, or with another one's code, the captcha grant is refused
    const noCode = await tokenRequest(s.app, { grant: 'captcha' });
    expect(noCode.json()).toMatchObject({ error_description: '验证码不正确' });
  });

  it('gives a script client of its own the password grant, as its grant types say', async () => {
    const secret = 'a-script-secret-of-its-own-0123456789';
    await addClient('script', secret, 'password,refresh_token');
    const query = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: md5Hex('admin'),
      grant_type: 'password',
      scope: 'all',
    });
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${query}`,
      headers: { authorization: basic('script', secret), 'tenant-id': '000000' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ client_id: 'script', account: 'admin' });
    const menus = await call(s.app, res.json().access_token, 'GET', '/api/blade-system/menu/routes');
    expect(menus.statusCode).toBe(200);
    // the browser's public secret does not open the script client
    const shipped = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${query}`,
      headers: { authorization: basic('script', 'saber_secret'), 'tenant-id': '000000' },
    });
    expect(shipped.statusCode).toBe(401);
  });

  it('refuses the password grant to a client whose grant types lack it', async () => {
    const secret = 'another-script-secret-0123456789abcdef';
    await addClient('captcha-only', secret, 'captcha,refresh_token');
    const query = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: md5Hex('admin'),
      grant_type: 'password',
    });
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${query}`,
      headers: { authorization: basic('captcha-only', secret), 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_description: '不支持的授权类型' });
  });
});

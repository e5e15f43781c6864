import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';
import { nextId } from '../src/db/ids.js';
import { addTenantWithUser } from './fixtures.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await addTenantWithUser(s.db, {
    tenantId: '100001',
    account: 'zhang',
    password: 'pw-zhang',
    menuCodes: [],
  });
});
afterAll(() => s.close());

describe('POST /api/blade-auth/oauth/token', () => {
  it('logs the admin in with every field of the user info', async () => {
    const res = await tokenRequest(s.app);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of [
      'access_token',
      'refresh_token',
      'tenant_id',
      'user_id',
      'user_name',
      'nick_name',
      'account',
      'role_name',
      'role_id',
      'dept_id',
      'avatar',
      'expires_in',
      'token_type',
    ]) {
      expect(body, key).toHaveProperty(key);
    }
    expect(body).toMatchObject({
      tenant_id: '000000',
      account: 'admin',
      role_name: 'administrator',
      token_type: 'bearer',
      expires_in: 3600,
    });
    expect(typeof body.user_id).toBe('string');
  });

  it('names the departments it carries (dept_name), also the one chosen with Dept-Id', async () => {
    const user = await s.db.kysely
      .selectFrom('blade_user')
      .select(['id', 'dept_id'])
      .where('tenant_id', '=', '100001')
      .where('account', '=', 'zhang')
      .executeTakeFirstOrThrow();
    const second = nextId();
    await s.db.kysely
      .insertInto('blade_dept')
      .values({ id: second, tenant_id: '100001', dept_name: '第二部门' })
      .execute();
    await s.db.kysely
      .updateTable('blade_user')
      .set({ dept_id: `${user.dept_id},${second}` })
      .where('id', '=', user.id)
      .execute();
    const zhang = { tenantId: '100001', account: 'zhang', password: 'pw-zhang' };
    const both = (await tokenRequest(s.app, zhang)).json();
    expect(both.dept_id).toBe(`${user.dept_id},${second}`);
    expect(both.dept_name).toBe('测试部门,第二部门');
    const chosen = (await tokenRequest(s.app, { ...zhang, headers: { 'dept-id': second } })).json();
    expect(chosen).toMatchObject({ dept_id: second, dept_name: '第二部门' });
  });

  it('answers a wrong password with error_description and no token', async () => {
    const res = await tokenRequest(s.app, { password: 'wrong', ip: '10.0.0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 400, error_description: '用户名或密码不正确' });
    expect(res.json().access_token).toBeUndefined();
  });

  it('refuses an unknown tenant, a bad client and unconfigured grant types', async () => {
    expect((await tokenRequest(s.app, { tenantId: '999999' })).json().error_description).toBe(
      '租户信息错误,请检查租户编号',
    );
    const badClient = await tokenRequest(s.app, {
      headers: { authorization: `Basic ${Buffer.from('saber:nope').toString('base64')}` },
    });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json().error_description).toBe('客户端认证失败');
    const social = await tokenRequest(s.app, { grant: 'social' });
    expect(social.statusCode).toBe(400);
    expect(social.json().error_description).toContain('未配置第三方登录');
  });

  it('refuses an expired tenant', async () => {
    await s.db.kysely
      .updateTable('blade_tenant')
      .set({ expire_time: '2020-01-01 00:00:00' })
      .where('tenant_id', '=', '100001')
      .execute();
    const res = await tokenRequest(s.app, { tenantId: '100001', account: 'zhang', password: 'pw-zhang' });
    expect(res.json().error_description).toBe('租户授权已过期,请联系管理员');
    await s.db.kysely
      .updateTable('blade_tenant')
      .set({ expire_time: null })
      .where('tenant_id', '=', '100001')
      .execute();
    expect(
      (await tokenRequest(s.app, { tenantId: '100001', account: 'zhang', password: 'pw-zhang' })).statusCode,
    ).toBe(200);
  });

  // Failures count per account and address (lockout-per-address.test.ts): the account is locked where the
  // failures came from, not at another address; the address itself is locked over all accounts at
  // LOGIN_ADDRESS_MAX_FAILURES (20).
  it('locks an account after 5 failures, even for the right password, and the IP too', async () => {
    const zhang = (password: string, ip: string) =>
      tokenRequest(s.app, { tenantId: '100001', account: 'zhang', password, ip });
    for (let i = 0; i < 5; i++) expect((await zhang('bad', '10.1.1.1')).statusCode).toBe(400);
    const locked = await zhang('pw-zhang', '10.1.1.1');
    expect(locked.json().error_description).toBe('用户登录失败次数过多,账号已锁定30分钟');
    expect((await zhang('pw-zhang', '10.1.1.2')).statusCode).toBe(200);
    await s.ctx.lockout.clear('100001', 'zhang');
    expect((await zhang('pw-zhang', '10.1.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 15; i++)
      await tokenRequest(s.app, {
        tenantId: '100001',
        account: `ghost${i}`,
        password: 'bad',
        ip: '10.1.1.1',
      });
    const ipLocked = await tokenRequest(s.app, { account: 'admin', password: 'admin', ip: '10.1.1.1' });
    expect(ipLocked.json().error_description).toBe('用户登录失败次数过多,请稍后再试');
  });
});

describe('captcha', () => {
  it('issues a 5-character svg image and accepts the code once', async () => {
    const server = await startTestServer({ captchaEnabled: true });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
      const { key, image, captchaEnabled } = res.json();
      expect(captchaEnabled).toBe(true);
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      const code = await server.ctx.store.get(`captcha:${key}`);
      expect(code).toHaveLength(5);
      const wrong = await tokenRequest(server.app, {
        grant: 'captcha',
        headers: { 'captcha-key': key, 'captcha-code': 'xxxxx' },
      });
      expect(wrong.json().error_description).toBe('验证码不正确');
      // the wrong answer used the code up: the right one no longer works
      const reused = await tokenRequest(server.app, {
        grant: 'captcha',
        headers: { 'captcha-key': key, 'captcha-code': code! },
      });
      expect(reused.json().error_description).toBe('验证码不正确');
      const fresh = (await server.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
      const freshCode = await server.ctx.store.get(`captcha:${fresh.key}`);
      const ok = await tokenRequest(server.app, {
        grant: 'captcha',
        headers: { 'captcha-key': fresh.key, 'captcha-code': freshCode!.toUpperCase() },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('tells the login page when captcha is off', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    expect(res.json()).toEqual({ key: '', image: '', captchaEnabled: false });
  });
});

describe('tokens', () => {
  it('refreshes with rotation: a refresh token works once', async () => {
    const first = (await tokenRequest(s.app)).json();
    const refresh = (rt: string) =>
      s.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=000000&refresh_token=${rt}&grant_type=refresh_token&scope=all`,
        headers: { authorization: BASIC, 'tenant-id': '000000' },
      });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json().access_token).not.toBe(first.access_token);
    expect((await refresh(second.json().refresh_token)).statusCode).toBe(200);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error_description).toBe('刷新令牌无效或已过期,请重新登录');
    // a reused refresh token now ends its whole session (refresh-reuse.test.ts)
    expect((await refresh(second.json().refresh_token)).statusCode).toBe(401);
  });

  it('uploading local logs keeps the session; logout revokes it and the token then gets 401', async () => {
    const token = await login(s.app);
    const sent = await call(s.app, token, 'POST', '/api/blade-auth/oauth/logout', [
      { type: 'error', message: 'boom', url: '/wel', stack: 'x', time: '2026-01-01 00:00:00' },
    ]);
    expect(sent.json()).toMatchObject({ code: 200, success: true, msg: '发送成功!' });
    const logged = await s.db.kysely
      .selectFrom('blade_log_error')
      .select('message')
      .where('service_id', '=', 'web-client')
      .execute();
    expect(logged.map((l) => l.message)).toContain('boom');
    expect((await call(s.app, token, 'GET', '/api/blade-system/menu/routes')).statusCode).toBe(200);
    const out = await call(s.app, token, 'GET', '/api/blade-auth/oauth/logout');
    expect(out.json()).toMatchObject({ code: 200, success: true });
    const after = await call(s.app, token, 'GET', '/api/blade-system/menu/routes');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 401, success: false, msg: '令牌已失效,请重新登录' });
  });

  it('rejects missing, tampered, unsigned and expired tokens with 401', async () => {
    const token = await login(s.app);
    expect((await call(s.app, undefined, 'GET', '/api/blade-system/menu/routes')).json().msg).toBe(
      '缺失令牌,鉴权失败',
    );
    const [h, p, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, tenant_id: '100001' })).toString('base64url');
    expect(
      (await call(s.app, `${h}.${forged}.${sig}`, 'GET', '/api/blade-system/menu/routes')).statusCode,
    ).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await call(s.app, none, 'GET', '/api/blade-system/menu/routes')).statusCode).toBe(401);
    const key = new TextEncoder().encode(s.config.jwtSecret);
    const expired = await new SignJWT({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const res = await call(s.app, expired, 'GET', '/api/blade-system/menu/routes');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('令牌已过期,请重新登录');
  });

  it('narrows the token to the Role-Id chosen by a switch', async () => {
    const res = await tokenRequest(s.app, { headers: { 'role-id': '123' } });
    expect(res.json().role_name).toBe('administrator'); // not a role the user holds: ignored
  });

  it('user-info and clear-cache answer for a token', async () => {
    const token = await login(s.app);
    const info = await call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info');
    expect(info.json().data).toMatchObject({
      account: 'admin',
      tenantId: '000000',
      roleName: 'administrator',
    });
    expect((await call(s.app, token, 'GET', '/api/blade-auth/oauth/clear-cache')).json().success).toBe(true);
    const profile = await call(s.app, token, 'GET', '/api/blade-user/info');
    expect(profile.json().data).toMatchObject({ account: 'admin', roleName: '超级管理员' });
    expect(profile.json().data.password).toBeUndefined();
  });
});

import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_JWT_SECRET } from '../src/config.js';
import { addTenantWithUser } from './fixtures.js';
import { BASIC, startTestServer, tokenRequest, type TestServer } from './harness.js';

// Forged, altered and misused tokens (auth.test.ts covers a changed payload, alg "none" with the old
// payload, an expired token and the access token after logout). The server runs with its own secret,
// as production must, so a token signed with any key found in this repository or in BladeX is foreign.

const ROUTE = '/api/blade-system/menu/routes';
const BLADEX_KEY = 'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

let s: TestServer;
let tokens: { access_token: string; refresh_token: string };
let payload: Record<string, unknown>;

beforeAll(async () => {
  s = await startTestServer({ jwtSecret: randomBytes(32).toString('hex') });
  await addTenantWithUser(s.db, { tenantId: '100001', account: 'zhang', menuCodes: ['param'] });
  tokens = (await tokenRequest(s.app)).json();
  payload = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
});
afterAll(() => s.close());

const get = (token: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url: ROUTE, headers: { 'blade-auth': `bearer ${token}`, ...headers } });

const sign = (claims: Record<string, unknown>, key: string | Uint8Array, alg = 'HS256') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(typeof key === 'string' ? new TextEncoder().encode(key) : key);

async function expect401(token: string, why: string, headers: Record<string, string> = {}) {
  const res = await get(token, headers);
  expect(res.statusCode, why).toBe(401);
  expect(res.json(), why).toMatchObject({ code: 401, success: false, data: null });
}

describe('forged and altered access tokens', () => {
  it('the genuine token works (the control)', async () => {
    expect((await get(tokens.access_token)).statusCode).toBe(200);
  });

  it('refuses tokens signed with another key: random, the shipped default, BladeX public keys', async () => {
    for (const [key, why] of [
      [randomBytes(32), 'random key'],
      [SHIPPED_JWT_SECRET, 'the default secret in this repository'],
      [BLADEX_KEY, 'the BladeX constant (CVE-2021-44910)'],
      ['Blade', 'the old SpringBlade key'],
    ] as const) {
      await expect401(await sign(payload, key), why);
    }
    // A key the token itself points at is never fetched or trusted.
    const attacker = randomBytes(32);
    const jku = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', jku: 'http://127.0.0.1:1/keys', kid: 'x' })
      .sign(attacker);
    await expect401(jku, 'jku header');
  });

  it('refuses alg none in any spelling, with or without a signature, and other algorithms', async () => {
    const sig = tokens.access_token.split('.')[2]!;
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      await expect401(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}.`, `alg ${alg}`);
      await expect401(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}.${sig}`, `alg ${alg} with signature`);
    }
    // Right secret, wrong algorithm: only HS256 is allowed.
    await expect401(await sign(payload, s.config.jwtSecret, 'HS512'), 'HS512');
    await expect401(await sign(payload, s.config.jwtSecret, 'HS384'), 'HS384');
  });

  it('refuses a changed payload under the old signature, whatever the claim', async () => {
    const [h, , sig] = tokens.access_token.split('.');
    for (const change of [
      { role_name: 'administrator,admin' },
      { user_id: '1' },
      { exp: Math.floor(Date.now() / 1000) + 10 * 365 * 86400 },
      { token_type: 'access_token', sid: 'other' },
    ]) {
      await expect401(`${h}.${b64({ ...payload, ...change })}.${sig}`, JSON.stringify(change));
    }
  });

  it('refuses a correctly signed token missing its claims or of the wrong issuer', async () => {
    const key = s.config.jwtSecret;
    const { exp: _exp, ...noExp } = payload;
    await expect401(await sign(noExp, key), 'no exp');
    await expect401(await sign({ ...payload, iss: 'someone-else' }, key), 'foreign issuer');
    const { iss: _iss, ...noIss } = payload;
    await expect401(await sign(noIss, key), 'no issuer');
    const { jti: _jti, ...noJti } = payload;
    await expect401(await sign(noJti, key), 'no jti');
    await expect401(
      await sign({ ...payload, nbf: Math.floor(Date.now() / 1000) + 3600 }, key),
      'not yet valid',
    );
  });

  it('refuses garbage without a 500', async () => {
    for (const junk of ['x', 'a.b', 'a.b.c', '...', `${'A'.repeat(8000)}.x.y`, '\u00e9.\u00e9.\u00e9']) {
      const res = await get(junk);
      expect(res.statusCode, junk.slice(0, 20)).toBe(401);
    }
    const query = await s.app.inject({
      method: 'GET',
      url: `${ROUTE}?blade-auth=${encodeURIComponent(`bearer ${tokens.access_token}x`)}`,
    });
    expect(query.statusCode).toBe(401);
  });
});

describe('tokens used for what they are not', () => {
  it('a refresh token is no access token, and an access token no refresh token', async () => {
    await expect401(tokens.refresh_token, 'refresh token as access token');
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=${tokens.access_token}`,
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("a token of one tenant with another tenant's Tenant-Id header is refused", async () => {
    await expect401(tokens.access_token, 'Tenant-Id of another tenant', { 'tenant-id': '100001' });
    expect((await get(tokens.access_token, { 'tenant-id': '000000' })).statusCode).toBe(200);
    // A refresh token of one tenant does not buy a token of another.
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=100001&grant_type=refresh_token&refresh_token=${tokens.refresh_token}`,
      headers: { authorization: BASIC, 'tenant-id': '100001' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('after logout both the access and the refresh token of the session are dead', async () => {
    const session = (await tokenRequest(s.app)).json();
    expect((await get(session.access_token)).statusCode).toBe(200);
    const out = await s.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
      headers: { 'blade-auth': `bearer ${session.access_token}` },
    });
    expect(out.statusCode).toBe(200);
    await expect401(session.access_token, 'access token after logout');
    const refreshed = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=${session.refresh_token}`,
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
    expect(refreshed.statusCode).toBe(401);
    // Other sessions of the same user are not affected.
    expect((await get(tokens.access_token)).statusCode).toBe(200);
  });
});

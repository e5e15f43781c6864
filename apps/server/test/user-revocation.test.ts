import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type KvStore, MemoryStore, RedisStore } from '../src/util/kv-store.js';
import { addTenantWithUser } from './fixtures.js';
import { BASIC, call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';

// OWASP ASVS 7.4.2: locking, disabling or deleting an account, or resetting its password, ends the
// sessions it has open. Two instances share the database and the KV store (Redis when REDIS_URL is set):
// the administrator acts on A, the user's tokens are refused by B at their next request, access and
// refresh tokens alike; a login afterwards (unlocked, or with the new password) works as usual.

const prefix = `tongxin-test-revoke-${randomBytes(4).toString('hex')}:`;
const redisUrl = process.env.REDIS_URL;
const shared = new MemoryStore();
const storeFor = (): KvStore => (redisUrl ? new RedisStore(redisUrl, prefix) : shared);

let s: TestServer;
let b: FastifyInstance;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({}, storeFor());
  ({ app: b } = await buildApp({ config: s.config, db: s.db, store: storeFor(), logger: false }));
  await b.ready();
  admin = await login(s.app);
});
afterAll(async () => {
  await b.close();
  await s.close();
});

/** A fresh user of tenant 100001 with a live session: its access and refresh tokens. */
async function signedIn(account: string, password = 'pw-1') {
  const { userId } = await addTenantWithUser(s.db, { tenantId: '100001', account, password, menuCodes: [] });
  const res = await tokenRequest(s.app, { tenantId: '100001', account, password });
  const body = res.json();
  if (!body.access_token) throw new Error(res.body);
  return { userId, access: body.access_token as string, refresh: body.refresh_token as string };
}

const whoAmI = (app: FastifyInstance, token: string) =>
  call(app, token, 'GET', '/api/blade-auth/oauth/user-info');
const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=100001&refresh_token=${refreshToken}&grant_type=refresh_token&scope=all`,
    headers: { authorization: BASIC, 'tenant-id': '100001' },
  });
async function expectDead(session: { access: string; refresh: string }) {
  const res = await whoAmI(b, session.access);
  expect(res.statusCode).toBe(401);
  expect(res.json().msg).toBe('令牌已失效,请重新登录');
  expect((await refresh(b, session.refresh)).statusCode).toBe(401);
}

describe('revoking a user ends their live tokens on every instance', () => {
  it('lock: refused at once; after unlock the old tokens stay dead and a new login works', async () => {
    const session = await signedIn('lock-me');
    expect((await whoAmI(b, session.access)).statusCode).toBe(200);
    const lock = await call(s.app, admin, 'POST', `/api/blade-user/lock?userIds=${session.userId}`);
    expect(lock.statusCode, lock.body).toBe(200);
    await expectDead(session);
    expect(
      (await call(s.app, admin, 'POST', `/api/blade-user/unlock?userIds=${session.userId}`)).statusCode,
    ).toBe(200);
    await expectDead(session);
    const again = await login(s.app, { tenantId: '100001', account: 'lock-me', password: 'pw-1' });
    expect((await whoAmI(b, again)).statusCode).toBe(200);
  });

  it('password reset: the old tokens die, the new password logs in', async () => {
    const session = await signedIn('reset-me');
    const reset = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-user/reset-password?userIds=${session.userId}`,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await expectDead(session);
    const fresh = await login(s.app, { tenantId: '100001', account: 'reset-me', password: '123456' });
    expect((await whoAmI(b, fresh)).statusCode).toBe(200);
  });

  it('deletion: the tokens die with the account', async () => {
    const session = await signedIn('delete-me');
    const removed = await call(s.app, admin, 'POST', `/api/blade-user/remove?ids=${session.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectDead(session);
  });

  it('touches nobody else: other users keep their sessions', async () => {
    const bystander = await signedIn('bystander');
    const target = await signedIn('target');
    expect(
      (await call(s.app, admin, 'POST', `/api/blade-user/lock?userIds=${target.userId}`)).statusCode,
    ).toBe(200);
    await expectDead(target);
    expect((await whoAmI(b, bystander.access)).statusCode).toBe(200);
    expect((await whoAmI(s.app, admin)).statusCode).toBe(200);
  });
});

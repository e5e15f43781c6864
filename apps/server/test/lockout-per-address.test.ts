import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MSG } from '../src/auth/login-service.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';

// Five wrong passwords from any address locked the real user out for 30 minutes, wherever they were.
// Failures now count per account and address (LOGIN_MAX_FAILURES), with a far higher ceiling per account
// over every address (LOGIN_ACCOUNT_MAX_FAILURES, here 12 so the test stays short): one address cannot
// lock a user out of another, and a guesser spread over many addresses is still stopped. One address
// guessing over many accounts has its own ceiling (LOGIN_ADDRESS_MAX_FAILURES, 20).

const LOCKED = '用户登录失败次数过多,账号已锁定30分钟';
const TENANT = '100001';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ loginAccountMaxFailures: 12 });
  for (const account of ['li', 'wang', 'zhao'])
    await addTenantWithUser(s.db, { tenantId: TENANT, account, password: 'pw-right', menuCodes: [] });
});
afterAll(() => s.close());

const attempt = (account: string, password: string, ip: string) =>
  tokenRequest(s.app, { tenantId: TENANT, account, password, ip });

describe('lockout per account and address', () => {
  it('five failures from one address lock the account there only', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('li', 'guess', '10.40.0.1')).json().error_description).toBe(
        LOGIN_MSG.badCredentials,
      );
    // the guesser's address is refused, even with the right password
    const there = await attempt('li', 'pw-right', '10.40.0.1');
    expect(there.json().error_description).toBe(LOCKED);
    expect(there.json().access_token).toBeUndefined();
    // the owner at another address signs in
    const elsewhere = await attempt('li', 'pw-right', '10.40.0.2');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('a guesser spread over many addresses meets the per-account ceiling', async () => {
    // 12 failures over 6 addresses, 2 each: no address reaches its 5
    for (let i = 0; i < 12; i++) await attempt('wang', 'guess', `10.41.0.${(i % 6) + 1}`);
    const fresh = await attempt('wang', 'pw-right', '10.41.1.1');
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().error_description).toBe(LOCKED);
  });

  it('an administrator unlocking the account ends its locks at every address', async () => {
    // locked at one address (5 there) and, with 7 more elsewhere, everywhere (12 in all)
    for (let i = 0; i < 5; i++) await attempt('zhao', 'guess', '10.42.0.1');
    for (let i = 0; i < 7; i++) await attempt('zhao', 'guess', `10.42.1.${i + 1}`);
    expect((await attempt('zhao', 'pw-right', '10.42.0.1')).json().error_description).toBe(LOCKED);
    expect((await attempt('zhao', 'pw-right', '10.42.2.1')).json().error_description).toBe(LOCKED);
    const zhao = await s.db.kysely
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('account', '=', 'zhao')
      .executeTakeFirstOrThrow();
    const admin = await login(s.app);
    const unlock = await call(s.app, admin, 'POST', `/api/blade-user/unlock?userIds=${zhao.id}`);
    expect(unlock.json(), unlock.body).toMatchObject({ success: true });
    // both the address where the guesses came from and any other sign in again
    expect((await attempt('zhao', 'pw-right', '10.42.0.1')).statusCode).toBe(200);
    expect((await attempt('zhao', 'pw-right', '10.42.2.1')).statusCode).toBe(200);
  });

  it('one address guessing over many accounts is refused at its own ceiling', async () => {
    const ip = '10.43.0.1';
    for (let i = 0; i < 20; i++) await attempt(`nobody${i}`, 'guess', ip);
    const refused = await attempt('li', 'pw-right', ip);
    expect(refused.json().error_description).toBe(LOGIN_MSG.lockedIp);
    expect((await attempt('li', 'pw-right', '10.43.0.2')).statusCode).toBe(200);
  });
});

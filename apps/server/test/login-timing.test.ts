import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_MSG } from '../src/auth/login-service.js';
import { passwordHashing } from '../src/auth/passwords.js';
import { addTenantWithUser } from './fixtures.js';
import { startTestServer, tokenRequest, type TestServer } from './harness.js';

// A wrong password on an existing account took 40–180 ms (one argon2id verification) against 15–22 ms for
// an unknown account (none): the time told which accounts exist. Now every refused password costs the
// same verification: the account's hash, or a stand-in hash made with the same parameters when the
// account or the tenant is unknown. Shown by counting the verifications (passwordHashing runs each one),
// not by timing, which would flake on a busy machine.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await addTenantWithUser(s.db, { tenantId: '100001', account: 'li', password: 'pw-li', menuCodes: [] });
});
afterAll(() => s.close());
afterEach(() => vi.restoreAllMocks());

let n = 0;
/** One sign-in from an address of its own (no lockout in the way), counting argon2 runs. */
async function verifications(o: { tenantId?: string; account: string; password: string }) {
  const runs = vi.spyOn(passwordHashing, 'run');
  const res = await tokenRequest(s.app, { ...o, ip: `10.50.0.${++n}` });
  const count = runs.mock.calls.length;
  runs.mockRestore();
  return { res, count };
}

describe('refusals take the same work whether the account exists or not', () => {
  it('verifies a password once for a known account, an unknown one and an unknown tenant', async () => {
    const known = await verifications({ tenantId: '100001', account: 'li', password: 'wrong' });
    const unknown = await verifications({ tenantId: '100001', account: 'nobody', password: 'wrong' });
    const noTenant = await verifications({ tenantId: '100999', account: 'li', password: 'wrong' });
    expect(known.res.json().error_description).toBe(LOGIN_MSG.badCredentials);
    expect(unknown.res.json()).toEqual(known.res.json());
    expect(noTenant.res.json().error_description).toBe(LOGIN_MSG.unknownTenant);
    expect(known.count).toBe(1);
    expect(unknown.count).toBe(1);
    expect(noTenant.count).toBe(1);
  });

  it('a value that is not an md5 is verified all the same', async () => {
    const query = new URLSearchParams({
      tenantId: '100001',
      username: 'li',
      password: 'not-an-md5',
      grant_type: 'password',
    });
    const runs = vi.spyOn(passwordHashing, 'run');
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${query}`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '100001',
      },
      remoteAddress: '10.50.1.1',
    });
    expect(res.json().error_description).toBe(LOGIN_MSG.badCredentials);
    expect(runs.mock.calls.length).toBe(1);
  });

  it('the right password still signs in', async () => {
    const ok = await verifications({ tenantId: '100001', account: 'li', password: 'pw-li' });
    expect(ok.res.statusCode).toBe(200);
    expect(ok.count).toBe(1);
  });
});

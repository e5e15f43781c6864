import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../src/auth/tokens.js';
import { MemoryStore } from '../src/util/kv-store.js';

// TokenService remembers tokens whose signature it verified; expiry and revocation must still apply.
const user = {
  tenantId: '000000',
  userId: '1123598821738675201',
  account: 'admin',
  nickName: '管理员',
  roleIds: ['1123598816738675201'],
  roleAliases: ['administrator'],
  deptIds: ['1123598813738675201'],
  postIds: [],
  clientId: 'saber',
};
const secret = 'a-test-secret-that-is-long-enough-0123456789';

describe('verified token memory', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a remembered token again, and still as expired once its time is up', async () => {
    const tokens = new TokenService(secret, new MemoryStore());
    const { accessToken } = await tokens.issue(user, { access: 60, refresh: 120 });
    expect(await tokens.verifyAccess(accessToken)).toMatchObject({ userId: user.userId });
    expect(await tokens.verifyAccess(accessToken)).toMatchObject({ userId: user.userId });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verifyAccess(accessToken)).toBe('expired');
    expect(await tokens.verifyAccess(accessToken)).toBe('expired');
  });

  // (Single tokens are no longer revoked one by one: a refresh token's rotation is kept on its session's
  // row, and a refresh token used twice revokes its whole session, refresh-reuse.test.ts.)
  it('refuses a remembered token once its session or its user is revoked', async () => {
    const store = new MemoryStore();
    const tokens = new TokenService(secret, store);
    for (const revoke of [
      async (t: { sid: string }) => tokens.revokeSession(t.sid, 60),
      async () => {
        await new Promise((r) => setTimeout(r, 5)); // revoked after the token was issued
        await tokens.revokeUser(user.userId, 60);
      },
    ]) {
      const issued = await tokens.issue(user, { access: 60, refresh: 120 });
      const first = await tokens.verifyAccess(issued.accessToken);
      expect(first).toMatchObject({ userId: user.userId });
      await revoke({ sid: issued.sid });
      expect(await tokens.verifyAccess(issued.accessToken)).toBe('revoked');
    }
  });

  it('does not take a token signed with another key for a remembered one', async () => {
    const tokens = new TokenService(secret, new MemoryStore());
    const other = new TokenService(`${secret}-other`, new MemoryStore());
    const { accessToken } = await other.issue(user, { access: 60, refresh: 120 });
    expect(await tokens.verifyAccess(accessToken)).toBe('invalid');
    const mine = await tokens.issue(user, { access: 60, refresh: 120 });
    expect(await tokens.verifyAccess(mine.accessToken)).toMatchObject({ userId: user.userId });
    const [head, body] = mine.accessToken.split('.');
    expect(await tokens.verifyAccess(`${head}.${body}.${accessToken.split('.')[2]}`)).toBe('invalid');
  });
});

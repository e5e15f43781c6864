import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, call, startTestServer, tokenRequest, type TestServer } from './harness.js';

// Reusing a refresh token was refused, but the session it came from stayed alive: whoever had used it
// first (a thief, or the owner after a thief) went on refreshing. Now the session's row names the one
// refresh token it accepts next; a refresh token presented again ends the whole session family: the
// session and every token descended from its sign-in, access and refresh alike.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

interface Tokens {
  access_token: string;
  refresh_token: string;
}
const signIn = async (): Promise<Tokens> => (await tokenRequest(s.app)).json();
const refresh = (refreshToken: string) =>
  s.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=${refreshToken}`,
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });
const info = (token: string) => call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info');

describe('refresh token reuse', () => {
  it('ends the whole session family when a used refresh token comes back', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).json() as Tokens;
    const third = (await refresh(second.refresh_token)).json() as Tokens;
    expect((await info(third.access_token)).statusCode).toBe(200);

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error_description).toBe('刷新令牌无效或已过期,请重新登录');
    // every token descended from that sign-in is dead now
    for (const access of [first.access_token, second.access_token, third.access_token])
      expect((await info(access)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
  });

  it("leaves the user's other sessions alone", async () => {
    const mine = await signIn();
    const other = await signIn();
    const next = (await refresh(mine.refresh_token)).json() as Tokens;
    expect((await refresh(mine.refresh_token)).statusCode).toBe(401);
    expect((await info(next.access_token)).statusCode).toBe(401);
    expect((await info(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('removes the ended session from 在线用户', async () => {
    const t = await signIn();
    const sid = JSON.parse(Buffer.from(t.access_token.split('.')[1]!, 'base64url').toString()).sid;
    const rows = () =>
      s.db.kysely.selectFrom('blade_online_session').select('id').where('session_id', '=', sid).execute();
    expect(await rows()).toHaveLength(1);
    await refresh(t.refresh_token);
    await refresh(t.refresh_token);
    expect(await rows()).toHaveLength(0);
  });

  it('a refresh after logout is refused (the session is gone)', async () => {
    const t = await signIn();
    expect((await call(s.app, t.access_token, 'GET', '/api/blade-auth/oauth/logout')).statusCode).toBe(200);
    expect((await refresh(t.refresh_token)).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/auth/passwords.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// A new password "1" was accepted. The wire carries the md5 of the password, so the server cannot count
// its characters (the forms do: the shared `password` rule, 8 at least); what it can refuse are the md5s
// of the most common passwords and of the account's own name, on every path where someone chooses a
// password. Signing in is never refused for it: the demo's seeded admin/admin and 123456 still sign in.

const WEAK_PASSWORD = '密码过于简单,请换一个不易被猜到的密码';
const PASSWORD_IS_ACCOUNT = '密码不能与登录账号相同';
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

const ids = async (table: string) =>
  String((await s.db.kysely.selectFrom(table).select('id').executeTakeFirstOrThrow()).id);

async function addUser(account: string, password: string) {
  return call(s.app, admin, 'POST', '/api/blade-user/submit', {
    account,
    password,
    name: account,
    realName: account,
    userType: 1,
    roleId: await ids('blade_role'),
    deptId: await ids('blade_dept'),
    postId: await ids('blade_post'),
  });
}

describe('weak passwords are refused where one is chosen', () => {
  it('a new user: common passwords (plain or md5) and the account name are refused', async () => {
    for (const password of ['1qaz2wsx', md5Hex('password'), 'qwerty123', md5Hex('11111111'), 'woaini1314']) {
      const res = await addUser('weakling', password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().msg).toBe(WEAK_PASSWORD);
    }
    const same = await addUser('tashi.dorje', 'tashi.dorje');
    expect(same.json().msg).toBe(PASSWORD_IS_ACCOUNT);
    expect((await addUser('tashi.dorje', md5Hex('Tashi.Dorje'))).json().msg).not.toBe(PASSWORD_IS_ACCOUNT);
    const none = await s.db.kysely
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'weakling')
      .execute();
    expect(none).toEqual([]);
    const strong = await addUser('weakling', 'Lhasa-river-2024');
    expect(strong.json(), strong.body).toMatchObject({ success: true });
    expect(await login(s.app, { account: 'weakling', password: 'Lhasa-river-2024' })).toBeTruthy();
  });

  it('a new user with a short plain password is refused by the shared rule', async () => {
    const res = await addUser('shorty', 'Ab3$x');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('密码长度不能少于8位');
  });

  it('update-password: the md5 of a common password or of the account is refused', async () => {
    const token = await login(s.app, { account: 'weakling', password: 'Lhasa-river-2024' });
    const change = (next: string) =>
      call(
        s.app,
        token,
        'POST',
        `/api/blade-user/update-password?oldPassword=${md5Hex('Lhasa-river-2024')}&newPassword=${next}&newPassword1=${next}`,
      );
    for (const weak of ['1', '42', 'ab', '0000', '123456', 'admin', 'iloveyou']) {
      const res = await change(md5Hex(weak));
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().msg).toBe(WEAK_PASSWORD);
    }
    expect((await change(md5Hex('weakling'))).json().msg).toBe(PASSWORD_IS_ACCOUNT);
    // nothing changed: the old password still signs in
    expect(await login(s.app, { account: 'weakling', password: 'Lhasa-river-2024' })).toBeTruthy();
    expect((await change(md5Hex('Nyingchi-peach-blossom'))).json()).toMatchObject({ success: true });
  });

  it('register-guest: a common password is refused', async () => {
    const reg = (account: string, password: string) =>
      s.app.inject({
        method: 'POST',
        url: `/api/blade-user/register-guest?tenantId=000000&account=${account}&name=guest&password=${md5Hex(password)}`,
        remoteAddress: '10.60.0.1',
      });
    const weak = await reg('guest1', '12345678');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toBe(WEAK_PASSWORD);
    expect((await reg('guest1', 'guest1')).json().msg).toBe(PASSWORD_IS_ACCOUNT);
  });

  it('signing in is never refused for it: the seeded admin/admin still signs in', async () => {
    expect(await login(s.app, { account: 'admin', password: 'admin' })).toBeTruthy();
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/auth/passwords.js';
import { FileLinks, STORED_NAME } from '../src/files/file-links.js';
import { multipart } from './harness.js';
import { type Reply, send } from './loopback-client.js';
import {
  createDatabase,
  findNginx,
  freePort,
  ServerProcess,
  startNginx,
  startObjectStore,
  waitFor,
} from './scale-out-cluster.js';

// Past one machine: two real server processes on one PostgreSQL database, one Redis and one S3-compatible
// store, behind a real nginx. Each property is shown twice: by addressing each server directly, and through
// nginx, whose X-Upstream header says which server answered (round-robin, one worker: they alternate).

const nginxBinary = findNginx();
const skipReason =
  process.env.TEST_DB !== 'postgres'
    ? 'runs in the postgres project only'
    : !process.env.DATABASE_URL || !process.env.REDIS_URL
      ? 'needs DATABASE_URL and REDIS_URL'
      : !nginxBinary
        ? 'needs nginx (apt-get install -y nginx)'
        : undefined;
if (skipReason && process.env.TEST_DB === 'postgres')
  console.warn(`scale-out.test.ts skipped: ${skipReason}`);

const TENANT = '000000';
const CLIENT_SECRET = randomBytes(24).toString('hex');
/** The browser's client: with the captcha on it signs in through the captcha grant only. */
const BROWSER = `Basic ${Buffer.from(`saber:${CLIENT_SECRET}`).toString('base64')}`;
/** A client of the test's own, made in 应用管理 with the password grant, as a script uses. */
const SCRIPT_SECRET = randomBytes(24).toString('hex');
const JWT_SECRET = randomBytes(32).toString('hex');
const BASIC = `Basic ${Buffer.from(`scale-script:${SCRIPT_SECRET}`).toString('base64')}`;
// Each scenario acts from its own loopback address, so per-IP lockout in one never touches another.
const net = `127.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const ip = (n: number) => `${net}.${n}`;
const suffix = randomBytes(4).toString('hex');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(3 * 1024 * 1024), // over nginx's default 1 MB body cap: the config must raise it
]);

const servedBy = (r: Reply) =>
  String(r.headers['x-upstream'] ?? '')
    .split(', ')
    .pop();
const auth = (token: string) => ({ 'blade-auth': `bearer ${token}` });

interface Login {
  account?: string;
  password?: string;
  grant?: string;
  from: string;
  headers?: Record<string, string>;
}
const USER_PASSWORD = 'Scale-out-2024';

/** The platform administrator signs in through the captcha grant (read as a person reads the image)
 * and makes the script client in 应用管理 that the other sign-ins use. */
async function addScriptClient(base: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    const { key } = (await send(`${base}/api/blade-auth/oauth/captcha`, { from: ip(1) })).json<{
      key: string;
    }>();
    const code = (await redis.get(`tongxin:captcha:${key}`))!;
    const admin = await tokenOf(base, {
      grant: 'captcha',
      from: ip(1),
      headers: { 'captcha-key': key, 'captcha-code': code },
    });
    const res = await send(`${base}/api/blade-system/client/submit`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${admin}`, 'content-type': 'application/json' },
      from: ip(1),
      body: JSON.stringify({
        clientId: 'scale-script',
        clientSecret: SCRIPT_SECRET,
        scope: 'all',
        authorizedGrantTypes: 'password,refresh_token',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
      }),
    });
    if (!res.json<{ success?: boolean }>().success)
      throw new Error(`client not added: ${res.body.toString()}`);
  } finally {
    await redis.quit();
  }
}

function tokenRequest(base: string, o: Login): Promise<Reply> {
  const query = new URLSearchParams({
    tenantId: TENANT,
    username: o.account ?? 'admin',
    password: md5Hex(o.password ?? 'admin'),
    grant_type: o.grant ?? 'password',
    scope: 'all',
  });
  return send(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: o.grant === 'captcha' ? BROWSER : BASIC, 'tenant-id': TENANT, ...o.headers },
    from: o.from,
  });
}
async function tokenOf(base: string, o: Login): Promise<string> {
  const res = await tokenRequest(base, o);
  const token = res.json<{ access_token?: string }>().access_token;
  if (!token) throw new Error(`login failed: ${res.body.toString()}`);
  return token;
}

describe.skipIf(skipReason)(
  `two server processes behind nginx${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    let one: ServerProcess;
    let two: ServerProcess;
    let nginx: { url: string };
    let redis: Redis;
    let adminToken = '';

    /** Sends the same request through nginx twice; both servers must have answered, one each. */
    const onBothViaNginx = async (request: () => Promise<Reply>): Promise<Reply[]> => {
      const replies = [await request(), await request()];
      expect(new Set(replies.map(servedBy))).toEqual(new Set([one.address, two.address]));
      return replies;
    };

    const createUser = async (account: string) => {
      const first = async (resource: string) => {
        const url = `${one.url}/api/blade-system/${resource}/select`;
        const rows = (await send(url, { headers: auth(adminToken), from: ip(1) })).json<{
          data: { id: string }[];
        }>();
        const id = rows.data[0]?.id;
        if (!id) throw new Error(`no ${resource} to give the new user`);
        return id;
      };
      const res = await send(`${one.url}/api/blade-user/submit`, {
        method: 'POST',
        headers: { ...auth(adminToken), 'content-type': 'application/json' },
        from: ip(1),
        body: JSON.stringify({
          account,
          password: md5Hex(USER_PASSWORD),
          name: account,
          realName: account,
          userType: 1,
          roleId: await first('role'),
          deptId: await first('dept'),
          postId: await first('post'),
        }),
      });
      expect(res.json().success, res.body.toString()).toBe(true);
      cleanups.push(() => redis.del(`tongxin:lock:acct:${TENANT}:${account}`));
      for (const n of [4, 5])
        cleanups.push(() => redis.del(`tongxin:lock:pair:${TENANT}:${account}:0:${ip(n)}`));
    };

    beforeAll(async () => {
      const db = await createDatabase(process.env.DATABASE_URL!);
      cleanups.push(db.drop);
      const s3 = await startObjectStore();
      cleanups.push(s3.close);
      redis = new Redis(process.env.REDIS_URL!);
      cleanups.push(() => redis.quit());
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL!,
        TRUST_PROXY: 'true',
        JWT_SECRET, // the same on every instance
        CLIENT_SECRET,
        CAPTCHA_ENABLED: 'true',
        LOGIN_MAX_FAILURES: '3',
        LOGIN_ADDRESS_MAX_FAILURES: '3',
        LOGIN_LOCK_SECONDS: '120',
        ...s3.env,
      };
      one = new ServerProcess('server-1', await freePort(), env);
      two = new ServerProcess('server-2', await freePort(), env);
      cleanups.push(
        () => one.dispose(),
        () => two.dispose(),
      );
      // Started together on the empty database: migrations and seeds take advisory locks, so one instance
      // migrates and seeds while the other waits, then finds everything present.
      await Promise.all([one.start(), two.start()]);
      const proxy = await startNginx(nginxBinary!, [one.address, two.address]);
      cleanups.push(proxy.stop);
      nginx = proxy;
      await addScriptClient(one.url);
      adminToken = await tokenOf(one.url, { from: ip(1) });
      for (let n = 1; n <= 6; n++) cleanups.push(() => redis.del(`tongxin:lock:ip:${ip(n)}`));
    }, 90_000);

    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('answers /api/ready on each server and through nginx on both', async () => {
      for (const s of [one, two]) {
        const res = await send(`${s.url}/api/ready`, { from: ip(1) });
        expect(res.status).toBe(200);
        expect(res.json().data).toEqual({ status: 'READY', database: 'postgres' });
      }
      for (const res of await onBothViaNginx(() => send(`${nginx.url}/api/ready`, { from: ip(1) })))
        expect(res.json().data).toMatchObject({ status: 'READY' });
    });

    it('honours a logout made on one server on the other', async () => {
      const direct = await tokenOf(one.url, { from: ip(2) });
      const info = (base: string, token: string) =>
        send(`${base}/api/blade-auth/oauth/user-info`, { headers: auth(token), from: ip(2) });
      expect((await info(two.url, direct)).status).toBe(200);
      const out1 = await send(`${one.url}/api/blade-auth/oauth/logout`, {
        headers: auth(direct),
        from: ip(2),
      });
      expect(out1.status).toBe(200);
      expect((await info(two.url, direct)).status).toBe(401);
      expect((await info(one.url, direct)).status).toBe(401);

      const viaNginx = await tokenOf(nginx.url, { from: ip(2) });
      for (const res of await onBothViaNginx(() => info(nginx.url, viaNginx))) expect(res.status).toBe(200);
      const out = await send(`${nginx.url}/api/blade-auth/oauth/logout`, {
        headers: auth(viaNginx),
        from: ip(2),
      });
      expect(out.status).toBe(200);
      for (const res of await onBothViaNginx(() => info(nginx.url, viaNginx))) {
        expect(res.status).toBe(401);
        expect(res.json().success).toBe(false);
      }
    });

    it('refuses the password grant to the browser client while the captcha is on', async () => {
      const res = await send(
        `${one.url}/api/blade-auth/oauth/token?tenantId=${TENANT}&username=admin&password=${md5Hex('admin')}&grant_type=password`,
        { method: 'POST', headers: { authorization: BROWSER, 'tenant-id': TENANT }, from: ip(1) },
      );
      expect(res.status).toBe(400);
      expect(res.json<{ msg: string }>().msg).toBe('请输入验证码');
    });

    it('accepts a captcha issued by one server on the other, once', async () => {
      const issue = async (base: string) => {
        const res = await send(`${base}/api/blade-auth/oauth/captcha`, { from: ip(3) });
        const { key, image } = res.json<{ key: string; image: string }>();
        expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
        // The test plays the person reading the image: the code is in the shared store.
        const code = await redis.get(`tongxin:captcha:${key}`);
        expect(code).toMatch(/^[a-z0-9]{5}$/);
        return { res, headers: { 'captcha-key': key, 'captcha-code': code! } };
      };
      const withCaptcha = (base: string, headers: Record<string, string>) =>
        tokenRequest(base, { grant: 'captcha', from: ip(3), headers });

      const a = await issue(one.url);
      expect((await withCaptcha(two.url, a.headers)).status).toBe(200);
      const replay = await withCaptcha(one.url, a.headers);
      expect(replay.status).toBe(400);
      expect(replay.json().msg).toBe('验证码不正确');
      // A wrong answer on one server spends the code on both.
      const b = await issue(two.url);
      expect((await withCaptcha(one.url, { ...b.headers, 'captcha-code': 'wrong' })).status).toBe(400);
      expect((await withCaptcha(two.url, b.headers)).status).toBe(400);

      const c = await issue(nginx.url);
      const accepted = await withCaptcha(nginx.url, c.headers);
      expect(accepted.status).toBe(200);
      expect(servedBy(accepted)).not.toBe(servedBy(c.res));
      const again = await withCaptcha(nginx.url, c.headers);
      expect(again.status).toBe(400);
      expect(servedBy(again)).toBe(servedBy(c.res));
    });

    it('locks an account on both servers after failures counted across both', async () => {
      const locked = '用户登录失败次数过多,账号已锁定2分钟'; // LOGIN_LOCK_SECONDS 120
      const direct = `scale_a_${suffix}`;
      await createUser(direct);
      const as = (base: string, password: string) =>
        tokenRequest(base, { account: direct, password, from: ip(4) });
      for (const s of [one, two]) expect((await as(s.url, USER_PASSWORD)).status).toBe(200);
      for (const s of [one, two, one])
        expect((await as(s.url, 'wrong')).json().msg).toBe('用户名或密码不正确');
      for (const s of [two, one]) expect((await as(s.url, USER_PASSWORD)).json().msg).toBe(locked);

      const viaNginx = `scale_b_${suffix}`;
      await createUser(viaNginx);
      const proxied = (password: string) =>
        tokenRequest(nginx.url, { account: viaNginx, password, from: ip(5) });
      const failures = [await proxied('wrong'), await proxied('wrong'), await proxied('wrong')];
      expect(new Set(failures.map(servedBy)).size).toBe(2);
      for (const res of await onBothViaNginx(() => proxied(USER_PASSWORD))) {
        expect(res.status).toBe(400);
        expect(res.json().msg).toBe(locked);
      }
    });

    it('counts the address nginx saw, not one the client claims in X-Forwarded-For', async () => {
      // Three failures for unknown accounts, each claiming another address: nginx overwrites the claim,
      // so all three count against this client and its next login is refused on both servers.
      for (let n = 1; n <= 3; n++) {
        const res = await tokenRequest(nginx.url, {
          account: `ghost_${suffix}_${n}`,
          from: ip(6),
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
        });
        expect(res.json().msg).toBe('用户名或密码不正确');
        cleanups.push(() => redis.del(`tongxin:lock:acct:${TENANT}:ghost_${suffix}_${n}`));
      }
      const claim = { 'x-forwarded-for': '203.0.113.9' };
      for (const res of await onBothViaNginx(() => tokenRequest(nginx.url, { from: ip(6), headers: claim })))
        expect(res.json().msg).toBe('用户登录失败次数过多,请稍后再试');
      // Another client is not affected.
      expect((await tokenRequest(nginx.url, { from: ip(1) })).status).toBe(200);
    });

    it('serves a file uploaded through one server from the other (S3-compatible store)', async () => {
      const put = (base: string) => {
        const body = multipart('file', 'scan.png', PNG, 'image/png');
        return send(`${base}/api/blade-resource/oss/endpoint/put-file-attach`, {
          method: 'POST',
          headers: { ...auth(adminToken), 'content-type': body.contentType },
          body: body.payload,
          from: ip(1),
        });
      };
      const linkOf = (res: Reply) => {
        expect(res.status, res.body.toString()).toBe(200);
        return res.json<{ data: { link: string } }>().data.link;
      };
      const direct = linkOf(await put(one.url));
      const served = await send(`${two.url}${direct}`, { from: ip(1) });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.body.equals(PNG)).toBe(true);
      // another name under the first one's signature is refused; a link the servers signed to a name
      // the store does not hold is a 404 from either
      const tampered = direct.replace(/[0-9a-f]{32}/, '0'.repeat(32));
      expect((await send(`${two.url}${tampered}`, { from: ip(1) })).status).toBe(403);
      const missing = tampered.split('?')[0]!.slice('/files/'.length);
      expect(missing).toMatch(STORED_NAME);
      const signed = `/files/${missing}?sig=${new FileLinks(JWT_SECRET).signature(missing)}`;
      expect((await send(`${two.url}${signed}`, { from: ip(1) })).status).toBe(404);

      const uploaded = await put(nginx.url);
      const link = linkOf(uploaded);
      const fetched = await send(`${nginx.url}${link}`, { from: ip(1) });
      expect(servedBy(fetched)).not.toBe(servedBy(uploaded));
      expect(fetched.status).toBe(200);
      expect(fetched.body.equals(PNG)).toBe(true);
    });

    it('routes around a stopped server and takes it back once it is ready again', async () => {
      await two.stop();
      await expect(send(`${two.url}/api/ready`, { from: ip(1) })).rejects.toThrow();
      for (let i = 0; i < 4; i++) {
        const ready = await send(`${nginx.url}/api/ready`, { from: ip(1) });
        expect(ready.status).toBe(200);
        expect(servedBy(ready)).toBe(one.address);
        const info = await send(`${nginx.url}/api/blade-auth/oauth/user-info`, {
          headers: auth(adminToken),
          from: ip(1),
        });
        expect(info.status).toBe(200);
        expect(servedBy(info)).toBe(one.address);
      }
      await two.start();
      expect((await send(`${two.url}/api/ready`, { from: ip(1) })).status).toBe(200);
      await waitFor(
        'nginx to route to server-2 again',
        async () => servedBy(await send(`${nginx.url}/api/ready`, { from: ip(1) })) === two.address,
        15_000,
      );
    });
  },
);

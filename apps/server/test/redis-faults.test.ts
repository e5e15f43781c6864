import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../src/util/kv-store.js';
import { BASIC, call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';
import { freePort, waitFor } from './scale-out-cluster.js';

// With Redis refusing connections, requests with valid tokens got 401 (a BladeX client then logs its
// user out) and login a 500; then every request hung until Redis came back. A Redis that restarted empty
// forgot every logout. Now: while the store is away every request is answered within a bounded wait
// with a 503 in Chinese, never 401, never 500; the revocation marks are kept in the database too, so a
// logged-out token stays refused after Redis comes back empty. The test runs a Redis of its own on a
// free port (never the machine's), kills it, freezes it and restarts it empty.

const hasRedis = (() => {
  try {
    execFileSync('redis-server', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

const BOUND_MS = 2000;
const UNAVAILABLE = '服务暂时不可用,请稍后再试';

let port = 0;
let redis: ChildProcess | undefined;

async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  redis = child;
}

async function killRedis(): Promise<void> {
  const child = redis!;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  redis = undefined;
}

let s: TestServer;
beforeAll(async () => {
  if (!hasRedis) return;
  port = await freePort();
  await startRedis();
  s = await startTestServer({}, new RedisStore(`redis://127.0.0.1:${port}`, 'faults:'));
}, 120_000);
afterAll(async () => {
  await s?.close();
  redis?.kill('SIGKILL');
});

const info = (token: string) => call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info');

/** The answer and how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = Date.now();
  const res = await request();
  return { res, ms: Date.now() - started };
}

describe.skipIf(!hasRedis)('Redis faults', () => {
  let good = '';
  let loggedOut = { access: '', refresh: '' };

  it('sets up: a good session and a logged-out one', async () => {
    good = await login(s.app);
    const out = (await tokenRequest(s.app)).json();
    loggedOut = { access: out.access_token, refresh: out.refresh_token };
    expect((await call(s.app, loggedOut.access, 'GET', '/api/blade-auth/oauth/logout')).statusCode).toBe(200);
    expect((await info(good)).statusCode).toBe(200);
    expect((await info(loggedOut.access)).statusCode).toBe(401);
  });

  it('answers 503 within the bound while Redis refuses connections, never 401 or 500', async () => {
    await killRedis();
    const until = Date.now() + 4000;
    let asked = 0;
    while (Date.now() < until) {
      const { res, ms } = await timed(() => info(good));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, success: false, msg: UNAVAILABLE });
      expect(ms).toBeLessThan(BOUND_MS);
      asked++;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(asked).toBeGreaterThan(5);
    const signIn = await timed(() => tokenRequest(s.app));
    expect(signIn.res.statusCode, signIn.res.body).toBe(503);
    expect(signIn.ms).toBeLessThan(BOUND_MS);
  }, 30_000);

  it('keeps a logout through a Redis that comes back empty', async () => {
    await startRedis(); // empty: no persistence
    await waitFor('the server to reach Redis again', async () => (await info(good)).statusCode === 200);
    const refused = await info(loggedOut.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe('令牌已失效,请重新登录');
    const refresh = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=${loggedOut.refresh}`,
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
    expect(refresh.statusCode).toBe(401);
    // and a new login works as before
    expect((await tokenRequest(s.app)).statusCode).toBe(200);
  }, 30_000);

  it('answers 503 within the bound while Redis is frozen, then serves again', async () => {
    redis!.kill('SIGSTOP');
    try {
      const { res, ms } = await timed(() => info(good));
      expect(res.statusCode, res.body).toBe(503);
      expect(ms).toBeLessThan(BOUND_MS);
    } finally {
      redis!.kill('SIGCONT');
    }
    await waitFor('requests to pass again', async () => (await info(good)).statusCode === 200);
    expect((await info(loggedOut.access)).statusCode).toBe(401);
  }, 30_000);
});

import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE } from '../src/auth/jwt-secret.js';
import { SHIPPED_CLIENT_SECRET, SHIPPED_JWT_SECRET } from '../src/config.js';
import { hashClientSecret } from '../src/auth/passwords.js';
import { nextId } from '../src/db/ids.js';
import { call, login, onPostgres, startTestServer, tokenRequest } from './harness.js';
import {
  adminToken,
  freePort,
  scratchStore,
  spawnServer,
  startServer,
  type ServerProcess,
} from './server-process.js';

// Issue 10, security 1: `npm start` (NODE_ENV unset, no JWT_SECRET) used to sign with the demo key
// shipped in this repository, so anyone could sign a platform-administrator token. Now the real entry
// point generates a key into the data folder on the first start (mode 0600), keeps it across restarts,
// and refuses the shipped key in every mode.

const servers: ServerProcess[] = [];
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const s of servers) s.proc.kill('SIGKILL');
  await drop?.();
});

/** What `npm start` sees: no NODE_ENV, no JWT_SECRET. */
const npmStart = { NODE_ENV: '', JWT_SECRET: '' };

/** A token with the claims of a genuine one (the platform administrator's), signed anew with `key`. */
function forge(genuine: string, key: string) {
  const claims = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return new SignJWT({ ...claims, jti: randomUUID(), sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(key));
}

const tenants = (url: string, token: string) =>
  fetch(`${url}/api/blade-system/tenant/list`, { headers: { 'blade-auth': `bearer ${token}` } });

async function stop(server: ServerProcess) {
  server.proc.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('the signing key of a default start', () => {
  it(
    'is generated into the data folder, kept across restarts, and the shipped key signs nothing',
    { timeout: 180_000 },
    async () => {
      const store = await scratchStore('signing');
      drop = store.drop;
      const first = await startServer({ ...store.env, ...npmStart });
      servers.push(first);
      const token = await adminToken(first.url);
      expect((await tenants(first.url, token)).status).toBe(200);
      const forged = await tenants(first.url, await forge(token, SHIPPED_JWT_SECRET));
      expect(forged.status, 'a token signed with the shipped demo key').toBe(401);

      const file = path.join(store.env.DATA_DIR!, JWT_SECRET_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = readFileSync(file, 'utf8').trim();
      expect(key.length).toBeGreaterThanOrEqual(32);
      expect(key).not.toBe(SHIPPED_JWT_SECRET);
      // The generated key is the one in use: a token signed with it is taken for genuine.
      expect((await tenants(first.url, await forge(token, key))).status).toBe(200);
      await stop(first);

      // The second start reuses the key: the token issued before the restart is still good.
      const second = await startServer({ ...store.env, ...npmStart });
      servers.push(second);
      expect((await tenants(second.url, token)).status).toBe(200);
      expect(readFileSync(file, 'utf8').trim()).toBe(key);
      expect((await tenants(second.url, await forge(token, SHIPPED_JWT_SECRET))).status).toBe(401);
      await stop(second);
    },
  );

  // The configuration is checked before any database is opened: the PGlite project alone runs it.
  it.runIf(!onPostgres)(
    'refuses to start with the shipped key, or a short one, outside production too',
    { timeout: 90_000 },
    async () => {
      for (const [secret, reason] of [
        [SHIPPED_JWT_SECRET, /JWT_SECRET is the shipped demo value/],
        ['short-key', /JWT_SECRET must be at least 32 characters/],
      ] as const) {
        const port = await freePort();
        const server = spawnServer(
          { NODE_ENV: '', DATABASE_URL: '', DATA_DIR: '/nonexistent/never', JWT_SECRET: secret },
          port,
        );
        servers.push(server);
        const code = await Promise.race([
          server.exited,
          new Promise((r) => setTimeout(() => r('running'), 60_000)),
        ]);
        expect(code, server.stderr()).not.toBe(0);
        expect(code).not.toBe('running');
        expect(server.stderr()).toMatch(/Refusing to start: /);
        expect(server.stderr()).toMatch(reason);
      }
    },
  );
});

describe('the shipped client secret', () => {
  // The browser's client (CLIENT_ID) sends the shipped secret from every browser, so it is public; a
  // client an administrator adds for an integration must have a secret of its own.
  it('opens the browser client only: no other client may store it or log in with it', async () => {
    const s = await startTestServer();
    try {
      const admin = await login(s.app);
      const refused = await call(s.app, admin, 'POST', '/api/blade-system/client/submit', {
        clientId: 'integration',
        clientSecret: SHIPPED_CLIENT_SECRET,
        scope: 'all',
        authorizedGrantTypes: 'password,refresh_token',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().msg).toBe('应用密钥不能使用系统内置的默认值,请另设密钥');
      // A client row that holds it anyway (written before this rule) does not log in with it.
      await s.db.kysely
        .insertInto('blade_client')
        .values({
          id: nextId(),
          client_id: 'legacy',
          client_secret: hashClientSecret(SHIPPED_CLIENT_SECRET),
          scope: 'all',
          authorized_grant_types: 'password,refresh_token',
          access_token_validity: 3600,
          refresh_token_validity: 7200,
        })
        .execute();
      const legacy = await tokenRequest(s.app, {
        headers: {
          authorization: `Basic ${Buffer.from(`legacy:${SHIPPED_CLIENT_SECRET}`).toString('base64')}`,
        },
      });
      expect(legacy.statusCode, legacy.body).toBe(401);
      expect(legacy.json().error_description).toBe('客户端认证失败');
      // The browser's client logs in with it as ever.
      expect((await tokenRequest(s.app)).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});

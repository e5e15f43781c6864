import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig, parseTrustProxy } from '../src/config.js';
import { MemoryStore } from '../src/util/kv-store.js';
import { onPostgres, startTestServer, type TestServer } from './harness.js';

// TRUST_PROXY is read by config.ts (not from process.env in app.ts) and decides which X-Forwarded-For
// entry is the client IP, the address lockout counts: none (false), every hop (true), a hop count, or
// only the listed proxy addresses/CIDRs. The database plays no part, so the PGlite project alone runs it.

describe('TRUST_PROXY parsing', () => {
  it('accepts false, true, a hop count and a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' } as NodeJS.ProcessEnv).trustProxy).toEqual(['127.0.0.1']);
  });

  it('refuses anything else at start-up, naming the bad entry', () => {
    for (const bad of ['yes-please', '10.0.0.0/33', '10.0.0.1,nginx', '300.1.1.1', '::1/129', '-1', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad } as NodeJS.ProcessEnv), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.runIf(!onPostgres)('TRUST_PROXY and the client IP', () => {
  let s: TestServer;
  const apps: FastifyInstance[] = [];
  /** A server on the test database with the given trustProxy and a route that answers request.ip. */
  const serverWith = async (trustProxy: Config['trustProxy']) => {
    const { app } = await buildApp({
      config: { ...s.config, trustProxy },
      db: s.db,
      store: new MemoryStore(),
      logger: false,
    });
    app.get('/test/ip', async (request) => ({ ip: request.ip }));
    await app.ready();
    apps.push(app);
    return app;
  };
  const ipSeen = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/test/ip',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).json().ip as string;

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await s.close();
  });

  it('false: the socket address, whatever the header says', async () => {
    const app = await serverWith(false);
    expect(await ipSeen(app, '10.0.0.2', '1.1.1.1')).toBe('10.0.0.2');
  });

  it('true: the first address of the header', async () => {
    const app = await serverWith(true);
    expect(await ipSeen(app, '10.0.0.2', '1.1.1.1, 10.0.0.1')).toBe('1.1.1.1');
  });

  it('a hop count: only that many proxies are believed', async () => {
    const app = await serverWith(parseTrustProxy('1'));
    expect(await ipSeen(app, '10.0.0.2', '1.1.1.1, 10.0.0.1')).toBe('10.0.0.1');
  });

  it('a list: only the listed proxies are believed, and a client cannot forge its address', async () => {
    const app = await serverWith(parseTrustProxy('10.0.0.0/8'));
    expect(await ipSeen(app, '10.0.0.2', '1.1.1.1, 10.0.0.1')).toBe('1.1.1.1');
    // A client talking to the server directly with a forged header keeps its own address.
    expect(await ipSeen(app, '203.0.113.9', '1.1.1.1')).toBe('203.0.113.9');
    // A forged entry in front of a real proxy hop: the first untrusted address from the right counts.
    expect(await ipSeen(app, '10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await login(s.app);
});
afterAll(() => s.close());

describe('operations', () => {
  it('answers health and readiness', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/health' })).json().data).toEqual({ status: 'UP' });
    const ready = await s.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('READY');
  });

  it('puts security headers on every response, errors included', async () => {
    for (const res of [
      await call(s.app, token, 'GET', '/api/blade-system/param/list'),
      await call(s.app, undefined, 'GET', '/api/blade-system/param/list'),
      await s.app.inject({ method: 'GET', url: '/api/none' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('an Idempotency-Key makes a repeated submit create one record', async () => {
    const submit = (key: string, paramKey: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/blade-system/param/submit',
        headers: { 'blade-auth': `bearer ${token}`, 'idempotency-key': key },
        payload: { paramName: '幂等', paramKey, paramValue: 'v' },
      });
    const first = await submit('abc-1', 'idem.a');
    const again = await submit('abc-1', 'idem.a');
    expect(again.json()).toEqual(first.json());
    const parallel = await Promise.all([
      submit('abc-2', 'idem.b'),
      submit('abc-2', 'idem.b'),
      submit('abc-2', 'idem.b'),
    ]);
    const ids = new Set(parallel.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const rows = await s.db.kysely
      .selectFrom('blade_param')
      .select('id')
      .where('param_key', 'in', ['idem.a', 'idem.b'])
      .execute();
    expect(rows).toHaveLength(2);
    expect((await submit('bad key!', 'idem.c')).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { login, startTestServer, type TestServer } from './harness.js';

// Idempotency-Key beyond operations.test.ts (a repeat replays the first answer; three parallel repeats
// make one record): a key reused for a different request, many concurrent duplicates mixed with a
// conflicting one, per-user keys, and a failed first attempt that must not use the key up.

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await login(s.app);
});
afterAll(() => s.close());

const submit = (key: string | undefined, body: Record<string, unknown>, as = token) =>
  s.app.inject({
    method: 'POST',
    url: '/api/blade-system/param/submit',
    headers: { 'blade-auth': `bearer ${as}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const param = (paramKey: string, paramValue = 'v') => ({ paramName: '幂等', paramKey, paramValue });
const stored = (prefix: string) =>
  s.db.kysely
    .selectFrom('blade_param')
    .select(['id', 'param_key', 'param_value'])
    .where('param_key', 'like', `${prefix}%`)
    .where('is_deleted', '=', 0)
    .execute();

describe('Idempotency-Key', () => {
  it('refuses the same key for a different request with a clear 422, and writes nothing', async () => {
    const first = await submit('k-reuse', param('reuse.a'));
    expect(first.statusCode).toBe(200);
    const other = await submit('k-reuse', param('reuse.a', 'changed'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 422,
      success: false,
      msg: 'Idempotency-Key 已用于内容不同的请求,请使用新的 Idempotency-Key',
    });
    expect(await stored('reuse.')).toEqual([
      { id: first.json().data.id, param_key: 'reuse.a', param_value: 'v' },
    ]);
    // The original request still replays.
    expect((await submit('k-reuse', param('reuse.a'))).json()).toEqual(first.json());
  });

  it('makes one record from many concurrent duplicates, refusing a conflicting one among them', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => submit('k-burst', param('burst.a'))),
      submit('k-burst', param('burst.b')),
    ]);
    const same = answers.slice(0, 8);
    const conflicting = answers[8]!;
    const rows = await stored('burst.');
    expect(rows).toHaveLength(1);
    const winner = rows[0]!;
    // Whichever request ran first, every duplicate of it got its answer and the other body a 422.
    const winnerIsA = winner.param_key === 'burst.a';
    for (const a of winnerIsA ? same : [conflicting]) {
      expect(a.statusCode).toBe(200);
      expect(a.json().data.id).toBe(winner.id);
    }
    for (const a of winnerIsA ? [conflicting] : same) expect(a.statusCode).toBe(422);
  });

  it('keeps keys per user: another user with the same key makes its own record', async () => {
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'idem2',
      menuCodes: ['param', 'param_add'],
    });
    const other = await login(s.app, { account: 'idem2', password: 'secret' });
    const mine = await submit('k-user', param('peruser.a'));
    const theirs = await submit('k-user', param('peruser.b'), other);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await stored('peruser.')).map((r) => r.param_key).sort()).toEqual(['peruser.a', 'peruser.b']);
  });

  it('does not use the key up when the first attempt fails', async () => {
    const bad = await submit('k-retry', { paramName: '幂等', paramKey: 'retry.a' }); // no value: 400
    expect(bad.statusCode).toBe(400);
    const fixed = await submit('k-retry', param('retry.a'));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await stored('retry.')).toHaveLength(1);
  });

  it('without a key, each submit writes (the control)', async () => {
    await submit(undefined, param('nokey.a'));
    const again = await submit(undefined, param('nokey.a'));
    expect(again.json().msg).toBe('参数键名已存在');
    await submit(undefined, param('nokey.b'));
    expect(await stored('nokey.')).toHaveLength(2);
  });
});

import { acceptsWrites, isWritable, resources, type ResourceDef } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDirectRow } from './direct-rows.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { sampleBody } from './samples.js';

// Every generated route carries a schema derived from its definition (engine/crud/route-schemas). The
// answers through the response schemas must equal what the engine handed over, field for field: no
// reference name, dictionary label, approval column or hook field may be lost or retyped.
let s: TestServer;
let admin: string;
/** request id → the answer before serialization, as JSON.stringify would have sent it */
const unschematised = new Map<string, string>();

beforeAll(async () => {
  s = await startTestServer({}, undefined, (app) => {
    app.addHook('preSerialization', async (request, _reply, payload) => {
      unschematised.set(request.id, JSON.stringify(payload));
      return payload;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-test-request', request.id);
      return payload;
    });
  });
  admin = await login(s.app);
});
afterAll(() => s.close());

const writeUrl = (def: ResourceDef) =>
  def.write === 'save-update' ? `${def.path}/save` : `${def.path}/submit`;

/** GETs `url` and expects the serialized answer to equal the engine's own value. */
async function sameAnswer(url: string): Promise<Record<string, unknown>> {
  const res = await call(s.app, admin, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const raw = unschematised.get(String(res.headers['x-test-request']));
  expect(raw, `${url}: no payload captured`).toBeDefined();
  expect(JSON.parse(res.body)).toStrictEqual(JSON.parse(raw!));
  return res.json();
}

describe.each(resources.map((d) => [d.name, d] as const))('%s', (_name, def) => {
  it('answers detail, page and list through its schemas exactly as without them', async () => {
    if (acceptsWrites(def)) {
      const created = await call(s.app, admin, 'POST', writeUrl(def), await sampleBody(s.app, admin, def));
      expect(created.statusCode, created.body).toBe(200);
    } else await insertDirectRow(s.db, def);
    const page = (await sameAnswer(`${def.path}/page?size=50`)).data as { records: { id: string }[] };
    await sameAnswer(`${def.path}/list?size=50`);
    for (const view of ['app-page', 'parent-list', 'child-list'])
      if (s.app.hasRoute({ method: 'GET', url: `${def.path}/${view}` }))
        await sameAnswer(`${def.path}/${view}`);
    if (def.tree) await sameAnswer(`${def.path}/lazy-list`);
    expect(page.records.length, 'the page has rows to compare').toBeGreaterThan(0);
    for (const record of page.records.slice(0, 5)) await sameAnswer(`${def.path}/detail?id=${record.id}`);
  });

  const long = def.fields.find(
    (f) => f.kind === 'string' && f.maxLength && isWritable(f) && !f.rule && !f.pattern && !f.ref,
  );
  it.skipIf(!long || !acceptsWrites(def))("refuses an overlong value with the engine's message", async () => {
    const body = {
      ...(await sampleBody(s.app, admin, def)),
      [long!.name]: '长'.repeat(long!.maxLength! + 1),
    };
    const res = await call(s.app, admin, 'POST', writeUrl(def), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`${long!.label.zh}长度不能超过${long!.maxLength}个字符`);
  });

  const int = def.fields.find((f) => f.kind === 'int' && isWritable(f));
  it.skipIf(!int || !acceptsWrites(def))(
    "refuses a value of the wrong type with the engine's message",
    async () => {
      const body = { ...(await sampleBody(s.app, admin, def)), [int!.name]: { n: 1 } };
      const res = await call(s.app, admin, 'POST', writeUrl(def), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`${int!.label.zh}必须是整数`);
    },
  );
});

describe('schema refusals', () => {
  const def = resources.find((d) => acceptsWrites(d) && d.write !== 'save-update')!;
  it('checks the token before the body', async () => {
    const res = await call(s.app, undefined, 'POST', `${def.path}/submit`, [1, 2]);
    expect(res.statusCode).toBe(401);
  });
  it('answers a body that is no object in Chinese', async () => {
    const res = await call(s.app, admin, 'POST', `${def.path}/submit`, [1, 2]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请求体格式错误');
  });
});

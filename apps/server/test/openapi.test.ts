import { acceptsWrites, resources } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../src/http/openapi.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The OpenAPI document (http/openapi.ts) is generated from the route schemas: every generated route of
// every definition is in it, it is a well-formed OpenAPI 3.1 document, and only the platform
// administrator may read it.
let s: TestServer;
let doc: OpenApi;
let tenantAdmin: string;

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  tags?: string[];
}
interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
}

beforeAll(async () => {
  s = await startTestServer();
  const admin = await login(s.app);
  await addTenantWithUser(s.db, { tenantId: '271828', account: 'boss', menuCodes: [], alias: 'admin' });
  tenantAdmin = await login(s.app, { tenantId: '271828', account: 'boss', password: 'secret' });
  const res = await call(s.app, admin, 'GET', OPENAPI_PATH);
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json();
});
afterAll(() => s.close());

/** Every `$ref` of the document points at something in it. */
function refsResolve(node: unknown, root: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const missing: string[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') {
      const target = v
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], root);
      if (target === undefined) missing.push(v);
    } else missing.push(...refsResolve(v, root));
  }
  return missing;
}

describe('the OpenAPI document', () => {
  it('is a well-formed OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'post', 'put', 'delete', 'patch'], `${method} ${path}`).toContain(method);
        expect(op.responses, `${method} ${path}`).toBeTypeOf('object');
        for (const p of op.parameters ?? []) expect(['query', 'path', 'header']).toContain(p.in);
      }
    }
    expect(refsResolve(doc, doc)).toEqual([]);
  });

  it.each(resources.map((d) => [d.name, d] as const))('lists every generated route of %s', (_n, def) => {
    const routes = s.app.accessTable.filter((r) => r.url.startsWith(`${def.path}/`) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const op = doc.paths[r.url]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op!.tags, `${r.method} ${r.url}`).toContain(def.name);
    }
    const page = doc.paths[`${def.path}/page`]!.get!;
    expect(page.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['current', 'size']));
    const answer = page.responses['200']!.content!['application/json']!.schema as {
      properties: { data: { properties: { records: unknown } } };
    };
    expect(answer.properties.data.properties.records).toBeDefined();
    const write = doc.paths[`${def.path}/${def.write === 'save-update' ? 'save' : 'submit'}`]?.post;
    if (acceptsWrites(def)) expect(write?.requestBody, `${def.name} write body`).toBeDefined();
  });

  it('holds no tenant data', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('271828');
    expect(text).not.toMatch(/\$argon2|access_token"\s*:\s*"ey/);
  });
});

describe('who may read it', () => {
  it('refuses callers without a token and every other administrator', async () => {
    expect((await call(s.app, undefined, 'GET', OPENAPI_PATH)).statusCode).toBe(401);
    expect((await call(s.app, tenantAdmin, 'GET', OPENAPI_PATH)).statusCode).toBe(403);
  });
  it("sends the reference page's copies of the document to the guarded route", async () => {
    for (const copy of ['/docs/json', '/docs/yaml']) {
      const res = await s.app.inject({ method: 'GET', url: copy });
      expect(res.statusCode).toBe(307);
      expect(res.headers.location).toBe(OPENAPI_PATH);
    }
    const page = await s.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });
});

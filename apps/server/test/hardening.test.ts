import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, upload, type TestServer } from './harness.js';

// Issue 10, security 6 (the smaller ones): role/submit took a parent role of another tenant or none at
// all; a token in `?blade-auth=` opened every route; uploads and uploaded client logs had no quota; PDFs
// were served inline from /files/; a malformed percent-escape got Fastify's bare error; bound SQL values
// (a user's phone, name, password hash) were written to the warn log.

const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ uploadQuotaFiles: 3, uploadQuotaMb: 1, clientLogQuota: 3 });
  admin = await login(s.app);
});
afterAll(() => s.close());

describe('role/submit', () => {
  it('refuses a parent role of another tenant or one that does not exist', async () => {
    const other = await addTenantWithUser(s.db, { tenantId: '100001', account: 'other', menuCodes: [] });
    const mine = await addTenantWithUser(s.db, {
      tenantId: '100002',
      account: 'roles',
      menuCodes: ['role', 'role_add', 'role_view'],
    });
    const token = await login(s.app, { tenantId: '100002', account: 'roles', password: 'secret' });
    const submit = (parentId: string, alias: string) =>
      call(s.app, token, 'POST', '/api/blade-system/role/submit', {
        roleName: alias,
        roleAlias: alias,
        sort: 1,
        parentId,
      });
    for (const [parentId, why] of [
      [other.roleId, "another tenant's role"],
      ['123456789012345', 'no such role'],
    ] as const) {
      const res = await submit(parentId, 'child');
      expect(res.statusCode, why).toBe(400);
      expect(res.json().msg, why).toBe('上级角色不存在或不属于当前租户');
    }
    const ok = await submit(mine.roleId, 'child');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a token in the query string', () => {
  it('opens downloads only', async () => {
    const q = `blade-auth=${encodeURIComponent(`bearer ${admin}`)}`;
    const list = await s.app.inject({ method: 'GET', url: `/api/blade-system/param/list?${q}` });
    expect(list.statusCode).toBe(401);
    expect(list.json().msg).toBe('缺失令牌,鉴权失败');
    const exported = await s.app.inject({ method: 'GET', url: `/api/blade-user/export?${q}` });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment/);
  });
});

describe('quotas per user and day', () => {
  it('uploads: files and bytes; an upload that starts within the allowance completes', async () => {
    const { userId } = await addTenantWithUser(s.db, {
      tenantId: '100003',
      account: 'uploader',
      menuCodes: [],
    });
    const token = await login(s.app, { tenantId: '100003', account: 'uploader', password: 'secret' });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 2)]); // just over the 1 MB allowance
    expect((await upload(s.app, token, PUT, 'a.png', PNG)).statusCode).toBe(200);
    expect((await upload(s.app, token, PUT, 'big.png', big)).statusCode).toBe(200);
    const refused = await upload(s.app, token, PUT, 'c.png', PNG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 429,
      success: false,
      msg: '今日上传的文件已达上限,请明天再试',
    });
    // Nothing of the refused file was stored.
    const stored = await s.db.kysely
      .selectFrom('blade_attach')
      .select('id')
      .where('create_user', '=', userId)
      .execute();
    expect(stored).toHaveLength(2);
    // The count of files: another user's third file is refused, not the second.
    for (let i = 0; i < 3; i++)
      expect((await upload(s.app, admin, PUT, `n${i}.png`, PNG)).statusCode).toBe(200);
    expect((await upload(s.app, admin, PUT, 'n3.png', PNG)).statusCode).toBe(429);
  });

  it('client error logs', async () => {
    await addTenantWithUser(s.db, { tenantId: '100003', account: 'logger', menuCodes: [] });
    const token = await login(s.app, { tenantId: '100003', account: 'logger', password: 'secret' });
    const send = (n: number) =>
      call(
        s.app,
        token,
        'POST',
        '/api/blade-auth/oauth/logout',
        Array.from({ length: n }, (_, i) => ({ type: 'error', message: `m${i}`, url: '/x' })),
      );
    expect((await send(2)).json().msg).toBe('发送成功!');
    const refused = await send(2);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('今日上传的日志已达上限,请明天再试');
    expect((await send(1)).statusCode).toBe(200);
    const rows = await s.db.kysely
      .selectFrom('blade_log_error')
      .select('id')
      .where('tenant_id', '=', '100003')
      .where('create_by', '=', 'logger')
      .execute();
    expect(rows).toHaveLength(3);
    // The session is still alive: sending logs is not a logout.
    expect((await call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
  });
});

describe('uploaded files', () => {
  it('serves PDFs as downloads and every file with a CSP sandbox', async () => {
    await addTenantWithUser(s.db, { tenantId: '100004', account: 'files', menuCodes: [] });
    const token = await login(s.app, { tenantId: '100004', account: 'files', password: 'secret' });
    for (const [name, content, disposition] of [
      ['report.pdf', PDF, 'attachment'],
      ['photo.png', PNG, 'inline'],
    ] as const) {
      const res = await upload(s.app, token, PUT, name, content);
      expect(res.statusCode, res.body).toBe(200);
      const file = await s.app.inject({ method: 'GET', url: res.json().data.link });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition'], name).toBe(disposition);
      expect(file.headers['content-security-policy'], name).toBe('sandbox');
    }
  });
});

describe('a malformed percent-escape in the URL', () => {
  it('gets the envelope and the security headers', async () => {
    for (const url of ['/api/blade-system/param/list/%E0%A4%A', '/api/%zz?x=1', '/files/%zz']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 400, success: false, data: null, msg: '请求地址格式错误' });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('the log of a value the database refuses', () => {
  let logged: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    ({ app: logged } = await buildApp({
      config: s.config,
      db: s.db,
      logger: { write: (l) => lines.push(l) },
    }));
    await logged.ready();
  });
  afterAll(() => logged.close());

  it('names the statement, never the bound values of the row', async () => {
    const token = await login(logged);
    const ref = async (table: string) =>
      String(
        (
          await s.db.kysely
            .selectFrom(table)
            .select('id')
            .where('tenant_id', '=', '000000')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const res = await call(logged, token, 'POST', '/api/blade-user/submit', {
      account: 'leaky',
      password: '27f82cd41195dcc894f97193ece3fd31', // md5 of Tashi-Delek-8: common passwords are refused
      name: 'leaky',
      realName: '机密姓名',
      userType: 1,
      roleId: await ref('blade_role'),
      deptId: await ref('blade_dept'),
      postId: await ref('blade_post'),
      phone: '13912345678',
      sex: 99999999999, // beyond an integer column: the database refuses the row
    });
    expect(res.statusCode, res.body).toBe(400);
    const warned = lines.filter((l) => JSON.parse(l).msg === 'rejected value');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/insert into \\"blade_user\\"/);
    for (const value of ['13912345678', '机密姓名', 'leaky', '99999999999', '$argon2id'])
      expect(warned[0], value).not.toContain(value);
  });
});

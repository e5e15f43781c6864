import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, upload, type TestServer } from './harness.js';

// 附件管理: every uploaded file listed with size, type and uploader; download; delete removes the object.
const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const TEXT = Buffer.from('附件内容 attachment body\n');
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

describe('attachments', () => {
  it('lists an uploaded file with its size, type and uploader, and serves it for download', async () => {
    const up = await upload(s.app, admin, PUT, '说明.txt', TEXT);
    expect(up.statusCode, up.body).toBe(200);
    const { attachId, link } = up.json().data;
    const page = (await call(s.app, admin, 'GET', '/api/blade-resource/attach/list?originalName=说明')).json()
      .data;
    const row = page.records.find((r: { id: string }) => r.id === attachId);
    expect(row).toMatchObject({
      originalName: '说明.txt',
      extension: 'txt',
      attachSize: String(TEXT.length),
      link,
    });
    expect(row.createUserName).toBe('管理员');
    const file = await s.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TEXT)).toBe(true);
  });

  it('put-file stores a file without an attachment row', async () => {
    const up = await upload(s.app, admin, '/api/blade-resource/oss/endpoint/put-file', '无记录.txt', TEXT);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).not.toHaveProperty('attachId');
    expect((await s.app.inject({ method: 'GET', url: up.json().data.link })).statusCode).toBe(200);
    const listed = (
      await call(s.app, admin, 'GET', '/api/blade-resource/attach/list?originalName=无记录')
    ).json().data;
    expect(listed.records).toEqual([]);
  });

  it('removes the stored object with the record', async () => {
    const up = await upload(s.app, admin, PUT, '删除我.txt', TEXT);
    const { attachId, link } = up.json().data;
    const res = await call(s.app, admin, 'POST', `/api/blade-resource/attach/remove?ids=${attachId}`);
    expect(res.json().msg).toBe('删除成功');
    expect(
      (await call(s.app, admin, 'GET', `/api/blade-resource/attach/detail?id=${attachId}`)).statusCode,
    ).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    await s.ctx.logs.flush();
    const audit = (await call(s.app, admin, 'GET', `/api/blade-log/audit/list?recordId=${attachId}`)).json()
      .data;
    expect(audit.records.map((r: { action: string }) => r.action)).toEqual(['remove']);
  });

  it('takes no form writes and keeps tenants apart', async () => {
    expect(
      (await call(s.app, admin, 'POST', '/api/blade-resource/attach/submit', { originalName: 'x' }))
        .statusCode,
    ).toBe(404);
    const up = await upload(s.app, admin, PUT, '私有.txt', TEXT);
    const { attachId, link } = up.json().data;
    await addTenantWithUser(s.db, {
      tenantId: '500001',
      account: 'att',
      menuCodes: ['attach', 'attach_view', 'attach_delete'],
    });
    const other = await login(s.app, { tenantId: '500001', account: 'att', password: 'secret' });
    expect(
      (await call(s.app, other, 'GET', `/api/blade-resource/attach/detail?id=${attachId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(s.app, other, 'POST', `/api/blade-resource/attach/remove?ids=${attachId}`)).statusCode,
    ).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });
});

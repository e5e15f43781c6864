import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, upload, type TestServer } from './harness.js';

const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await login(s.app);
});
afterAll(() => s.close());

describe('uploader endpoint', () => {
  it('stores a picture under a server-made name and serves it back inert', async () => {
    const res = await upload(s.app, token, PUT, '头像.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ originalName: '头像.png' });
    // a link signed for a while (files/file-links.ts): whoever holds it is served without a token
    expect(data.link).toMatch(/^\/files\/\d{8}\/[0-9a-f]{32}\.png\?sig=[\w.-]+$/);
    const file = await s.app.inject({ method: 'GET', url: data.link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const row = await s.db.kysely
      .selectFrom('blade_attach')
      .selectAll()
      .where('id', '=', data.attachId)
      .executeTakeFirst();
    expect(row).toMatchObject({
      tenant_id: '000000',
      original_name: '头像.png',
      attach_size: String(PNG.length),
    });
  });

  it('ignores the path in a file name', async () => {
    const res = await upload(s.app, token, PUT, '../../../etc/evil.png', PNG);
    expect(res.json().data.originalName).toBe('evil.png');
    expect(res.json().data.link).not.toContain('..');
    expect((await s.app.inject({ method: 'GET', url: '/files/../../package.json' })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/files/20260101/%2e%2e%2fx.png' })).statusCode).toBe(
      404,
    );
  });

  it('refuses forbidden types, lying contents, empty and oversize files', async () => {
    const cases: [string, Buffer, string][] = [
      ['x.svg', Buffer.from('<svg onload="alert(1)"/>'), '不支持上传该类型的文件: svg'],
      ['x.html', Buffer.from('<script>alert(1)</script>'), '不支持上传该类型的文件: html'],
      ['noext', Buffer.from('abc'), '不支持上传该类型的文件: 无扩展名'],
      ['photo.png', Buffer.from('#!/bin/sh\nrm -rf /'), '文件内容与扩展名不符'],
      ['empty.txt', Buffer.alloc(0), '文件内容为空'],
      ['big.txt', Buffer.alloc(10 * 1024 * 1024 + 10, 0x41), '文件大小不能超过10MB'],
    ];
    for (const [name, content, msg] of cases) {
      const res = await upload(s.app, token, PUT, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toBe(msg);
    }
  });

  it('needs a token', async () => {
    const res = await s.app.inject({ method: 'POST', url: PUT });
    expect(res.statusCode).toBe(401);
  });
});

describe('S3-compatible store', () => {
  it('a file uploaded through one server is served by another', async () => {
    const { default: S3rver } = await import('s3rver');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'tongxin-s3-'));
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'tongxin' }],
    });
    const { port } = await s3.run();
    const options = {
      s3: {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'tongxin',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
      // instances share JWT_SECRET (README): a link one signs, the other accepts
      jwtSecret: randomBytes(32).toString('hex'),
    };
    const one = await startTestServer(options);
    const two = await startTestServer(options);
    try {
      expect(one.ctx.files.kind).toBe('s3');
      const res = await upload(one.app, await login(one.app), PUT, 'a.png', PNG);
      const link = res.json().data.link;
      const served = await two.app.inject({ method: 'GET', url: link });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      // a name the store does not hold, signed by the instances' shared key: not found
      const missing = res.json().data.name.replace(/[0-9a-f]{32}/, 'f'.repeat(32));
      const url = `/files/${missing}?sig=${two.ctx.links.signature(missing)}`;
      expect((await two.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await one.close();
      await two.close();
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

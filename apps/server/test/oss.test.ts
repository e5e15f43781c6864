import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, upload, type TestServer } from './harness.js';

// 对象存储: configurations for the local disk and S3-compatible stores (s3rver here), one enabled per
// tenant; uploads go to the enabled one; the secret key never comes back.
const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const BASE = '/api/blade-resource/oss';
const TEXT = Buffer.from('stored in s3\n');
let s: TestServer;
let admin: string;
let s3: S3rver;
let endpoint: string;
const dir = mkdtempSync(path.join(tmpdir(), 'tongxin-oss-'));

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'files' }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  // the fake store is on this machine: the platform allows exactly it (the outbound policy refuses
  // internal addresses otherwise, test/outbound-policy.test.ts)
  s = await startTestServer({ outboundAllowHosts: [`127.0.0.1:${port}`] });
  admin = await login(s.app);
});
afterAll(async () => {
  await s.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const s3Config = (extra: Record<string, unknown> = {}) => ({
  category: 2,
  ossCode: `minio-${Math.random().toString(36).slice(2, 8)}`,
  endpoint,
  accessKey: 'S3RVER',
  secretKey: 'S3RVER',
  bucketName: 'files',
  ...extra,
});

describe('object storage', () => {
  it('never sends the secret key back, and an edit without it keeps it', async () => {
    const saved = await call(s.app, admin, 'POST', `${BASE}/submit`, s3Config());
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id;
    const detail = (await call(s.app, admin, 'GET', `${BASE}/detail?id=${id}`)).json().data;
    expect(detail).not.toHaveProperty('secretKey');
    expect(JSON.stringify((await call(s.app, admin, 'GET', `${BASE}/list`)).json())).not.toContain(
      'secretKey',
    );
    const edited = await call(s.app, admin, 'POST', `${BASE}/submit`, {
      ...detail,
      remark: '改',
      secretKey: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const row = await s.db.kysely
      .selectFrom('blade_oss')
      .select(['secret_key', 'remark'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toEqual({ secret_key: 'S3RVER', remark: '改' });
  });

  it('asks an S3 store for its endpoint and bucket', async () => {
    const res = await call(s.app, admin, 'POST', `${BASE}/submit`, s3Config({ endpoint: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入资源地址');
    const noBucket = await call(s.app, admin, 'POST', `${BASE}/submit`, s3Config({ bucketName: '' }));
    expect(noBucket.json().msg).toBe('请输入空间名');
  });

  it('refuses to enable a store that does not answer, changing nothing', async () => {
    const id = (
      await call(s.app, admin, 'POST', `${BASE}/submit`, s3Config({ bucketName: 'missing' }))
    ).json().data.id;
    const res = await call(s.app, admin, 'POST', `${BASE}/enable?id=${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('对象存储连接失败: 空间不存在');
    expect((await call(s.app, admin, 'GET', `${BASE}/detail?id=${id}`)).json().data.status).toBe(1);
  });

  it('answers an upload to an enabled store that stopped answering with a clear message, recording nothing', async () => {
    const downDir = mkdtempSync(path.join(tmpdir(), 'tongxin-oss-down-'));
    const down = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: downDir,
      configureBuckets: [{ name: 'files' }],
    });
    const { port } = await down.run();
    // a second store on this machine, allowed by the platform parameter (read at each check)
    const allowHosts = (value: string) =>
      s.db.kysely
        .updateTable('blade_param')
        .set({ param_value: value })
        .where('tenant_id', '=', '000000')
        .where('param_key', '=', 'outbound.allowHosts')
        .execute();
    await allowHosts(`127.0.0.1:${port}`);
    try {
      const id = (
        await call(s.app, admin, 'POST', `${BASE}/submit`, s3Config({ endpoint: `http://127.0.0.1:${port}` }))
      ).json().data.id;
      expect((await call(s.app, admin, 'POST', `${BASE}/enable?id=${id}`)).statusCode).toBe(200);
      await down.close();
      const res = await upload(s.app, admin, PUT, '存储拒绝.txt', TEXT);
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toBe('文件存储不可用,请检查对象存储配置后重试');
      const listed = (
        await call(
          s.app,
          admin,
          'GET',
          `/api/blade-resource/attach/list?originalName=${encodeURIComponent('存储拒绝')}`,
        )
      ).json().data;
      expect(listed.records).toEqual([]);
    } finally {
      // the local disk serves the later tests' uploads again
      const local = (
        await call(s.app, admin, 'POST', `${BASE}/submit`, { category: 1, ossCode: 'disk-again' })
      ).json().data.id;
      await call(s.app, admin, 'POST', `${BASE}/enable?id=${local}`);
      await down.close().catch(() => undefined);
      rmSync(downDir, { recursive: true, force: true });
      await allowHosts('');
    }
  });

  it('sends uploads to the enabled store; files stay readable after switching; delete removes the object', async () => {
    const id = (await call(s.app, admin, 'POST', `${BASE}/submit`, s3Config())).json().data.id;
    const enabled = await call(s.app, admin, 'POST', `${BASE}/enable?id=${id}`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const up = (await upload(s.app, admin, PUT, 's3.txt', TEXT)).json().data;
    expect(up.link).toMatch(new RegExp(`^/files/o${id}/\\d{8}/[0-9a-f]{32}\\.txt\\?sig=[\\w.-]+$`));
    const served = await s.app.inject({ method: 'GET', url: up.link });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TEXT)).toBe(true);
    // the object is in the bucket, not on the server's disk
    const { S3Client, HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new HeadObjectCommand({ Bucket: 'files', Key: up.name }));

    const local = (
      await call(s.app, admin, 'POST', `${BASE}/submit`, { category: 1, ossCode: 'disk' })
    ).json().data.id;
    expect((await call(s.app, admin, 'POST', `${BASE}/enable?id=${local}`)).statusCode).toBe(200);
    expect((await call(s.app, admin, 'GET', `${BASE}/detail?id=${id}`)).json().data.status).toBe(1);
    const onDisk = (await upload(s.app, admin, PUT, 'disk.txt', TEXT)).json().data;
    expect(onDisk.link).toMatch(new RegExp(`^/files/o${local}/`));
    expect((await s.app.inject({ method: 'GET', url: onDisk.link })).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: up.link })).statusCode).toBe(200);

    const removed = await call(s.app, admin, 'POST', `/api/blade-resource/attach/remove?ids=${up.attachId}`);
    expect(removed.statusCode).toBe(200);
    await expect(client.send(new HeadObjectCommand({ Bucket: 'files', Key: up.name }))).rejects.toThrow();
    expect((await s.app.inject({ method: 'GET', url: up.link })).statusCode).toBe(404);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { S3FileStore } from '../src/files/file-store.js';
import { MAX_UPLOAD_BYTES } from '../src/files/upload-routes.js';
import { MemoryStore } from '../src/util/kv-store.js';
import { login, startTestServer, type TestServer } from './harness.js';

// Uploads stream to the store as they arrive (never whole in memory) through the same checks as before
// (uploads.test.ts and upload-attacks.test.ts keep the refusals): the bytes reach the disk while the
// request is still coming, a finished file is linked into place whole, and a refused, cut-off or
// abandoned upload leaves no file behind, partial or whole, on disk or in an S3-compatible store.

/** The stored name a link points at (answers carry it signed, files/file-links.ts). */
const storedName = (link: string) => link.replace('/files/', '').split('?')[0]!;
const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const HTML = Buffer.from('<!doctype html><html><body><script>window.__xss=1</script></body></html>');

let s: TestServer;
let token: string;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  token = await login(s.app);
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as { port: number }).port;
});
afterAll(() => s.close());

/** Every file under a folder, with its size. */
function filesIn(dir: string): { name: string; size: number }[] {
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .map((name) => ({ name, info: statSync(path.join(dir, name)) }))
      .filter((f) => f.info.isFile())
      .map((f) => ({ name: f.name, size: f.info.size }));
  } catch {
    return [];
  }
}
const uploads = () => filesIn(path.join(s.config.dataDir, 'uploads'));

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A multipart upload over a real connection, sent in two steps: `send(half)` then `finish()`. */
function openUpload(targetPort: number, filename: string, content: Buffer, agent?: Agent) {
  const boundary = `----stream${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = request({
    host: '127.0.0.1',
    port: targetPort,
    path: PUT,
    method: 'POST',
    agent,
    headers: {
      'blade-auth': `bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + content.length + tail.length,
    },
  });
  const socket = new Promise<Socket>((resolve) => req.on('socket', resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(head);
  return {
    answer,
    /** The connection the request went out on. */
    socket,
    send: (upTo: number) => new Promise<void>((r) => req.write(content.subarray(0, upTo), () => r())),
    finish: (from: number) => req.end(Buffer.concat([content.subarray(from), tail])),
    abort: () => req.destroy(),
  };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('streamed uploads', () => {
  it('reach the disk while the request is still arriving, then the whole file takes its name', async () => {
    const content = Buffer.alloc(4 * 1024 * 1024, 0x61);
    content.write('streamed upload\n');
    const up = openUpload(port, 'big.txt', content);
    const half = content.length / 2;
    await up.send(half);
    // Part of the file is on disk, under a partial name, before the rest has been sent.
    await until('the partial file', () => uploads().some((f) => f.name.endsWith('.partial') && f.size > 0));
    expect(uploads().filter((f) => !f.name.endsWith('.partial'))).toEqual([]);
    up.finish(half);
    const res = await up.answer;
    expect(res.status, res.body).toBe(200);
    const { link, attachId } = JSON.parse(res.body).data as { link: string; attachId: string };
    const name = storedName(link);
    expect(uploads().map((f) => f.name)).toEqual([name]);
    const stored = readFileSync(path.join(s.config.dataDir, 'uploads', name));
    expect(sha(stored)).toBe(sha(content));
    const row = await s.db.kysely
      .selectFrom('blade_attach')
      .select('attach_size')
      .where('id', '=', attachId)
      .executeTakeFirst();
    expect(row?.attach_size).toBe(String(content.length));
  });

  it('leave nothing behind when the client goes away mid-upload', async () => {
    const before = uploads();
    const rows = await s.db.kysely.selectFrom('blade_attach').select('id').execute();
    const content = Buffer.alloc(3 * 1024 * 1024, 0x62);
    const up = openUpload(port, 'gone.txt', content);
    up.answer.catch(() => undefined);
    await up.send(content.length / 2);
    await until('the partial file', () => uploads().some((f) => f.name.endsWith('.partial')));
    up.abort();
    await until('the partial file to go', () => !uploads().some((f) => f.name.endsWith('.partial')));
    expect(uploads()).toEqual(before);
    expect(await s.db.kysely.selectFrom('blade_attach').select('id').execute()).toHaveLength(rows.length);
  });

  it('leave nothing behind when refused, and the connection carries the next request', async () => {
    const before = uploads();
    // One keep-alive connection for every request: a refused upload's unread rest is dropped, so the
    // next request on the connection is answered.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<Socket>();
    const big = Buffer.alloc(3 * 1024 * 1024, 0x20);
    try {
      for (const [name, content, msg] of [
        ['page.png', Buffer.concat([HTML, big]), '文件内容与扩展名不符'],
        ['tool.exe', Buffer.concat([Buffer.from('MZ'), big]), '不支持上传该类型的文件: exe'],
        ['huge.txt', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41), '文件大小不能超过10MB'],
      ] as const) {
        const up = openUpload(port, name, content, agent);
        up.finish(0);
        const res = await up.answer;
        expect(res.status, name).toBe(400);
        expect(JSON.parse(res.body).msg, name).toBe(msg);
        sockets.add(await up.socket);
      }
      expect(uploads()).toEqual(before);
      const ok = openUpload(port, 'after.txt', Buffer.from('still works'), agent);
      ok.finish(0);
      expect((await ok.answer).status).toBe(200);
      sockets.add(await ok.socket);
      expect(sockets.size, 'the same connection served every request').toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe('streamed uploads to an S3-compatible store', () => {
  let app: FastifyInstance;
  let s3Port: number;
  let close: () => Promise<void>;
  const spool = mkdtempSync(path.join(tmpdir(), 'tongxin-spool-'));
  const objects = async () => {
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'tongxin' }));
    client.destroy();
    return (listed.Contents ?? []).map((o) => ({ key: o.Key, size: o.Size }));
  };

  beforeAll(async () => {
    const { default: S3rver } = await import('s3rver');
    const dir = mkdtempSync(path.join(tmpdir(), 'tongxin-s3-'));
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'tongxin' }],
    });
    s3Port = (await s3.run()).port;
    const files = new S3FileStore(
      {
        endpoint: `http://127.0.0.1:${s3Port}`,
        region: 'us-east-1',
        bucket: 'tongxin',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
      spool,
    );
    ({ app } = await buildApp({
      config: s.config,
      db: s.db,
      store: new MemoryStore(),
      files,
      logger: false,
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(spool, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('stores only complete, accepted files, and keeps nothing in the spool', async () => {
    const appPort = (app.server.address() as { port: number }).port;
    const content = randomBytes(2 * 1024 * 1024);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), content]);
    const up = openUpload(appPort, 'report.pdf', pdf);
    up.finish(0);
    const ok = await up.answer;
    expect(ok.status, ok.body).toBe(200);
    const { link } = JSON.parse(ok.body).data as { link: string };
    const served = await app.inject({ method: 'GET', url: link });
    expect(sha(served.rawPayload)).toBe(sha(pdf));

    for (const [name, body] of [
      ['fake.pdf', Buffer.concat([HTML, content])],
      ['huge.txt', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41)],
    ] as const) {
      const refused = openUpload(appPort, name, body);
      refused.finish(0);
      expect((await refused.answer).status, name).toBe(400);
    }
    const gone = openUpload(appPort, 'gone.txt', Buffer.alloc(3 * 1024 * 1024, 0x63));
    gone.answer.catch(() => undefined);
    await gone.send(1024 * 1024);
    await until('the spooled part', () => filesIn(spool).length > 0);
    gone.abort();
    await until('the spool to empty', () => filesIn(spool).length === 0);

    expect(await objects()).toEqual([{ key: storedName(link), size: pdf.length }]);
    expect(filesIn(spool)).toEqual([]);
  });
});

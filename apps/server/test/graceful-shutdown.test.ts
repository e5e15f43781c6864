import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  connectionRefused,
  scratchStore,
  startServer,
  type ServerProcess,
} from './server-process.js';

// SIGTERM while a slow upload is in flight: new connections are refused, the upload still completes
// and is stored, its connection is closed after the answer, then the process exits 0. The server runs in production
// mode with its own secrets (which also shows a correctly configured production server starts).

const CLIENT_SECRET = randomBytes(12).toString('hex');
const BASIC = `Basic ${Buffer.from(`saber:${CLIENT_SECRET}`).toString('base64')}`;
let server: ServerProcess | undefined;
let dropStore: (() => Promise<void>) | undefined;
afterAll(async () => {
  server?.proc.kill('SIGKILL');
  await dropStore?.();
});

/** Starts a multipart upload of `size` bytes and leaves it open: returns a function that sends the rest. */
function slowUpload(url: string, token: string, size: number) {
  const boundary = `----drain${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.alloc(size, 0x61);
  const req = request(`${url}/api/blade-resource/oss/endpoint/put-file-attach`, {
    method: 'POST',
    headers: {
      'blade-auth': `bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + body.length + tail.length,
      // The server answers 100 Continue once it has parsed the headers: from then on the request is in
      // flight (not an idle connection a closing server may drop).
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
      );
    });
    req.on('error', reject);
  });
  const half = Math.floor(size / 2);
  const started = new Promise<void>((resolve) =>
    req.on('continue', () => {
      req.write(head);
      req.write(body.subarray(0, half), () => resolve());
    }),
  );
  req.flushHeaders();
  return {
    started,
    answer,
    finish: () => {
      req.write(body.subarray(half));
      req.end(tail);
    },
  };
}

describe('graceful shutdown', () => {
  it('drains an in-flight request, refuses new connections, then exits 0', { timeout: 120_000 }, async () => {
    const store = await scratchStore('drain');
    dropStore = store.drop;
    server = await startServer({
      ...store.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      CLIENT_SECRET,
    });
    const token = await adminToken(server.url, BASIC);
    expect(token).toBeTruthy();
    const upload = slowUpload(server.url, token, 4 * 1024 * 1024);
    await upload.started;
    await new Promise((r) => setTimeout(r, 200)); // half the body is on its way
    server.proc.kill('SIGTERM');
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await connectionRefused(server.port);
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused, 'new connections are refused once draining').toBe(true);
    let exitedEarly = false;
    void server.exited.then(() => (exitedEarly = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(exitedEarly, `the process waits for the in-flight request: ${server.stderr()}`).toBe(false);
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status, answer.body).toBe(200);
    // The connection is not kept alive past the answer: nothing holds the exit back.
    expect(answer.connection).toBe('close');
    const { attachId } = JSON.parse(answer.body).data as { attachId: string };
    const code = await Promise.race([
      server.exited,
      new Promise((r) => setTimeout(() => r('still running'), 30_000)),
    ]);
    expect(code, server.stderr()).toBe(0);
    // The drained request's write was committed before the database closed.
    const db = await store.open();
    try {
      const row = await db.kysely
        .selectFrom('blade_attach')
        .select(['attach_size', 'original_name'])
        .where('id', '=', attachId)
        .executeTakeFirst();
      expect(row).toEqual({ attach_size: String(4 * 1024 * 1024), original_name: 'slow.txt' });
    } finally {
      await db.close();
    }
  });
});

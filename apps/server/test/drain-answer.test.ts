import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAINING_MSG } from '../src/http/drain.js';
import { startTestServer, type TestServer } from './harness.js';

// A request that arrives during the shutdown drain on a connection that was already open (its first
// bytes came before the drain, so closing idle connections did not drop it) is refused with 503 in the
// envelope, with the security headers and `Connection: close`, not with Fastify's bare 503 body.

let s: TestServer;
let closed = false;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!closed) await s.app.close();
  await s.close().catch(() => undefined); // the app is closed already; this drops the database
});

/** Everything the server sends on `socket` until it closes the connection. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (b: Buffer) => (text += b.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('requests during the drain', () => {
  it('are answered 503 in the envelope with the security headers', async () => {
    const { port } = s.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answer = readAll(socket);
    // The request has begun (so its connection is not idle) but is not complete when the drain starts.
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    await sleep(150);
    const closing = s.app.close();
    closed = true;
    await sleep(150);
    socket.write('Connection: keep-alive\r\n\r\n');
    const raw = await answer;
    await closing;

    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const [status, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    expect(status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(JSON.parse(body)).toEqual({ code: 503, success: false, data: null, msg: DRAINING_MSG });
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers.connection).toBe('close');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cache-control']).toBe('no-store');
  });
});

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/tokens.js';
import type { KvStore } from '../util/kv-store.js';
import { ApiError, badRequest } from './envelope.js';

const TTL_SECONDS = 24 * 3600;
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
const WAIT_MS = 5_000;
const REUSED = 'Idempotency-Key 已用于内容不同的请求,请使用新的 Idempotency-Key';

/** What the request asks for: its query string and body. A key replays only the request it was made for. */
function fingerprint(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return createHash('sha256')
    .update(query)
    .update('\n')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/** With an `Idempotency-Key` header, a repeated write returns the first answer instead of writing
 * again (per user and path, for 24 hours). A repeat that arrives while the first is still running waits
 * for it briefly, then is told to retry. The same key with a different request is refused (422).
 * Without the header the write simply runs. */
export async function idempotent<T>(
  store: KvStore,
  request: FastifyRequest,
  user: AuthUser,
  run: () => Promise<T>,
): Promise<T> {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) return run();
  if (!KEY.test(key)) throw badRequest('Idempotency-Key 格式不正确');
  const base = `idem:${user.tenantId}:${user.userId}:${request.routeOptions.url}:${key}`;
  const hash = fingerprint(request);
  const replay = (stored: string): T => {
    const { hash: storedHash, result } = JSON.parse(stored) as { hash: string; result: T };
    if (storedHash !== hash) throw new ApiError(422, REUSED);
    return result;
  };
  const done = await store.get(`${base}:result`);
  if (done !== null) return replay(done);
  if (!(await store.claim(`${base}:lock`, hash, 60))) {
    const running = await store.get(`${base}:lock`);
    if (running !== null && running !== hash) throw new ApiError(422, REUSED);
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      const result = await store.get(`${base}:result`);
      if (result !== null) return replay(result);
    }
    throw new ApiError(409, '请求正在处理中,请勿重复提交');
  }
  try {
    const result = await run();
    await store.set(`${base}:result`, JSON.stringify({ hash, result }), TTL_SECONDS);
    return result;
  } finally {
    await store.del(`${base}:lock`);
  }
}

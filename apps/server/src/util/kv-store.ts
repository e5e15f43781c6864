import { Redis, ReplyError } from 'ioredis';

/** Shared short-lived state: token deny-list, captcha codes, login-failure counters.
 * Redis when REDIS_URL is set (shared by every server instance), process memory otherwise. */
export interface KvStore {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip (Redis MGET), in the order asked. */
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step (one-time values such as captcha codes). */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Adds `by` (1 unless given) to a counter and (re)sets its time to live; returns the new value. */
  incr(key: string, ttlSeconds: number, by?: number): Promise<number>;
  /** Sets the key only if it is absent; true when this call set it (a lock or a first claim). */
  claim(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryStore implements KvStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async get(key: string) {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return e.value;
  }
  async getMany(keys: string[]) {
    return Promise.all(keys.map((k) => this.get(k)));
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }
  async take(key: string) {
    const v = await this.get(key);
    this.entries.delete(key);
    return v;
  }
  async del(key: string) {
    this.entries.delete(key);
  }
  async incr(key: string, ttlSeconds: number, by = 1) {
    const n = Number((await this.get(key)) ?? '0') + by;
    await this.set(key, String(n), ttlSeconds);
    return n;
  }
  async claim(key: string, value: string, ttlSeconds: number) {
    if ((await this.get(key)) !== null) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }
  async close() {
    clearInterval(this.sweeper);
  }
  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
  }
}

/** The shared store did not answer (Redis refused the connection, dropped it, or stayed silent past the
 * command timeout). The error handler answers it with a 503: a request is never refused as unauthorised,
 * nor held, because the store is away. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('shared store unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** How long a command may wait for Redis (queued while connecting, or sent to a Redis that does not
 * answer) before the request gets its 503. */
export const STORE_COMMAND_TIMEOUT_MS = 1000;

export class RedisStore implements KvStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'tongxin:',
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      connectTimeout: 1000,
      commandTimeout: STORE_COMMAND_TIMEOUT_MS,
      // a command caught by a dropped connection is not replayed on the next one: it fails (503) and
      // the client retries; with the timeout above nothing waits for Redis longer than that
      maxRetriesPerRequest: 0,
      // reconnect soon after Redis is back (ioredis' default backs off to 2 s)
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    this.redis.on('error', () => undefined); // surfaced on the failing command instead
  }

  /** Runs one command: refused at once while the connection is down (between reconnection attempts),
   * queued for at most the command timeout while it is being made. Redis' own refusals (a wrong type)
   * stay what they are; anything about the connection becomes StoreUnavailableError. */
  private async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    const status = this.redis.status;
    if (status === 'reconnecting' || status === 'close' || status === 'end')
      throw new StoreUnavailableError(new Error(`redis ${status}`));
    try {
      return await command(this.redis);
    } catch (e) {
      throw e instanceof ReplyError ? e : new StoreUnavailableError(e);
    }
  }

  async get(key: string) {
    return this.run((r) => r.get(this.prefix + key));
  }
  async getMany(keys: string[]) {
    return keys.length ? this.run((r) => r.mget(keys.map((k) => this.prefix + k))) : [];
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.run((r) => r.set(this.prefix + key, value, 'EX', Math.max(1, ttlSeconds)));
  }
  async take(key: string) {
    return this.run((r) => r.getdel(this.prefix + key));
  }
  async del(key: string) {
    await this.run((r) => r.del(this.prefix + key));
  }
  async incr(key: string, ttlSeconds: number, by = 1) {
    const [[error, n]] = (await this.run((r) =>
      r
        .multi()
        .incrby(this.prefix + key, by)
        .expire(this.prefix + key, Math.max(1, ttlSeconds))
        .exec(),
    )) as [[Error | null, number]];
    if (error) throw new StoreUnavailableError(error);
    return n;
  }
  async claim(key: string, value: string, ttlSeconds: number) {
    return (
      (await this.run((r) => r.set(this.prefix + key, value, 'EX', Math.max(1, ttlSeconds), 'NX'))) === 'OK'
    );
  }
  async close() {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect(); // Redis is away: nothing to say goodbye to
    }
  }
}

export function createStore(redisUrl: string | undefined, prefix?: string): KvStore {
  return redisUrl ? new RedisStore(redisUrl, prefix) : new MemoryStore();
}

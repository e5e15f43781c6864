import { Redis } from 'ioredis';

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

export class RedisStore implements KvStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'tongxin:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    this.redis.on('error', () => undefined); // surfaced on the failing command instead
  }
  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async getMany(keys: string[]) {
    return keys.length ? this.redis.mget(keys.map((k) => this.prefix + k)) : [];
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, ttlSeconds));
  }
  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async incr(key: string, ttlSeconds: number, by = 1) {
    const [[, n]] = (await this.redis
      .multi()
      .incrby(this.prefix + key, by)
      .expire(this.prefix + key, Math.max(1, ttlSeconds))
      .exec()) as [[Error | null, number]];
    return n;
  }
  async claim(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, ttlSeconds), 'NX')) === 'OK';
  }
  async close() {
    await this.redis.quit();
  }
}

export function createStore(redisUrl: string | undefined, prefix?: string): KvStore {
  return redisUrl ? new RedisStore(redisUrl, prefix) : new MemoryStore();
}

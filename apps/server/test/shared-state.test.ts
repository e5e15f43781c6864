import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, RedisStore, type KvStore } from '../src/util/kv-store.js';

const redisUrl = process.env.REDIS_URL;
const stores: [string, () => KvStore][] = [['memory', () => new MemoryStore()]];
if (redisUrl)
  stores.push(['redis', () => new RedisStore(redisUrl, `tongxin-test-${process.pid}-${Date.now()}:`)]);

describe.each(stores)('%s store', (_name, make) => {
  const store = make();
  afterAll(() => store.close());
  it('sets with a TTL, takes once and counts', async () => {
    await store.set('a', '1', 60);
    expect(await store.get('a')).toBe('1');
    expect(await store.take('a')).toBe('1');
    expect(await store.take('a')).toBeNull();
    expect(await store.incr('n', 60)).toBe(1);
    expect(await store.incr('n', 60)).toBe(2);
    await store.del('n');
    expect(await store.get('n')).toBeNull();
    await store.set('short', 'x', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.get('short')).toBeNull();
  });
});

// Two server processes sharing this Redis (logout, captcha, lockout) behind nginx: scale-out.test.ts.

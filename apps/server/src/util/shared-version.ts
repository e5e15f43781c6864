import { randomUUID } from 'node:crypto';
import type { KvStore } from './kv-store.js';

const TTL_SECONDS = 30 * 24 * 3600;

/** A version tag kept in the shared KV store (Redis with several instances): every change that makes
 * cached answers wrong replaces it, and every instance keys its caches on the tag it reads, so a change
 * made through one instance is seen by all of them at their next read. Tags are random, never counted,
 * so a tag that expired or was lost with Redis is replaced by a new one, never by an older one that
 * stale cache entries might still carry. */
export class SharedVersion {
  constructor(
    private readonly store: KvStore,
    /** The store key, for readers that fetch the tag along with other keys (the guard). */
    readonly key: string,
  ) {}

  async current(): Promise<string> {
    const tag = await this.store.get(this.key);
    if (tag) return tag;
    // The first reader (of any instance) sets it; the others read what it set.
    await this.store.claim(this.key, randomUUID(), TTL_SECONDS);
    return (await this.store.get(this.key)) ?? '';
  }

  /** Call after the change has committed: a reader that sees the new tag must also see the change. */
  async bump(): Promise<void> {
    await this.store.set(this.key, randomUUID(), TTL_SECONDS);
  }
}

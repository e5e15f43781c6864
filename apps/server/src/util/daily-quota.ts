import { formatDateTime } from './datetime.js';
import type { KvStore } from './kv-store.js';

/** A daily allowance per user, counted in the shared store (every instance counts together); each day
 * starts afresh (server time). A limit of 0 means no limit. */
export class DailyQuota {
  constructor(
    private readonly store: KvStore,
    private readonly name: string,
    private readonly limit: number,
  ) {}

  private key(who: string): string {
    return `quota:${this.name}:${who}:${formatDateTime().slice(0, 10)}`;
  }

  /** What is left today (Infinity without a limit). */
  async remaining(who: string): Promise<number> {
    if (!this.limit) return Infinity;
    return this.limit - Number((await this.store.get(this.key(who))) ?? 0);
  }

  async add(who: string, amount: number): Promise<void> {
    if (this.limit && amount > 0) await this.store.incr(this.key(who), 2 * 24 * 3600, amount);
  }
}

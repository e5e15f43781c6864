import type { KvStore } from '../util/kv-store.js';

/** Counts failed logins per tenant+account and per client IP; at the limit both are refused until the
 * counter expires (the TTL restarts on each failure). A success clears the account counter only. */
export class LoginLockout {
  constructor(
    private readonly store: KvStore,
    private readonly maxFailures: number,
    private readonly lockSeconds: number,
  ) {}

  private keys(tenantId: string, account: string, ip: string) {
    return { account: `lock:acct:${tenantId}:${account.toLowerCase()}`, ip: `lock:ip:${ip}` };
  }

  /** Whether the account or the IP is locked, and the account's failures so far (a success with none
   * has no counter to clear). */
  async check(
    tenantId: string,
    account: string,
    ip: string,
  ): Promise<{ locked: 'account' | 'ip' | null; failures: number }> {
    const k = this.keys(tenantId, account, ip);
    const [a, i] = await this.store.getMany([k.account, k.ip]); // one round trip (MGET)
    const failures = Number(a ?? 0);
    if (failures >= this.maxFailures) return { locked: 'account', failures };
    return { locked: Number(i ?? 0) >= this.maxFailures ? 'ip' : null, failures };
  }

  async fail(tenantId: string, account: string, ip: string): Promise<void> {
    const k = this.keys(tenantId, account, ip);
    await Promise.all([
      this.store.incr(k.account, this.lockSeconds),
      this.store.incr(k.ip, this.lockSeconds),
    ]);
  }

  async succeed(tenantId: string, account: string, ip: string): Promise<void> {
    await this.store.del(this.keys(tenantId, account, ip).account);
  }

  async clear(tenantId: string, account: string): Promise<void> {
    await this.store.del(this.keys(tenantId, account, '').account);
  }
}

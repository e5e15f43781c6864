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

  async check(tenantId: string, account: string, ip: string): Promise<'account' | 'ip' | null> {
    const k = this.keys(tenantId, account, ip);
    const [a, i] = await this.store.getMany([k.account, k.ip]); // one round trip (MGET)
    if (Number(a ?? 0) >= this.maxFailures) return 'account';
    if (Number(i ?? 0) >= this.maxFailures) return 'ip';
    return null;
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

import { randomUUID } from 'node:crypto';
import type { KvStore } from '../util/kv-store.js';

export interface LockoutLimits {
  /** Failures of one account from one address (LOGIN_MAX_FAILURES). */
  perAddress: number;
  /** Failures of one account from every address together (LOGIN_ACCOUNT_MAX_FAILURES). */
  perAccount: number;
  /** Failures from one address over every account (LOGIN_ADDRESS_MAX_FAILURES). */
  addressAllAccounts: number;
  lockSeconds: number;
}

export interface LockState {
  locked: 'account' | 'ip' | null;
  /** The failures of this account from this address so far (a success with none has nothing to clear). */
  failures: number;
  /** The account's unlock generation, for `fail` and `succeed`. */
  generation: string;
}

/**
 * Counts failed logins three ways, each refused at its limit until the counter expires (the time to live
 * restarts on each failure):
 * - one account from one address (`perAddress`, 5): a guesser at one address is stopped there, and the
 *   account's owner elsewhere is not locked out by them;
 * - one account from all addresses (`perAccount`, 50): a guesser spread over many addresses is stopped
 *   too, at a ceiling no single address reaches;
 * - one address over all accounts (`addressAllAccounts`, 20): spraying passwords over many accounts; above
 *   the per-account count, so that users behind one shared address are not all locked out by one of them.
 * A success clears its account+address counter only. Unlocking an account (`clear`) drops its counters
 * at every address at once: the per-address counters carry the account's unlock generation in their key.
 */
export class LoginLockout {
  constructor(
    private readonly store: KvStore,
    private readonly limits: LockoutLimits,
  ) {}

  private keys(tenantId: string, account: string, ip: string, generation: string) {
    const who = `${tenantId}:${account.toLowerCase()}`;
    return {
      generation: `lock:gen:${who}`,
      account: `lock:acct:${who}`,
      pair: `lock:pair:${who}:${generation}:${ip}`,
      ip: `lock:ip:${ip}`,
    };
  }

  async check(tenantId: string, account: string, ip: string): Promise<LockState> {
    const first = this.keys(tenantId, account, ip, '0');
    // one round trip (MGET) unless the account was ever unlocked by an administrator
    const [generation, total, fromIp, pair0] = await this.store.getMany([
      first.generation,
      first.account,
      first.ip,
      first.pair,
    ]);
    const pair = generation ? await this.store.get(this.keys(tenantId, account, ip, generation).pair) : pair0;
    const failures = Number(pair ?? 0);
    const { perAddress, perAccount, addressAllAccounts } = this.limits;
    const state = { failures, generation: generation ?? '0' };
    if (failures >= perAddress || Number(total ?? 0) >= perAccount) return { ...state, locked: 'account' };
    return { ...state, locked: Number(fromIp ?? 0) >= addressAllAccounts ? 'ip' : null };
  }

  async fail(tenantId: string, account: string, ip: string, generation: string): Promise<void> {
    const k = this.keys(tenantId, account, ip, generation);
    const ttl = this.limits.lockSeconds;
    await Promise.all([
      this.store.incr(k.pair, ttl),
      this.store.incr(k.account, ttl),
      this.store.incr(k.ip, ttl),
      // the generation outlives every counter that carries it
      generation !== '0' ? this.store.set(k.generation, generation, ttl) : undefined,
    ]);
  }

  async succeed(tenantId: string, account: string, ip: string, generation: string): Promise<void> {
    await this.store.del(this.keys(tenantId, account, ip, generation).pair);
  }

  /** An administrator unlocked the account: its counters at every address start again from zero. */
  async clear(tenantId: string, account: string): Promise<void> {
    const k = this.keys(tenantId, account, '', '0');
    await this.store.del(k.account);
    await this.store.set(k.generation, randomUUID(), this.limits.lockSeconds);
  }
}

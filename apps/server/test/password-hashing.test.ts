import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, md5Hex, passwordHashing, verifyPassword } from '../src/auth/passwords.js';
import { Semaphore } from '../src/util/semaphore.js';
import { onPostgres } from './harness.js';

// argon2id runs at most one hash or verification per core, whatever the number of logins at once: the
// others queue (in order) instead of each holding 19 MiB on libuv's pool. No database involved, so the
// PGlite project alone runs it.

describe.runIf(!onPostgres)('password hashing concurrency', () => {
  it('never runs more hashes or verifications at once than there are cores', async () => {
    expect(passwordHashing.limit).toBe(Math.max(1, availableParallelism()));
    const secret = md5Hex('admin');
    const stored = await hashPassword(secret);
    passwordHashing.peak = 0;
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => verifyPassword(stored, i % 2 ? secret : md5Hex('wrong'))),
      ...Array.from({ length: 4 }, () => hashPassword(secret)),
    ]);
    expect(passwordHashing.peak).toBeGreaterThanOrEqual(1);
    expect(passwordHashing.peak).toBeLessThanOrEqual(passwordHashing.limit);
    expect(results.slice(0, 8)).toEqual([false, true, false, true, false, true, false, true]);
    for (const h of results.slice(8)) expect(await verifyPassword(String(h), secret)).toBe(true);
  });

  it('lets waiting tasks through in arrival order, and a failure frees its slot', async () => {
    const gate = new Semaphore(2);
    const order: number[] = [];
    let running = 0;
    const task = (n: number, fail = false) =>
      gate.run(async () => {
        running++;
        expect(running).toBeLessThanOrEqual(2);
        await new Promise((r) => setTimeout(r, 5));
        order.push(n);
        running--;
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const settled = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(settled.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(gate.peak).toBe(2);
    expect(await gate.run(async () => 'free')).toBe('free');
  });
});

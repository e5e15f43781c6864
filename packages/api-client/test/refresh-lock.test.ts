import { describe, expect, it, vi } from 'vitest';
import { createRefreshLock, oneTabAtATime, shouldRefresh } from '../src/http/refresh-lock';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('refresh lock', () => {
  it('runs one refresh for parallel callers, all get the new token', async () => {
    const gate = deferred<string>();
    const refresh = vi.fn(() => gate.promise);
    const lock = createRefreshLock(refresh);
    const a = lock.run();
    const b = lock.run();
    expect(lock.locked).toBe(true);
    expect(lock.pending()).toBe(a);
    gate.resolve('new-token');
    await expect(a).resolves.toBe('new-token');
    await expect(b).resolves.toBe('new-token');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(lock.locked).toBe(false);
    expect(lock.pending()).toBeUndefined();
  });

  it('releases the lock after a failure so the next refresh can run', async () => {
    const refresh = vi.fn().mockRejectedValueOnce(new Error('expired')).mockResolvedValueOnce('t2');
    const lock = createRefreshLock(refresh);
    await expect(lock.run()).rejects.toThrow('expired');
    expect(lock.locked).toBe(false);
    await expect(lock.run()).resolves.toBe('t2');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refreshes when the seconds since issue reach tokenTime', () => {
    expect(shouldRefresh(undefined, 10_000_000, 3000)).toBe(false);
    expect(shouldRefresh(0, 2_999_999, 3000)).toBe(false);
    expect(shouldRefresh(0, 3_000_000, 3000)).toBe(true);
    expect(shouldRefresh(1000, 3_001_000, 3000)).toBe(true);
  });
});

/** Web Locks of one browser: one holder of a name at a time, the others wait in order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: <T>(_name: string, fn: () => Promise<T>): Promise<T> => {
      const run = tail.then(fn);
      tail = run.catch(() => undefined);
      return run;
    },
  } as unknown as Pick<LockManager, 'request'>;
}

describe('refresh across the tabs of one browser', () => {
  it("takes the other tab's new token instead of sending a used refresh token again", async () => {
    // the storage both tabs share
    const shared = { token: 'a1', refreshToken: 'r1' };
    const sent: string[] = [];
    const gate = deferred<void>();
    const refresh = vi.fn(async () => {
      sent.push(shared.refreshToken);
      await gate.promise;
      Object.assign(shared, { token: 'a2', refreshToken: 'r2' });
      return 'a2';
    });
    const locks = fakeLocks();
    const tabA = oneTabAtATime(refresh, () => ({ ...shared }), locks);
    const tabB = oneTabAtATime(refresh, () => ({ ...shared }), locks);
    const a = tabA();
    const b = tabB(); // read r1 too, then waits for tab A
    gate.resolve();
    await expect(a).resolves.toBe('a2');
    await expect(b).resolves.toBe('a2');
    expect(sent).toEqual(['r1']); // r1 went to the server once
  });

  it('refreshes as before where the browser has no Web Locks', async () => {
    const refresh = vi.fn(async () => 't');
    await expect(oneTabAtATime(refresh, () => ({}), null)()).resolves.toBe('t');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createRefreshLock, shouldRefresh } from '../src/http/refresh-lock';

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

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE, loadConfig } from '../src/config.js';
import { Database } from '../src/db/database.js';
import { onPostgres } from './harness.js';

// DB_POOL_SIZE: how many connections one instance keeps to PostgreSQL (bench/README.md#history: on a small
// machine a pool sized to its cores left PostgreSQL fewer idle backends to wake per request).

describe('DB_POOL_SIZE', () => {
  it('defaults to 10 and takes a positive integer', () => {
    const config = (v?: string) => loadConfig({ NODE_ENV: 'test', DB_POOL_SIZE: v } as NodeJS.ProcessEnv);
    expect(DEFAULT_POOL_SIZE).toBe(10);
    expect(config().dbPoolSize).toBe(10);
    expect(config('').dbPoolSize).toBe(10);
    expect(config('4').dbPoolSize).toBe(4);
    expect(() => config('0')).toThrow('DB_POOL_SIZE must be at least 1');
    expect(() => config('-2')).toThrow('DB_POOL_SIZE must be a non-negative integer');
    expect(() => config('four')).toThrow('DB_POOL_SIZE must be a non-negative integer');
  });
});

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  /** The backends that answer `n` reads sent at once, each holding its connection for 150 ms. */
  const backendsOf = async (poolSize: number, n: number) => {
    const db = await Database.open({ databaseUrl: process.env.DATABASE_URL!, poolSize });
    opened.push(db);
    const pids = await Promise.all(
      Array.from({ length: n }, () =>
        db.read({ tenantId: '000000' }, async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.15)`.execute(
            trx,
          );
          return rows[0]!.pid;
        }),
      ),
    );
    return new Set(pids).size;
  };

  it('opens at most DB_POOL_SIZE connections', async () => {
    expect(await backendsOf(2, 6)).toBe(2);
    expect(await backendsOf(5, 6)).toBe(5);
  });
});

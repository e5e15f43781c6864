import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogWriter } from '../src/logs/log-writer.js';
import { startTestServer, type TestServer } from './harness.js';

// The log writer's queue: rows in batches being written count against its bound, and a batch's rows
// (one JSON parameter per statement) may name different columns and carry any kind of value.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const rowsOf = async (title: string) =>
  (
    await s.db.tx({ tenantId: '000000', allTenants: true }, (trx) =>
      sql<{ title: string; time: string | null; method: string | null }>`
        select title, time, method from blade_log_api where title like ${title + '%'} order by title`.execute(
        trx,
      ),
    )
  ).rows;

describe('LogWriter', () => {
  it('drops rows beyond maxQueue while earlier batches are still being written', async () => {
    const writer = new LogWriter(s.db, { maxBatch: 2, maxQueue: 5, flushMs: 60_000 });
    for (let i = 0; i < 10; i++)
      writer.push('blade_log_api', { tenant_id: '000000', title: `bound-${i}`, time: String(i) });
    await writer.flush();
    expect(writer.dropped).toBe(5);
    expect((await rowsOf('bound-')).map((r) => r.title)).toEqual([
      'bound-0',
      'bound-1',
      'bound-2',
      'bound-3',
      'bound-4',
    ]);
    // once written, the bound frees again
    writer.push('blade_log_api', { tenant_id: '000000', title: 'bound-after' });
    await writer.flush();
    expect(writer.dropped).toBe(5);
    expect(await rowsOf('bound-after')).toHaveLength(1);
  });

  it('writes rows naming different columns in one batch, the missing ones by their default', async () => {
    const writer = new LogWriter(s.db, { flushMs: 60_000 });
    writer.push('blade_log_api', { tenant_id: '000000', title: 'mixed-a', time: '7', method: "GET'; --" });
    writer.push('blade_log_api', { tenant_id: '000000', title: 'mixed-b', method: undefined });
    await writer.flush();
    expect(writer.dropped).toBe(0);
    expect(await rowsOf('mixed-')).toEqual([
      { title: 'mixed-a', time: '7', method: "GET'; --" },
      { title: 'mixed-b', time: null, method: null },
    ]);
  });

  it('writes dates as local datetimes, numbers as numbers and text without NUL characters', async () => {
    const writer = new LogWriter(s.db, { flushMs: 60_000 });
    writer.push('blade_log_error', {
      tenant_id: '000000',
      exception_name: 'kinds-error',
      line_number: 42,
      message: 'a\0b "quoted" \\ 中文',
      create_time: new Date(2026, 0, 2, 3, 4, 5),
    });
    writer.push('blade_log_login', { tenant_id: '000000', account: 'kinds-login', success: 1, user_id: 7n });
    await writer.flush();
    expect(writer.dropped).toBe(0);
    const [error] = (
      await s.db.tx({ tenantId: '000000', allTenants: true }, (trx) =>
        sql<{ line_number: number; message: string; create_time: unknown }>`
          select line_number, message, to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') as create_time
          from blade_log_error where exception_name = 'kinds-error'`.execute(trx),
      )
    ).rows;
    expect(error).toEqual({
      line_number: 42,
      message: 'ab "quoted" \\ 中文',
      create_time: '2026-01-02 03:04:05',
    });
    const [login] = (
      await s.db.tx({ tenantId: '000000', allTenants: true }, (trx) =>
        sql<{ success: number; user_id: string }>`
          select success, user_id::text as user_id from blade_log_login where account = 'kinds-login'`.execute(
          trx,
        ),
      )
    ).rows;
    expect(login).toEqual({ success: 1, user_id: '7' });
  });
});

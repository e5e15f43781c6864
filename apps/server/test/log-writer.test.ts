import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogWriter } from '../src/logs/log-writer.js';
import { startTestServer, type TestServer } from './harness.js';

// The log writer's queue: rows in batches being written count against its bound, and a batch is one
// multi-row INSERT whose rows may name different columns.
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
});

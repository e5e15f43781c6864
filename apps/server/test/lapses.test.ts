import { defineResource, type LapseDef, resources } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import type { Database, Row } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { lapsed, sweepLapses } from '../src/engine/crud/lapses.js';
import type { ResourceModule } from '../src/engine/module.js';
import type { LogWriter } from '../src/logs/log-writer.js';
import { formatDateTime } from '../src/util/datetime.js';
import { openTestDatabase } from './harness.js';
import { label } from './sample-definitions.js';

// A definition's lapses (engine/crud/lapses.ts): the sweep moves the rows whose time has passed, in
// order (a row may pass several), only those meeting `when`, never a removed row, each tenant's rows
// as that tenant, once; the resource hears of every move in the sweep's transaction. `lapsed` answers
// what the sweep would make of a row. Every move is in 操作审计 as a state change by 系统, its values
// before and after, once the sweep's transaction committed.

const ticketSample = defineResource({
  name: 'sampleTicket',
  label: label('样例工单'),
  path: '/api/app-sample/ticket',
  table: 'app_sample_ticket',
  permission: 'sample_ticket',
  tenant: true,
  audit: true,
  softDelete: true,
  fields: [
    { name: 'title', kind: 'string', label: label('标题'), maxLength: 64 },
    { name: 'state', kind: 'int', label: label('状态'), nullable: false, defaultValue: 0 },
    { name: 'checked', kind: 'int', label: label('已核对'), nullable: false, defaultValue: 0 },
    { name: 'openTime', kind: 'datetime', label: label('开放时间') },
    { name: 'closeTime', kind: 'datetime', label: label('关闭时间') },
  ],
  lapses: [
    { field: 'state', from: [0], to: 1, at: 'openTime', when: { field: 'checked', in: [1] } },
    { field: 'state', from: [1], to: 2, at: 'closeTime' },
  ],
});

let db: Database;
let drop: () => Promise<void>;
const heard: { tenantId: string; lapse: LapseDef; rows: Row[] }[] = [];
const module: ResourceModule = {
  def: ticketSample,
  lapsed: async ({ tenantId }, lapse, rows) => {
    heard.push({ tenantId, lapse, rows });
  },
};
/** What the sweep hands the log writer (the audit rows it queued). */
const logged: { table: string; row: Row }[] = [];
const logs = {
  enabled: true,
  push: (table: string, row: Row) => logged.push({ table, row }),
} as unknown as LogWriter;
const at = (hours: number) => formatDateTime(new Date(Date.now() + hours * 3_600_000));

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db, [...resources, ticketSample]);
});
afterAll(() => drop());

async function ticket(tenantId: string, values: Record<string, unknown>): Promise<string> {
  const id = nextId();
  const now = formatDateTime();
  const row = { id, tenant_id: tenantId, create_time: now, update_time: now, is_deleted: 0, ...values };
  await db.tx({ tenantId }, (trx) => trx.insertInto('app_sample_ticket').values(row).execute());
  return id;
}

const stored = async (id: string) =>
  db.kysely
    .selectFrom('app_sample_ticket')
    .select(['state', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('lapses', () => {
  it('moves due rows in order, per tenant, once, and tells the resource', async () => {
    const ctx = { db, logs } as AppContext;
    const both = await ticket('000000', { checked: 1, open_time: at(-5), close_time: at(-1) });
    const opened = await ticket('200001', { checked: 1, open_time: at(-5), close_time: at(5) });
    const unchecked = await ticket('000000', { checked: 0, open_time: at(-5), close_time: at(-1) });
    const early = await ticket('000000', { checked: 1, open_time: at(2), close_time: at(5) });
    const removed = await ticket('000000', { checked: 1, open_time: at(-5), is_deleted: 1 });
    const versions = new Map(
      await Promise.all([both, opened].map(async (id) => [id, Number((await stored(id)).version)] as const)),
    );

    expect(await sweepLapses(ctx, [module])).toBe(3);
    expect((await stored(both)).state).toBe(2);
    expect((await stored(opened)).state).toBe(1);
    for (const id of [unchecked, early, removed]) expect((await stored(id)).state).toBe(0);
    expect(Number((await stored(both)).version)).toBe(versions.get(both)! + 2);
    // each tenant's moves are told as that tenant, lapse by lapse
    const told = heard.map((h) => [h.tenantId, h.lapse.to, h.rows.map((r) => String(r.id)).sort()]);
    expect(told).toEqual(
      expect.arrayContaining([
        ['000000', 1, [both]],
        ['000000', 2, [both]],
        ['200001', 1, [opened]],
      ]),
    );
    expect(told).toHaveLength(3);
    // 操作审计: each move a state change by the server, with the state and version before and after
    const audits = logged.filter((l) => l.table === 'blade_log_audit').map((l) => l.row);
    expect(audits.map((a) => [a.tenant_id, a.record_id, a.action, a.create_by, a.user_id])).toEqual(
      expect.arrayContaining([
        ['000000', both, 'verb', '系统', null],
        ['000000', both, 'verb', '系统', null],
        ['200001', opened, 'verb', '系统', null],
      ]),
    );
    expect(audits).toHaveLength(3);
    const moves = audits
      .filter((a) => a.record_id === both)
      .map((a) => [JSON.parse(String(a.before_data)), JSON.parse(String(a.after_data))]);
    const v = versions.get(both)!;
    expect(moves.map(([b]) => [b.state, Number(b.version)])).toEqual([
      [0, v],
      [1, v + 1],
    ]);
    expect(moves.map(([, a]) => [a.state, Number(a.version)])).toEqual([
      [1, v + 1],
      [2, v + 2],
    ]);
    expect(moves[0]![1].update_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // a second sweep finds nothing; time passing moves the rest
    expect(await sweepLapses(ctx, [module])).toBe(0);
    expect(await sweepLapses(ctx, [module], at(6))).toBe(3); // opened → 2, early → 1 → 2
    expect((await stored(early)).state).toBe(2);
    expect((await stored(unchecked)).state).toBe(0);
  });

  it('answers what the sweep would make of a row', () => {
    const row = { state: 0, checked: 1, open_time: at(-2), close_time: at(2) };
    expect(lapsed(ticketSample, row, at(0)).state).toBe(1);
    expect(lapsed(ticketSample, row, at(3)).state).toBe(2);
    expect(lapsed(ticketSample, { ...row, checked: 0 }, at(3)).state).toBe(0);
    expect(lapsed(ticketSample, { ...row, open_time: null }, at(3)).state).toBe(0);
  });
});

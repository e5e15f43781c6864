import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Trx } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { mostViewed, viewsPerDay } from '../src/domains/community/statistics/browse-rollup.js';
import { splitDays } from '../src/domains/community/statistics/browse-split.js';
import { readRange } from '../src/domains/community/statistics/range.js';
import type { StatsScope } from '../src/domains/community/statistics/scope.js';
import type { ResolvedScope, ScopeTerm } from '../src/engine/crud/data-scope.js';
import { openTestDatabase } from './harness.js';

// The browse rollups (app_browse_day, app_browse_month), kept by triggers on app_browse_log, always equal
// the log's own counts: after concurrent inserts, deletes, soft deletes and updates, through the app role;
// and the browse chart and rank read from them equal the same figures counted on the log, for ranges
// whose ends fall inside days and months.

let db: Database;
let drop: () => Promise<void>;
const T = '400004';
const OTHER = '400005';
const [C1, C2] = ['7001', '7002'];
const ITEMS = ['9001', '9002', '9003', '9004'];

const view = (tenantId: string, i: number, at: string) => ({
  id: nextId(),
  tenant_id: tenantId,
  target_type: i % 2 ? 'info' : 'notice',
  target_id: ITEMS[i % ITEMS.length]!,
  target_title: `标题${ITEMS[i % ITEMS.length]}`,
  community_id: i % 5 === 0 ? null : i % 3 ? C1 : C2,
  browse_time: at,
});

/** A moment of March–April 2026 spread over days and hours by `i`. */
const momentOf = (i: number) => {
  const d = new Date(Date.UTC(2026, 2, 1) + ((i * 7919) % (55 * 24)) * 3_600_000 + (i % 60) * 1000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

const insertViews = (tenantId: string, from: number, count: number) =>
  db.tx({ tenantId }, (trx) =>
    trx
      .insertInto('app_browse_log')
      .values(Array.from({ length: count }, (_, k) => view(tenantId, from + k, momentOf(from + k))))
      .execute(),
  );

/** Rollup rows that differ from the log's own counts, for both rollups and every grouping. */
async function mismatches(): Promise<unknown[]> {
  const grouped = (period: string, table: string, groups: string) =>
    sql<Record<string, unknown>>`
    with raw as (
      select tenant_id, ${sql.raw(period)} as p,
             case when grouping(c) = 1 then -1 else c end as community_id,
             case when grouping(tt) = 1 then '' else tt end as target_type,
             case when grouping(ti) = 1 then 0 else ti end as target_id, count(*) as n
        from (select tenant_id, browse_time, coalesce(community_id, 0) as c, target_type as tt,
                     target_id as ti from app_browse_log where is_deleted = 0) v
       group by tenant_id, p, ${sql.raw(groups)}),
    roll as (select tenant_id, ${sql.raw(period === 'browse_time::date' ? 'day' : 'month')} as p,
                    community_id, target_type, target_id, browse_num as n
               from ${sql.table(table)} where browse_num <> 0)
    select coalesce(raw.tenant_id, roll.tenant_id) as tenant, coalesce(raw.p, roll.p)::text as p,
           raw.n as raw_n, roll.n as roll_n
      from raw full join roll using (tenant_id, p, community_id, target_type, target_id)
     where raw.n is distinct from roll.n`.execute(db.kysely);
  const day = await grouped('browse_time::date', 'app_browse_day', 'cube (c, (tt, ti))');
  const month = await grouped(
    `date_trunc('month', browse_time)::date`,
    'app_browse_month',
    'tt, ti, rollup (c)',
  );
  return [...day.rows, ...month.rows];
}

/** The chart and the rank counted on the log itself, for comparison. */
async function fromLog(trx: Trx, start: string, end: string, inScope: RawBuilder<unknown>) {
  const where = sql`tenant_id = ${T} and is_deleted = 0 and browse_time >= ${start}
    and browse_time <= ${end} and ${inScope}`;
  const days = await sql<{ day: string; n: string }>`
    select to_char(browse_time::date, 'YYYY-MM-DD') as day, count(*) as n from app_browse_log
     where ${where} group by 1 order by 1`.execute(trx);
  const items = await sql<{ target_id: string; n: string }>`
    select target_id::text, count(*) as n from app_browse_log where ${where}
     group by target_type, target_id order by n desc, target_id`.execute(trx);
  return {
    days: days.rows.map((r) => [r.day, Number(r.n)]),
    items: items.rows.map((r) => [r.target_id, Number(r.n)]),
  };
}

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
});
afterAll(() => drop());

describe('browse rollups', () => {
  it('split a range into whole days and the partial days at its ends', () => {
    expect(splitDays('2026-03-01 00:00:00', { to: '2026-03-05 23:59:59' })).toEqual({
      days: { from: '2026-03-01', before: '2026-03-06' },
      raw: [],
    });
    expect(splitDays('2026-03-01 10:00:00', { to: '2026-03-05 12:00:00' })).toEqual({
      days: { from: '2026-03-02', before: '2026-03-05' },
      raw: [
        { from: '2026-03-01 10:00:00', before: '2026-03-02 00:00:00' },
        { from: '2026-03-05 00:00:00', to: '2026-03-05 12:00:00' },
      ],
    });
    expect(splitDays('2026-03-01 10:00:00', { to: '2026-03-01 12:00:00' })).toEqual({
      days: null,
      raw: [{ from: '2026-03-01 10:00:00', to: '2026-03-01 12:00:00' }],
    });
    expect(splitDays('2026-03-20 08:00:00', { before: '2026-04-01 00:00:00' })).toEqual({
      days: { from: '2026-03-21', before: '2026-04-01' },
      raw: [{ from: '2026-03-20 08:00:00', before: '2026-03-21 00:00:00' }],
    });
  });

  it('equal the log after concurrent inserts, deletes, soft deletes and updates', async () => {
    await Promise.all([
      insertViews(T, 0, 300),
      insertViews(T, 300, 300),
      insertViews(OTHER, 600, 200),
      ...Array.from({ length: 20 }, (_, k) => insertViews(T, 800 + k, 1)),
    ]);
    expect(await mismatches()).toEqual([]);
    const total = await sql<{ n: string }>`
      select sum(browse_num) as n from app_browse_day
       where tenant_id = ${T} and community_id = -1 and target_id = 0`.execute(db.kysely);
    expect(Number(total.rows[0]!.n)).toBe(620);

    await Promise.all([
      db.tx({ tenantId: T }, (trx) =>
        trx.deleteFrom('app_browse_log').where('target_id', '=', ITEMS[0]!).execute(),
      ),
      db.tx({ tenantId: T }, (trx) =>
        trx
          .updateTable('app_browse_log')
          .set({ is_deleted: 1 })
          .where('target_id', '=', ITEMS[1]!)
          .where('browse_time', '<', '2026-03-15 00:00:00')
          .execute(),
      ),
      insertViews(T, 900, 50),
    ]);
    expect(await mismatches()).toEqual([]);

    // an update moving views to another day, community and item, and a restore of soft-deleted views
    await db.tx({ tenantId: T }, async (trx) => {
      await trx
        .updateTable('app_browse_log')
        .set({ browse_time: '2026-04-02 09:30:00', community_id: C2, target_id: ITEMS[3]! })
        .where('target_id', '=', ITEMS[2]!)
        .where('browse_time', '<', '2026-03-10 00:00:00')
        .execute();
      await trx
        .updateTable('app_browse_log')
        .set({ is_deleted: 0 })
        .where('browse_time', '<', '2026-03-05 00:00:00')
        .execute();
    });
    expect(await mismatches()).toEqual([]);
    const other = await sql<{ n: string }>`
      select sum(browse_num) as n from app_browse_day
       where tenant_id = ${OTHER} and community_id = -1 and target_id = 0`.execute(db.kysely);
    expect(Number(other.rows[0]!.n)).toBe(200);
  });

  it('are filled from the log by their migration on a database that already has views', async () => {
    await sql`delete from app_browse_day`.execute(db.kysely);
    await sql`delete from app_browse_month`.execute(db.kysely);
    expect((await mismatches()).length).toBeGreaterThan(0);
    const file = path.join(import.meta.dirname, '../src/db/migrations/after-tables/0001_browse_rollup.sql');
    await db.kysely.transaction().execute((trx) => sql.raw(readFileSync(file, 'utf8')).execute(trx));
    expect(await mismatches()).toEqual([]);
    await insertViews(T, 2000, 5); // the triggers made again still count
    expect(await mismatches()).toEqual([]);
  });

  it('give the chart and the rank of the log for ranges ending inside days and months', async () => {
    const scope = (terms: ResolvedScope): StatsScope => ({ tenantId: T, tables: { app_browse_log: terms } });
    const inC1: ScopeTerm = { kind: 'in', column: 'community_id', ids: [C1], list: false };
    // [scope, the same condition on the log]: the tenant and a community (read from the rollups), no
    // community (nothing), and a scope the rollups cannot hold (本人-like: counted on the log itself)
    const scopes: [StatsScope, RawBuilder<unknown>][] = [
      [scope(undefined), sql`true`],
      [scope([inC1]), sql`community_id = ${C1}`],
      [scope([{ kind: 'deny' }]), sql`false`],
      [
        scope([inC1, { kind: 'equals', column: 'target_type', value: 'info' }]),
        sql`(community_id = ${C1} or target_type = 'info')`,
      ],
    ];
    const ranges = [
      ['2026-03-01', '2026-04-24'],
      ['2026-03-03 13:00:00', '2026-04-11 08:15:00'],
      ['2026-03-31 23:00:00', '2026-04-01 01:00:00'],
      ['2026-03-10', '2026-03-10 12:00:00'],
      ['2026-02-15', '2026-03-31'],
    ];
    for (const [scope, condition] of scopes)
      for (const [startTime, endTime] of ranges) {
        const range = readRange({ startTime, endTime });
        const want = await db.tx({ tenantId: T }, (trx) => fromLog(trx, range.start, range.end, condition));
        const days = await db.tx({ tenantId: T }, (trx) => viewsPerDay(trx, range, scope));
        const items = await db.tx({ tenantId: T }, (trx) => mostViewed(trx, range, scope, 50));
        const label = `${JSON.stringify(scope.tables)} ${startTime}…${endTime}`;
        expect(
          days
            .map((r) => [r.day, Number(r.n)])
            .filter(([, n]) => n !== 0) // days whose views were deleted (the chart shows them as 0)
            .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
          label,
        ).toEqual(want.days);
        expect(
          items.map((r) => [String(r.target_id), Number(r.n)]),
          label,
        ).toEqual(want.items);
        if (scope.tables.app_browse_log?.[0]?.kind === 'deny') expect(days).toEqual([]);
        else if (startTime === '2026-03-01') expect(want.days.length).toBeGreaterThan(25);
      }
  });
});

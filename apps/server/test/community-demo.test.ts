import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, seedDemo } from '../src/seed/demo.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Community B's demo data is consistent: every ledger row's balance is the running sum of its user's
// rows, every facility's available units are its total minus what loans hold, and the charts have data.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedDemo(s.db);
});
afterAll(() => s.close());

describe('community B demo data', () => {
  it('keeps the ledger and the stock consistent in both demo tenants', async () => {
    for (const tenantId of ['000000', DEMO_TENANT]) {
      const flows = await s.db.kysely
        .selectFrom('app_score_flow')
        .select(['app_user_id', 'direction', 'score', 'balance_after'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute();
      expect(flows.length).toBeGreaterThan(8);
      const sums = new Map<string, number>();
      for (const f of flows) {
        const sum =
          (sums.get(String(f.app_user_id)) ?? 0) + (f.direction === 1 ? Number(f.score) : -Number(f.score));
        sums.set(String(f.app_user_id), sum);
        expect(Number(f.balance_after)).toBe(sum);
      }
      const facilities = await s.db.kysely
        .selectFrom('app_share_facility')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .execute();
      expect(facilities.length).toBe(5);
      for (const f of facilities) {
        const held = await s.db.kysely
          .selectFrom('app_share_facility_user')
          .select('quantity')
          .where('facility_id', '=', f.id as string)
          .where('borrow_status', 'in', [0, 2, 3, 5])
          .execute();
        expect(Number(f.available_qty)).toBe(
          Number(f.total_qty) - held.reduce((n, r) => n + Number(r.quantity), 0),
        );
      }
      const states = await s.db.kysely
        .selectFrom('app_share_facility_user')
        .select('borrow_status')
        .where('tenant_id', '=', tenantId)
        .execute();
      expect(new Set(states.map((r) => Number(r.borrow_status)))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    }
  });

  it('gives the dashboard data to draw', async () => {
    const admin = await login(s.app);
    const browse = (await call(s.app, admin, 'GET', '/api/statistics-data/getSumBrowseChartData')).json()
      .data;
    expect(browse.some((d: { count: number }) => d.count > 0)).toBe(true);
    const counts = (await call(s.app, admin, 'GET', '/api/statistics-data/getDataCount')).json().data;
    expect(counts.alarm.total).toBe(24);
    expect(counts.temples).toBe(4);
    const rank = (await call(s.app, admin, 'GET', '/api/scoreflow/getScoreRankByDate')).json().data;
    expect(rank.length).toBeGreaterThan(3);
  });
});

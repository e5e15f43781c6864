import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Paged totals are exact up to COUNT_CAP matching rows; above it they are the planner's estimate and
// the page says so (totalExact: false). A small cap keeps the data set tiny.
const CAP = 20;
let s: TestServer;
let token: string;

interface PageBody {
  records: { id: string }[];
  total: number;
  size: number;
  current: number;
  pages: number;
  totalExact: boolean;
}

const page = async (query: string): Promise<PageBody> => {
  const res = await call(s.app, token, 'GET', `/api/app-party-duty/partyduty/page?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PageBody;
};

/** Rows whose post and status always go together, so the planner (which assumes independent columns)
 * expects about a ninth of each group to match both filters. */
async function addDuties(tenantId: string, post: number, status: number, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: nextId(),
    tenant_id: tenantId,
    duty_post: post,
    duty_status: status,
    duty_place: `党群服务中心${i}`,
    duty_date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
    member_name: `值班员${i}`,
  }));
  await s.db.kysely.insertInto('app_party_duty').values(rows).execute();
}

beforeAll(async () => {
  s = await startTestServer({ countCap: CAP });
  token = await login(s.app);
  await addDuties('000000', 1, 1, 40);
  await addDuties('000000', 2, 2, 40);
  await addDuties('000000', 3, 3, 40);
  await addDuties('000000', 4, 0, 7);
  await addDuties('200009', 9, 4, 50); // another tenant's rows never count
  await sql`analyze app_party_duty`.execute(s.db.kysely);
});
afterAll(() => s.close());

describe('paged totals with COUNT_CAP', () => {
  it('counts exactly under the cap, and a last page that is not full needs no count', async () => {
    const few = await page('dutyPost_equal=4&size=5');
    expect(few).toMatchObject({ total: 7, pages: 2, totalExact: true });
    expect(few.records).toHaveLength(5);
    const last = await page('dutyPost_equal=4&size=5&current=2');
    expect(last).toMatchObject({ total: 7, pages: 2, current: 2, totalExact: true });
    expect(last.records).toHaveLength(2);
  });

  it('answers the planner estimate, marked inexact, when more than the cap are expected', async () => {
    const all = await page('size=10');
    expect(all.records).toHaveLength(10);
    expect(all.totalExact).toBe(false);
    expect(all.total).toBeGreaterThan(CAP);
    expect(all.total).toBeLessThan(127 * 3);
    expect(all.pages).toBe(Math.ceil(all.total / 10));
  });

  it('stops counting at the cap when the estimate was low, and says the total is not exact', async () => {
    // 40 rows match both filters; the planner expects a handful, so the capped count runs and overflows.
    const res = await page('dutyPost_equal=1&dutyStatus_equal=1&size=10');
    expect(res.records).toHaveLength(10);
    expect(res).toMatchObject({ total: CAP + 1, totalExact: false });
  });

  it('counts everything exactly when the cap is 0, or when the cap is above the matching rows', async () => {
    try {
      s.config.countCap = 0;
      expect(await page('dutyPost_equal=1&dutyStatus_equal=1&size=10')).toMatchObject({
        total: 40,
        pages: 4,
        totalExact: true,
      });
      expect(await page('size=10')).toMatchObject({ total: 127, totalExact: true });
      s.config.countCap = 10_000;
      expect(await page('size=10')).toMatchObject({ total: 127, pages: 13, totalExact: true });
      // A page past the end still reports the real total.
      const beyond = await page('size=10&current=100');
      expect(beyond.records).toHaveLength(0);
      expect(beyond).toMatchObject({ total: 127, totalExact: true });
    } finally {
      s.config.countCap = CAP;
    }
  });

  it('reuses an estimate for a few seconds instead of planning the same count again', async () => {
    const first = await page('size=10');
    expect(first.totalExact).toBe(false);
    // Many more rows and fresh statistics: the planner would now expect far more, but the page reuses
    // the estimate it just made (the total is approximate either way).
    await addDuties('000000', 5, 5, 400);
    await sql`analyze app_party_duty`.execute(s.db.kysely);
    const again = await page('size=10');
    expect(again).toMatchObject({ total: first.total, totalExact: false });
    // Another query (another filter) is planned afresh and sees the new rows.
    const fresh = await page('dutyPost_equal=5&size=10');
    expect(fresh.totalExact).toBe(false);
    expect(fresh.total).toBeGreaterThan(CAP);
  });
});

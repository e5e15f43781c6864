import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The work lists page their totals like the generic lists (crud/page-total.ts): exact up to COUNT_CAP,
// the planner's estimate beyond it with `totalExact: false`, and no count at all for a page that is not
// full. A cap of 2 keeps the data tiny: four started leave processes are "many".
const CAP = 2;
let s: TestServer;
let admin: string;

interface PageBody {
  records: unknown[];
  total: number;
  size: number;
  current: number;
  pages: number;
  totalExact: boolean;
}
const list = async (path: string): Promise<PageBody> => {
  const res = await call(s.app, admin, 'GET', `/api/blade-flow/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PageBody;
};

beforeAll(async () => {
  s = await startTestServer({ countCap: CAP });
  admin = await login(s.app);
  const me = (await call(s.app, admin, 'GET', '/api/blade-auth/oauth/user-info')).json().data;
  const defs = await list('work/start-list?size=50');
  const leave = (defs.records as { key: string; id: string }[]).find((r) => r.key === 'Leave')!;
  for (let i = 1; i <= 4; i++) {
    const started = await call(s.app, admin, 'POST', '/api/blade-desk/process/leave/start-process', {
      processDefinitionId: leave.id,
      startTime: `2025-01-0${i} 09:00:00`,
      endTime: `2025-01-0${i} 18:00:00`,
      reason: `请假${i}`,
      taskUser: me.userId,
    });
    expect(started.statusCode, started.body).toBe(200);
  }
}, 120_000);
afterAll(() => s.close());

describe('work list totals', () => {
  it('beyond the cap: an estimate, flagged, never below the rows shown', async () => {
    for (const path of [
      'work/send-list',
      'work/todo-list',
      'follow/list',
      'work/start-list',
      'manager/list',
    ]) {
      const page = await list(`${path}?size=1`);
      expect(page.records, path).toHaveLength(1);
      expect(page.totalExact, path).toBe(false);
      expect(page.total, path).toBeGreaterThanOrEqual(1);
      expect(page.pages, path).toBe(page.total);
    }
  });

  it('a page that is not full ends the list: exact, without a count', async () => {
    const page = await list('work/send-list?size=10');
    expect(page).toMatchObject({ total: 4, pages: 1, totalExact: true });
    const empty = await list('work/done-list');
    expect(empty).toMatchObject({ total: 0, pages: 0, totalExact: true });
    expect((await list('model/list?size=500')).totalExact).toBe(true);
  });

  it('COUNT_CAP 0 counts exactly, as before', async () => {
    s.ctx.config.countCap = 0;
    try {
      const page = await list('work/send-list?size=1');
      expect(page).toMatchObject({ total: 4, pages: 4, totalExact: true });
      expect((await list('work/todo-list?size=1&current=2')).total).toBe(4);
    } finally {
      s.ctx.config.countCap = CAP;
    }
  });
});

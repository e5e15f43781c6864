import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_UNHANDLED, countedResources, pendingColumn, resources } from '@tongxin/resources';
import { sql } from 'kysely';
import { nextId } from '../src/db/ids.js';
import { indexLeads, readsRangeFirst } from '../src/engine/crud/range-page.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 数据统计 (statistics-data): counts, zero-filled browse and publish series, the browse rank, within the
// caller's tenant and date range; bad ranges are 400s; no code, no figures.

let s: TestServer;
let admin: string;
let other: string;
let noRights: string;
const BASE = '/api/statistics-data';

async function browse(tenantId: string, targetId: string, title: string, at: string) {
  await s.db.tx({ tenantId }, (trx) =>
    trx
      .insertInto('app_browse_log')
      .values({
        id: nextId(),
        tenant_id: tenantId,
        target_type: 'info',
        target_id: targetId,
        target_title: title,
        browse_time: at,
      })
      .execute(),
  );
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const codes = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  // the other tenant's administrator (a tenant administrator counts the whole tenant)
  await addTenantWithUser(s.db, { tenantId: '200002', account: 'stat', menuCodes: codes, alias: 'admin' });
  other = await login(s.app, { tenantId: '200002', account: 'stat', password: 'secret' });
  await addTenantWithUser(s.db, { tenantId: '000000', account: 'nostat', menuCodes: [] });
  noRights = await login(s.app, { account: 'nostat', password: 'secret' });
  for (let i = 0; i < 3; i++) await browse('000000', '101', '藏历新年通知', '2026-03-02 10:00:00');
  await s.db.tx({ tenantId: '000000' }, async (trx) => {
    // alarms in every handling state: 未处理 ×2, 处理中, 已处理, 自动消警
    for (const [i, state] of [0, 0, 1, 2, 9].entries())
      await trx
        .insertInto('app_oc_alarm')
        .values({
          id: nextId(),
          tenant_id: '000000',
          alarm_no: `STAT${i}`,
          device_id: '1',
          device_name: '烟感',
          device_type: 1,
          imei: '860000000000001',
          community_id: '1',
          install_address: '一单元',
          alarm_type: 1,
          alarm_level: 1,
          alarm_content: '烟雾报警',
          alarm_time: '2026-03-02 08:00:00',
          handle_status: state,
        })
        .execute();
    // two volunteer activities entered on 2026-03-02: one published, one still a draft
    for (const status of [1, 0])
      await trx
        .insertInto('app_micro_volunteer')
        .values({
          id: nextId(),
          tenant_id: '000000',
          title: `发布统计${status}`,
          community_id: '1',
          service_type: 1,
          content: '内容',
          address: '社区',
          start_time: '2026-03-10 09:00:00',
          end_time: '2026-03-10 12:00:00',
          enroll_start_time: '2026-03-02 09:00:00',
          enroll_end_time: '2026-03-09 09:00:00',
          score: 5,
          charge_name: '负责人',
          charge_phone: '13800000000',
          activity_status: status,
          create_time: '2026-03-02 09:00:00',
        })
        .execute();
  });
  await browse('000000', '102', '垃圾分类指南', '2026-03-04 11:00:00');
  await browse('200002', '901', '别的租户', '2026-03-02 10:00:00');
});
afterAll(() => s.close());

describe('statistics-data', () => {
  it('charts browses per day, zero-filled, in the tenant only', async () => {
    const res = await call(
      s.app,
      admin,
      'GET',
      `${BASE}/getSumBrowseChartData?startTime=2026-03-01&endTime=2026-03-05`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { date: '2026-03-01', count: 0 },
      { date: '2026-03-02', count: 3 },
      { date: '2026-03-03', count: 0 },
      { date: '2026-03-04', count: 1 },
      { date: '2026-03-05', count: 0 },
    ]);
    const theirs = (
      await call(s.app, other, 'GET', `${BASE}/getSumBrowseChartData?startTime=2026-03-02&endTime=2026-03-02`)
    ).json();
    expect(theirs.data).toEqual([{ date: '2026-03-02', count: 1 }]);
  });

  it('ranks the most read titles of the range', async () => {
    const rank = (
      await call(s.app, admin, 'GET', `${BASE}/getBrowseNumRankTitle?startTime=2026-03-01&endTime=2026-03-31`)
    ).json().data;
    expect(rank.slice(0, 2)).toEqual([
      { rank: 1, targetType: 'info', targetId: '101', title: '藏历新年通知', browseNum: 3 },
      { rank: 2, targetType: 'info', targetId: '102', title: '垃圾分类指南', browseNum: 1 },
    ]);
  });

  it('counts the modules and the users, and charts publications by module', async () => {
    const counts = await call(
      s.app,
      admin,
      'GET',
      `${BASE}/getDataCount?startTime=2026-01-01&endTime=2026-12-31`,
    );
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().data).toMatchObject({
      alarm: { total: expect.any(Number), unhandled: expect.any(Number) },
      complain: { total: expect.any(Number), pending: expect.any(Number) },
    });
    const users = await call(
      s.app,
      admin,
      'GET',
      `${BASE}/get2UserDataById?startTime=2026-01-01&endTime=2026-12-31`,
    );
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().data).toHaveProperty('totalUsers');
    const published = await call(
      s.app,
      admin,
      'GET',
      `${BASE}/getPublishChartData?startTime=2026-03-01&endTime=2026-03-03`,
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.dates).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(published.json().data.series.map((x: { key: string }) => x.key)).toEqual([
      'info',
      'notice',
      'study',
      'discipline',
      'activity',
    ]);
    // the activities: the published volunteer activity on the day it was entered, not the draft
    expect(published.json().data.series[4]).toMatchObject({ name: '活动', data: [0, 1, 0] });
  });

  it('counts each definition that declares `counted`, in the chart order, by its pending states', async () => {
    const data = (await call(s.app, admin, 'GET', `${BASE}/getDataCount`)).json().data;
    const requests = data.requests as { key: string; label: unknown; total: number; pending: number }[];
    // the keys the board and older clients read
    expect(requests.map((r) => r.key)).toEqual([
      'complain',
      'snap',
      'feedback',
      'disciplineReport',
      'householdRecord',
      'partyArchive',
      'doubleReport',
      'facilityBorrow',
    ]);
    expect(requests[0]!.label).toEqual({ zh: '投诉', en: 'Complaints' });
    expect(requests[3]!.label).toEqual({ zh: '纪检举报', en: 'Discipline reports' });
    for (const def of countedResources(resources)) {
      const r = requests.find((x) => x.key === def.counted.key)!;
      expect(data[r.key], r.key).toEqual({ total: r.total, pending: r.pending });
      // the administrator sees the whole tenant: the figures are the table's own counts
      const count = (pending: boolean) =>
        s.db.tx({ tenantId: '000000' }, async (trx) => {
          let q = trx
            .selectFrom(def.table)
            .select(sql<string>`count(*)`.as('n'))
            .where('tenant_id', '=', '000000')
            .where('is_deleted', '=', 0);
          if (pending) q = q.where(pendingColumn(def), 'in', def.counted.pending.in);
          return Number((await q.executeTakeFirstOrThrow()).n);
        });
      expect([r.total, r.pending], r.key).toEqual([await count(false), await count(true)]);
    }
  });

  it('counts as unhandled the alarms the bell lists (未处理 only, ALARM_UNHANDLED)', async () => {
    const { alarm } = (await call(s.app, admin, 'GET', `${BASE}/getDataCount`)).json().data;
    const bell = await call(
      s.app,
      admin,
      'GET',
      `/api/app_oc_alarm/ocAlarm/page?${ALARM_UNHANDLED.field}=${ALARM_UNHANDLED.value}&size=5`,
    );
    expect(bell.statusCode, bell.body).toBe(200);
    expect(alarm.unhandled).toBe(bell.json().data.total);
    expect(alarm).toMatchObject({ unhandled: 2, handling: 1, total: 5 });
  });

  it('refuses bad ranges and callers without the statistics code', async () => {
    for (const q of [
      'startTime=yesterday',
      'startTime=2026-03-05&endTime=2026-03-01',
      'startTime=2020-01-01&endTime=2026-01-01',
    ]) {
      const res = await call(s.app, admin, 'GET', `${BASE}/getSumBrowseChartData?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await call(s.app, noRights, 'GET', `${BASE}/getDataCount`)).statusCode).toBe(403);
  });
});

describe('browse log list by 创建时间 (a range read off its own index, in 浏览时间 order)', () => {
  it('reads a range first only when its column leads an index and the list is ordered by another', () => {
    const leads = indexLeads(resources.find((d) => d.table === 'app_browse_log')!);
    const order = [
      { column: 'browse_time', direction: 'desc' as const },
      { column: 'id', direction: 'desc' as const },
    ];
    const range = (column: string) => [{ column, op: '>=' as const, value: '2025-02-03 00:00:00' }];
    expect(readsRangeFirst(leads, range('create_time'), order)).toBe(true);
    expect(readsRangeFirst(leads, range('browse_time'), order)).toBe(false);
    expect(readsRangeFirst(leads, range('update_time'), order)).toBe(false);
    expect(readsRangeFirst(leads, [{ column: 'create_time', op: '=', value: 'x' }], order)).toBe(false);
  });

  it('pages the range in the list order', async () => {
    const ids: string[] = [];
    await s.db.tx({ tenantId: '000000' }, async (trx) => {
      for (let i = 0; i < 12; i++) {
        ids.push(nextId());
        const day = (d: number) => String(d).padStart(2, '0');
        await trx
          .insertInto('app_browse_log')
          .values({
            id: ids[i]!,
            tenant_id: '000000',
            target_type: 'info',
            target_id: '701',
            target_title: `列表${i}`,
            browse_time: `2025-01-${day(i + 1)} 10:00:00`,
            create_time: `2025-02-${day(12 - i)} 10:00:00`, // recorded in the reverse order
          })
          .execute();
      }
    });
    const range = 'createTime_datege=2025-02-03 00:00:00&createTime_datele=2025-02-09 23:59:59';
    const pageOf = async (current: number) => {
      const res = await call(
        s.app,
        admin,
        'GET',
        `/api/app_browse_log/browselog/page?current=${current}&size=3&${encodeURI(range)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { records: { id: string }[]; total: number };
    };
    const pages = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect(pages.map((p) => p.records.map((r) => ids.indexOf(r.id)))).toEqual([[9, 8, 7], [6, 5, 4], [3]]);
    expect(pages[0]!.total).toBe(7);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { appendScore, balanceOf } from '../src/domains/community/score/ledger.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 微志愿活动: enrolment within the places, absence, one settlement per activity, cancel with a reason;
// 积分流水: every user's balance equals the sum of their ledger after concurrent settlements, and the
// rank by date follows the settlements.

let s: TestServer;
let admin: string;
let deptId: string;
const users: string[] = [];

const ACT = '/api/microvolunteer';
const ENROL = '/api/app-micro-volunteer-user/microvolunteer2user';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  deptId = String(
    (
      await s.db.kysely
        .selectFrom('blade_dept')
        .select('id')
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id,
  );
  for (let i = 0; i < 4; i++) {
    const id = nextId();
    users.push(id);
    await s.db.kysely
      .insertInto('blade_user')
      .values({
        id,
        tenant_id: '000000',
        user_type: 2,
        account: `vol${i}${id.slice(-6)}`,
        password: 'x',
        real_name: `志愿者${i}`,
        phone: `1380000000${i}`,
        sex: 1,
        birthday: '1990-05-01 00:00:00',
      })
      .execute();
  }
});
afterAll(() => s.close());

async function activity(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(s.app, admin, 'POST', `${ACT}/save`, {
    title: `清扫八廓街${nextId().slice(-4)}`,
    communityId: deptId,
    scopeType: 0,
    serviceType: 1,
    content: '清扫街道',
    address: '八廓街',
    startTime: '2026-01-01 09:00:00',
    endTime: '2026-01-01 12:00:00',
    enrollStartTime: '2025-12-20 09:00:00',
    enrollEndTime: '2025-12-31 18:00:00',
    needNum: 3,
    score: 10,
    absentPenalty: 2,
    chargeName: '卓玛',
    chargePhone: '0891-6321234',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

const enrol = (activityId: string, appUserId: string) =>
  call(s.app, admin, 'POST', `${ENROL}/submit`, { activityId, appUserId });

const detail = async (id: string) => (await call(s.app, admin, 'GET', `${ACT}/detail?id=${id}`)).json().data;

async function ledger(userId: string) {
  return s.db.kysely
    .selectFrom('app_score_flow')
    .select(['direction', 'score', 'balance_after', 'source_type'])
    .where('app_user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe('微志愿活动', () => {
  it('enrols within the places, snapshots the volunteer and refuses twice', async () => {
    const id = await activity();
    const first = await enrol(id, users[0]!);
    expect(first.statusCode, first.body).toBe(200);
    const row = (await call(s.app, admin, 'GET', `${ENROL}/detail?id=${first.json().data.id}`)).json().data;
    // the snapshot holds the whole phone; answers show it masked (personal data)
    expect(row).toMatchObject({ name: '志愿者0', phone: '138****0000', enrollStatus: 1, signStatus: 0 });
    const whole = await call(s.app, admin, 'GET', `${ENROL}/reveal?id=${first.json().data.id}&field=phone`);
    expect(whole.json().data.phone).toBe('13800000000');
    expect((await enrol(id, users[0]!)).json().msg).toBe('该用户已报名此活动');
    expect((await enrol(id, users[1]!)).statusCode).toBe(200);
    expect((await enrol(id, users[2]!)).statusCode).toBe(200);
    const full = await enrol(id, users[3]!);
    expect(full.statusCode).toBe(400);
    expect(full.json().msg).toBe('报名人数已满');
    expect((await detail(id)).enrollNum).toBe(3);
    // a removal gives the place back
    await call(s.app, admin, 'POST', `${ENROL}/remove?ids=${first.json().data.id}`);
    expect((await detail(id)).enrollNum).toBe(2);
    expect((await enrol(id, users[3]!)).statusCode).toBe(200);
  });

  it('settles once: signed in +score, absent −penalty, never-signed counted absent', async () => {
    const id = await activity();
    for (const u of users.slice(0, 3)) expect((await enrol(id, u)).statusCode).toBe(200);
    await s.db.kysely
      .updateTable('app_micro_volunteer_user')
      .set({ sign_status: 1 })
      .where('activity_id', '=', id)
      .where('app_user_id', '=', users[0]!)
      .execute();
    const absent = await call(
      s.app,
      admin,
      'GET',
      `${ACT}/absentActivity?activityId=${id}&userId=${users[1]}`,
    );
    expect(absent.statusCode, absent.body).toBe(200);
    const before = await Promise.all(users.map(async (u) => (await ledger(u)).length));
    const settled = await call(s.app, admin, 'POST', `${ACT}/scoreSettle`, { id });
    expect(settled.statusCode, settled.body).toBe(200);
    const again = await call(s.app, admin, 'POST', `${ACT}/scoreSettle`, { id });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('该活动已结算，不能重复结算');
    expect(await detail(id)).toMatchObject({ settleStatus: 1, activityStatus: 4 });
    const rows = await Promise.all(users.slice(0, 3).map(async (u) => (await ledger(u)).slice(-1)[0]));
    expect(rows.map((r) => [r?.direction, r?.score, r?.source_type])).toEqual([
      [1, 10, 'volunteer'],
      [2, 2, 'penalty'],
      [2, 2, 'penalty'],
    ]);
    expect((await ledger(users[3]!)).length).toBe(before[3]);
    // absence can no longer be marked
    const late = await call(s.app, admin, 'GET', `${ACT}/absentActivity?activityId=${id}&userId=${users[0]}`);
    expect(late.statusCode).toBe(400);
  });

  it('is cancelled with a reason, tells the volunteers, and a cancelled activity is never settled', async () => {
    const id = await activity();
    expect((await enrol(id, users[0]!)).statusCode).toBe(200);
    const bare = await call(s.app, admin, 'POST', `${ACT}/activityCancel?ids=${id}`);
    expect(bare.json().msg).toBe('请输入取消原因');
    const res = await call(
      s.app,
      admin,
      'POST',
      `${ACT}/activityCancel?ids=${id}&cancelReason=${encodeURIComponent('暴雪')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(id)).toMatchObject({ activityStatus: 5, cancelReason: '暴雪' });
    // the enrolled volunteer finds it in their message centre, with the reason; nobody else does
    const told = await s.db.kysely
      .selectFrom('app_message_center')
      .select(['receiver_id', 'title', 'content', 'message_type', 'biz_id'])
      .where('biz_id', '=', id)
      .execute();
    expect(told).toEqual([
      {
        receiver_id: users[0],
        title: '志愿活动已取消',
        content: expect.stringContaining('原因：暴雪'),
        message_type: 3,
        biz_id: id,
      },
    ]);
    expect((await call(s.app, admin, 'POST', `${ACT}/scoreSettle`, { id })).json().msg).toBe(
      '已取消的活动不能结算',
    );
    expect((await enrol(id, users[0]!)).json().msg).toBe('该活动不在报名中');
  });

  it('lists the activities open for enrolment', async () => {
    const open = await activity();
    const page = (await call(s.app, admin, 'GET', `${ACT}/page2Enroll?size=100`)).json().data;
    const ids = page.records.map((r: { id: string }) => r.id);
    expect(ids).toContain(open);
    expect(page.records.every((r: { activityStatus: number }) => r.activityStatus === 1)).toBe(true);
  });
});

describe('积分流水', () => {
  it("keeps every balance equal to the sum of the user's ledger under concurrent settlements", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await activity({ needNum: 4, score: 3 + i });
      for (const u of users) expect((await enrol(id, u)).statusCode).toBe(200);
      await s.db.kysely
        .updateTable('app_micro_volunteer_user')
        .set({ sign_status: 1 })
        .where('activity_id', '=', id)
        .where('app_user_id', 'in', users.slice(0, 3))
        .execute();
      ids.push(id);
    }
    // every activity settled twice at once: each settles exactly once
    const answers = await Promise.all(
      [...ids, ...ids].map((id) => call(s.app, admin, 'POST', `${ACT}/scoreSettle`, { id })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(ids.length);
    for (const u of users) {
      const rows = await ledger(u);
      let sum = 0;
      for (const r of rows) {
        sum += r.direction === 1 ? Number(r.score) : -Number(r.score);
        expect(Number(r.balance_after)).toBe(sum);
      }
      const settledHere = rows.filter((r) => ['volunteer', 'penalty'].includes(String(r.source_type)));
      expect(settledHere.length).toBeGreaterThanOrEqual(ids.length);
    }
  });

  it('ranks users by the points of a date range', async () => {
    const rank = await call(
      s.app,
      admin,
      'GET',
      '/api/scoreflow/getScoreRankByDate?startTime=2000-01-01&size=10',
    );
    expect(rank.statusCode, rank.body).toBe(200);
    const data = rank.json().data as { rank: number; appUserId: string; name: string; score: number }[];
    expect(data[0]).toMatchObject({ rank: 1, appUserId: users[0], name: '志愿者0' });
    expect(data.map((r) => r.score)).toEqual([...data.map((r) => r.score)].sort((a, b) => b - a));
    const none = (
      await call(s.app, admin, 'GET', '/api/scoreflow/getScoreRankByDate?endTime=2000-01-01')
    ).json();
    expect(none.data).toEqual([]);
    const bad = await call(s.app, admin, 'GET', '/api/scoreflow/getScoreRankByDate?startTime=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the monthly sums equal to the ledger, and ranks any range by exactly the ledger sum', async () => {
    // each user's ledger summed per community and month equals the monthly sums the writer kept
    const byMonth = async (table: 'app_score_flow' | 'app_score_month') =>
      (
        await s.db.kysely
          .selectFrom(table)
          .select(
            table === 'app_score_flow'
              ? [
                  sql<string>`to_char(date_trunc('month', flow_time), 'YYYY-MM')`.as('m'),
                  'app_user_id',
                  'community_id',
                  sql<string>`sum(case when direction = 1 then score else -score end)::int`.as('n'),
                  sql<string>`count(*)::int`.as('rows'),
                ]
              : [
                  sql<string>`to_char(month, 'YYYY-MM')`.as('m'),
                  'app_user_id',
                  'community_id',
                  sql<string>`sum(score)::int`.as('n'),
                  sql<string>`sum(row_count)::int`.as('rows'),
                ],
          )
          .where('tenant_id', '=', '000000')
          .groupBy(['m', 'app_user_id', 'community_id'])
          .orderBy('m')
          .orderBy('app_user_id')
          .orderBy('community_id')
          .execute()
      ).map((r) => ({ ...r, app_user_id: String(r.app_user_id), community_id: String(r.community_id) }));
    // rows at month edges, written concurrently (the monthly sums are upserts)
    const times = [
      '2024-01-15 10:00:00',
      '2024-01-31 23:59:59',
      '2024-02-01 00:00:00',
      '2024-02-29 23:59:59',
    ];
    const more = [...times, '2024-03-10 08:30:00', '2024-04-01 00:00:00', '2024-04-20 12:00:00'];
    await Promise.all(
      more.flatMap((flowTime, i) =>
        users.map((u, j) =>
          s.db.tx({ tenantId: '000000' }, (trx) =>
            appendScore(trx, {
              tenantId: '000000',
              appUserId: u,
              communityId: deptId,
              delta: (i + 1) * (j % 2 ? -1 : 2) + j,
              sourceType: 'adjust',
              flowTime,
            }),
          ),
        ),
      ),
    );
    const months = await byMonth('app_score_month');
    expect(months.length).toBeGreaterThan(4);
    expect(months).toEqual(await byMonth('app_score_flow'));
    // on a database whose monthly sums had no row counts, migration 0024 takes them from the ledger
    await sql`update app_score_month set row_count = 0`.execute(s.db.kysely);
    const file = path.join(import.meta.dirname, '../src/db/migrations/0024_score_month_rows.sql');
    await s.db.kysely.transaction().execute((trx) => sql.raw(readFileSync(file, 'utf8')).execute(trx));
    expect(await byMonth('app_score_month')).toEqual(months);
    const rows = await s.db.kysely
      .selectFrom('app_score_flow')
      .select([
        'app_user_id',
        'direction',
        'score',
        sql<string>`to_char(flow_time, 'YYYY-MM-DD HH24:MI:SS')`.as('t'),
      ])
      .where('tenant_id', '=', '000000')
      .execute();
    const ranges: [string?, string?][] = [
      ['2024-01-01', '2024-04-30'], // whole months only
      ['2024-01-15 10:00:01', '2024-02-29 23:59:58'], // partial months at both ends
      ['2024-01-31 23:59:59', '2024-02-01'], // no whole month
      ['2024-02-01', undefined],
      [undefined, '2024-03-31 23:59:59'],
      ['2024-03-11', '2024-04-01'],
      // partial months read as the month less its rows outside the range
      ['2024-03-11', '2024-03-31'], // every March row is outside: nobody is listed
      ['2024-02-01', '2024-02-20'],
      ['2024-01-10', '2024-01-31 23:59:58'],
      ['2024-04-01 00:00:01', '2024-04-25'],
    ];
    for (const [start, end] of ranges) {
      const from = start && (start.length === 10 ? `${start} 00:00:00` : start);
      const to = end && (end.length === 10 ? `${end} 23:59:59` : end);
      const want = new Map<string, number>();
      for (const r of rows)
        if ((!from || r.t >= from) && (!to || r.t <= to)) {
          const id = String(r.app_user_id);
          want.set(id, (want.get(id) ?? 0) + (r.direction === 1 ? Number(r.score) : -Number(r.score)));
        }
      const q = [start && `startTime=${start}`, end && `endTime=${end}`, 'size=100']
        .filter(Boolean)
        .join('&');
      const res = await call(s.app, admin, 'GET', `/api/scoreflow/getScoreRankByDate?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json().data as { appUserId: string; score: number }[];
      expect(new Map(got.map((r) => [r.appUserId, r.score])), `${start} – ${end}`).toEqual(want);
    }
  });
});

describe("积分调整 and the ledger's sources", () => {
  const ADJUST = '/api/scoreflow/adjust';
  const adjust = (token: string, q: Record<string, string | number>) =>
    call(
      s.app,
      token,
      'POST',
      `${ADJUST}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );
  /** The sum of the user's live ledger rows. */
  const sumOf = async (userId: string) =>
    (await ledger(userId)).reduce((n, r) => n + (r.direction === 1 ? 1 : -1) * Number(r.score), 0);

  it('adds and takes points by hand with a remark, through the ledger: balance = sum of the ledger', async () => {
    const who = users[0]!;
    await s.db.kysely.updateTable('blade_user').set({ dept_id: deptId }).where('id', '=', who).execute();
    const start = await sumOf(who);
    // the direction apart (1 收入 adds, 2 支出 takes away), the points a positive whole number
    const plus = await adjust(admin, { appUserId: who, direction: 1, score: 20, remark: '参加社区义诊补记' });
    expect(plus.statusCode, plus.body).toBe(200);
    expect(plus.json().data.balance).toBe(start + 20);
    const minus = await adjust(admin, { appUserId: who, direction: 2, score: 5, remark: '重复报名扣回' });
    expect(minus.json().data.balance).toBe(start + 15);
    const rows = await s.db.kysely
      .selectFrom('app_score_flow')
      .select(['direction', 'score', 'source_type', 'remark', 'community_id', 'operator_id', 'balance_after'])
      .where('app_user_id', '=', who)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows.map((r) => [r.direction, r.score, r.source_type, r.remark, String(r.community_id)])).toEqual([
      [2, 5, 'adjust', '重复报名扣回', deptId],
      [1, 20, 'adjust', '参加社区义诊补记', deptId],
    ]);
    expect(Number(rows[0]!.balance_after)).toBe(start + 15);
    expect(await sumOf(who)).toBe(start + 15);
    // concurrent adjustments each run on from the one before (the writer's per-user lock)
    const at = await Promise.all(
      [1, 2, 3, 4].map((n) => adjust(admin, { appUserId: who, direction: 1, score: n, remark: `补记${n}` })),
    );
    expect(at.every((r) => r.statusCode === 200)).toBe(true);
    let running = 0;
    for (const r of await ledger(who)) {
      running += r.direction === 1 ? Number(r.score) : -Number(r.score);
      expect(Number(r.balance_after)).toBe(running);
    }
    expect(running).toBe(start + 25);
    expect(await s.db.tx({ tenantId: '000000' }, (trx) => balanceOf(trx, '000000', who))).toBe(start + 25);
    // the user is told of each
    const told = await s.db.kysely
      .selectFrom('app_message_center')
      .select(['title', 'content', 'message_type'])
      .where('receiver_id', '=', who)
      .where('biz_type', '=', 'score')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told).toMatchObject({ title: '积分变动', message_type: 5 });
    // the last adjustment told (whichever of the concurrent ones came last) names the final balance
    expect(told.content).toMatch(
      new RegExp(`^管理员为您增加[1-4]积分，当前积分${start + 25}。说明：补记[1-4]$`),
    );
  });

  it('refuses an adjustment without user, points or remark, below zero, or outside the tenant', async () => {
    const who = users[0]!;
    const before = (await ledger(who)).length;
    const refused = async (q: Record<string, string | number>, msg: string) => {
      const res = await adjust(admin, q);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
    };
    await refused({ appUserId: who, direction: 1, score: 3 }, '请输入调整说明');
    await refused({ appUserId: who, direction: 1, score: 3, remark: '  ' }, '请输入调整说明');
    await refused({ direction: 1, score: 3, remark: '补记' }, '请选择用户');
    await refused({ appUserId: who, direction: 1, remark: '补记' }, '请输入调整积分');
    // zero, or a negative number, is no adjustment: the direction says whether it adds or takes away
    await refused({ appUserId: who, direction: 1, score: 0, remark: '补记' }, '调整积分必须在1到10000之间');
    // a debit below zero (of a user with 10 points: within one call's limit of 100)
    const poor = nextId();
    await s.db.kysely
      .insertInto('blade_user')
      .values({
        id: poor,
        tenant_id: '000000',
        user_type: 2,
        account: `p${poor.slice(-8)}`,
        password: 'x',
        dept_id: deptId,
      })
      .execute();
    expect(
      (await adjust(admin, { appUserId: poor, direction: 1, score: 10, remark: '补记' })).statusCode,
    ).toBe(200);
    await refused({ appUserId: poor, direction: 2, score: 11, remark: '扣光' }, '积分余额不足，当前余额10');
    await refused(
      { appUserId: users[1]!, direction: 1, score: 3, remark: '补记' },
      '该用户没有所属社区，不能调整积分',
    );
    const stranger = await addTenantWithUser(s.db, { tenantId: '200009', account: 'far', menuCodes: [] });
    await refused(
      { appUserId: stranger.userId, direction: 1, score: 3, remark: '补记' },
      '用户不存在或不在您的数据范围内',
    );
    expect((await ledger(who)).length).toBe(before);
  });

  it('needs the 积分调整 button code', async () => {
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'flowviewer',
      menuCodes: ['score_flow', 'score_flow_view'],
    });
    const viewer = await login(s.app, { account: 'flowviewer', password: 'secret' });
    const res = await adjust(viewer, { appUserId: users[0]!, direction: 1, score: 3, remark: '补记' });
    expect(res.statusCode).toBe(403);
  });

  it('credits an automatic grant once per source and user, at the database too', async () => {
    const who = users[2]!;
    const source = nextId();
    const grant = () =>
      s.db.tx({ tenantId: '000000' }, (trx) =>
        appendScore(trx, {
          tenantId: '000000',
          appUserId: who,
          communityId: deptId,
          delta: 7,
          sourceType: 'volunteer',
          sourceId: source,
          sourceTitle: '护河行动',
        }),
      );
    const before = await sumOf(who);
    await grant();
    await expect(grant()).rejects.toMatchObject({
      code: 400,
      message: '「护河行动」的积分已计入该用户，不能重复计入',
    });
    expect(await sumOf(who)).toBe(before + 7);
    // written by anything else, a second row of the same source is refused by the unique index
    const raw = (sourceType: string) =>
      s.db.kysely
        .insertInto('app_score_flow')
        .values({
          id: nextId(),
          tenant_id: '000000',
          app_user_id: who,
          community_id: deptId,
          direction: 1,
          score: 1,
          balance_after: 0,
          source_type: sourceType,
          source_id: source,
          flow_time: '2026-01-01 00:00:00',
        })
        .execute();
    await expect(raw('volunteer')).rejects.toMatchObject({ code: '23505' });
    // another source type of the same id, and adjustments, are other credits
    await raw('penalty');
    await raw('adjust');
    await raw('adjust');
  });

  it('retires a source credited twice before the index existed, and takes it out of the monthly sums', async () => {
    const who = users[3]!;
    const file = path.join(
      import.meta.dirname,
      '../src/db/migrations/after-tables/0002_score_flow_source_once.sql',
    );
    const migration = () =>
      s.db.kysely.transaction().execute((trx) => sql.raw(readFileSync(file, 'utf8')).execute(trx));
    const month = async () =>
      s.db.kysely
        .selectFrom('app_score_month')
        .select(['score', 'row_count'])
        .where('tenant_id', '=', '000000')
        .where('app_user_id', '=', who)
        .where('month', '=', '2025-03-01')
        .executeTakeFirstOrThrow() as Promise<{ score: unknown; row_count: number }>;
    /** The balance: the sum of the user's live rows. */
    const live = () => balanceOf(s.db.kysely as never, '000000', who);
    const before = await live();
    // a database written before the index: the same settlement credited twice, and once more
    await sql`drop index app_score_flow_source_once_uq`.execute(s.db.kysely);
    const source = nextId();
    const credit = (delta: number) =>
      s.db.tx({ tenantId: '000000' }, (trx) =>
        appendScore(trx, {
          tenantId: '000000',
          appUserId: who,
          communityId: deptId,
          delta,
          sourceType: 'volunteer',
          sourceId: source,
          sourceTitle: '清洁家园',
          flowTime: '2025-03-08 09:00:00',
        }),
      );
    await credit(6);
    await credit(6);
    await credit(6);
    expect(await live()).toBe(before + 18);
    const tripled = await month();

    await migration();
    // the first credit stays, the others are retired (kept, out of every sum), the index is back
    expect(await live()).toBe(before + 6);
    const rows = await s.db.kysely
      .selectFrom('app_score_flow')
      .select(['is_deleted'])
      .where('source_id', '=', source)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => Number(r.is_deleted))).toEqual([0, 1, 1]);
    const retired = await month();
    expect([Number(retired.score), retired.row_count]).toEqual([
      Number(tripled.score) - 12,
      tripled.row_count - 2,
    ]);
    await expect(credit(6)).rejects.toMatchObject({ code: 400 });
    // applied again, it finds nothing to retire
    await migration();
    expect(await live()).toBe(before + 6);
  });
});

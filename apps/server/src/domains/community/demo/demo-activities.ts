/** Demo 微志愿活动 (settled through the ledger, open, cancelled) and a month of browse history for the
 * charts. */
import { appendScore } from '../score/ledger.js';
import type { DemoContext } from './demo-base.js';

async function volunteerActivity(
  c: DemoContext,
  title: string,
  status: number,
  days: number,
  extra: Record<string, unknown> = {},
) {
  const a = c.row({
    title,
    community_id: c.communities[0]!.id,
    scope_type: 0,
    service_type: 1 + Math.floor(c.rand() * 7),
    content: `${title}：请着便装，自带手套。`,
    address: `${c.communities[0]!.name}广场`,
    start_time: c.at(days, 9),
    end_time: c.at(days, 12),
    enroll_start_time: c.at(days - 10),
    enroll_end_time: c.at(days - 1, 18),
    need_num: 10,
    service_hours: 3,
    score: 10,
    absent_penalty: 2,
    charge_name: '卓玛',
    charge_phone: '0891-6321234',
    activity_status: status,
    settle_status: 0,
    enroll_num: 0,
    ...extra,
  });
  await c.trx.insertInto('app_micro_volunteer').values(a).execute();
  return a;
}

export async function seedVolunteers(c: DemoContext): Promise<void> {
  const { trx, residents } = c;
  const done = await volunteerActivity(c, '八廓街环境清扫', 4, -5);
  const open = await volunteerActivity(c, '关爱独居老人上门服务', 1, 6);
  await volunteerActivity(c, '雪后道路清扫', 5, 2, { cancel_reason: '天气转晴，无需清扫' });
  // finished yesterday, waiting for its 积分结算 (signed in: everyone)
  const ended = await volunteerActivity(c, '社区植树护绿', 4, -1, { score: 15 });
  for (const [a, users] of [
    [done, residents.slice(0, 6)],
    [open, residents.slice(2, 5)],
    [ended, residents.slice(4, 8)],
  ] as const) {
    for (const [i, r] of users.entries()) {
      const signed = a === done ? (i < 4 ? 1 : 2) : a === ended ? 1 : 0;
      await trx
        .insertInto('app_micro_volunteer_user')
        .values(
          c.row({
            activity_id: a.id,
            app_user_id: r.id,
            name: r.name,
            phone: r.phone,
            enroll_time: c.at(-8),
            enroll_status: 1,
            sign_status: signed,
            settle_status: 0,
          }),
        )
        .execute();
    }
    await trx
      .updateTable('app_micro_volunteer')
      .set({ enroll_num: users.length })
      .where('id', '=', String(a.id))
      .execute();
  }
  // the finished activity is settled through the ledger, as scoreSettle does
  for (const [i, r] of residents.slice(0, 6).entries()) {
    const delta = i < 4 ? 10 : -2;
    await appendScore(trx, {
      tenantId: c.tenantId,
      appUserId: r.id,
      communityId: c.communities[0]!.id,
      delta,
      sourceType: i < 4 ? 'volunteer' : 'penalty',
      sourceId: String(done.id),
      sourceTitle: String(done.title),
      operatorId: c.adminId,
      flowTime: c.at(-4),
    });
    await trx
      .updateTable('app_micro_volunteer_user')
      .set({ settle_status: 1, settle_score: delta, service_hours: i < 4 ? 3 : 0 })
      .where('activity_id', '=', String(done.id))
      .where('app_user_id', '=', r.id)
      .execute();
  }
  await trx
    .updateTable('app_micro_volunteer')
    .set({ settle_status: 1, settle_time: c.at(-4), settle_user: c.adminId })
    .where('id', '=', String(done.id))
    .execute();
  // other sources of points, a few days apart, for the ranking by date
  for (const [i, r] of residents.entries())
    await appendScore(trx, {
      tenantId: c.tenantId,
      appUserId: r.id,
      communityId: c.communities[i % c.communities.length]!.id,
      delta: 5 + (i % 4) * 5,
      sourceType: ['study', 'questionnaire', 'snap', 'signIn'][i % 4]!,
      sourceTitle: '日常积分',
      flowTime: c.at(-(i % 10)),
    });
}

const TITLES: [string, string][] = [
  ['info', '城关区垃圾分类指南'],
  ['notice', '关于藏历新年期间安全防范的通知'],
  ['study', '民族团结进步教育读本'],
  ['volunteer', '八廓街环境清扫'],
  ['temple', '大昭寺开放时间'],
  ['info', '社区养老服务介绍'],
];

export async function seedBrowses(c: DemoContext): Promise<void> {
  const rows = [];
  for (let day = 0; day < 30; day++)
    for (const [i, [type, title]] of TITLES.entries()) {
      const n = Math.floor(c.rand() * (6 - i)) + (day % 7 === 0 ? 2 : 0);
      for (let k = 0; k < n; k++)
        rows.push(
          c.row({
            app_user_id: c.residents[(i + k) % c.residents.length]!.id,
            target_type: type,
            target_id: String(1000 + i),
            target_title: title,
            community_id: c.communities[k % c.communities.length]!.id,
            browse_time: c.at(-day, 8 + ((k * 3) % 12)),
            duration_seconds: 20 + k * 7,
            client_type: 1 + (k % 3),
          }),
        );
    }
  for (let i = 0; i < rows.length; i += 200)
    await c.trx
      .insertInto('app_browse_log')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Community A's demo feedback and reviews: complaints, advice and snap reports at every state (~15 %
 * waiting, 15 % handling, 60 % closed, 5 % refused, 5 % withdrawn) with their conversations; the open
 * ones wait in their process for the reply screens. Profile changes waiting for review. */
import { communityResources } from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { startBusinessProcess } from '../../engine/approval/start-process.js';
import { formatDateTime } from '../../util/datetime.js';
import { demoAudit, type Gen, type Resident } from './demo-residents.js';
import { insertChunked } from './rows.js';
import { appendScore } from './score/ledger.js';

const at = (daysAgo: number, hours = 0) =>
  formatDateTime(new Date(Date.now() - daysAgo * 86400_000 + hours * 3600_000));
const defOf = (name: string) => communityResources.find((d) => d.name === name)!;

const COMPLAINTS: [number, string][] = [
  [2, '楼道垃圾堆放多日无人清理'],
  [4, '夜间广场舞音响声音过大'],
  [6, '小区路灯损坏'],
  [1, '物业维修响应慢'],
  [3, '邻居占用公共楼道堆放杂物'],
  [5, '小区内违章搭建彩钢房'],
  [7, '夜间有人聚集喧哗'],
  [9, '停车位被长期占用'],
];
const ADVICE: [number, string][] = [
  [1, '建议增设老年人休息座椅'],
  [3, '建议在小区内安装充电桩'],
  [4, '希望多组织藏汉双语文化活动'],
  [5, '建议App增加藏文语音播报'],
  [2, '建议增加垃圾清运频次'],
];
const REPORTS: [number, string, string][] = [
  [1, '垃圾桶满溢', '东门垃圾桶满溢未清运'],
  [2, '占道经营', '商铺在人行道摆摊'],
  [4, '井盖松动', '3号楼前井盖松动有安全隐患'],
  [5, '电线私拉乱接', '楼道内电动车充电线私拉'],
  [6, '违规停车', '消防通道停放车辆'],
  [7, '乱扔垃圾', '绿化带内有人丢弃杂物'],
];

/** The points of a verified demo snap report (the snap.rewardScore parameter's default). */
const SNAP_REWARD = 5;

/** handle_status by position: waiting, handling, closed ×4, refused, withdrawn … */
const STATES = [0, 1, 2, 2, 2, 2, 1, 2, 3, 2, 0, 2, 2, 4, 2, 2, 2, 0, 1, 2];

interface Ticket {
  name: string;
  table: string;
  replyTable: string;
  foreignKey: string;
  row: (r: Resident, i: number, state: number, created: string) => Record<string, unknown>;
  count: number;
  /** what follows the ticket's row (a verified snap report's points) */
  after?: (trx: Trx, r: Resident, ticket: Record<string, unknown>, created: string) => Promise<void>;
}

async function seedTickets(
  trx: Trx,
  t: Ticket,
  residents: Resident[],
  g: Gen,
  staff: string | null,
  now: string,
) {
  const replies: Record<string, unknown>[] = [];
  for (let i = 0; i < t.count; i++) {
    const r = residents[(i * 7) % residents.length]!;
    const state = STATES[i % STATES.length]!;
    const created = at(g.int(3, 60), g.int(-4, 4));
    const id = nextId();
    const closed = state >= 2;
    const values = t.row(r, i, state, created);
    await trx
      .insertInto(t.table)
      .values({
        id,
        tenant_id: r.tenantId,
        app_user_id: r.userId,
        community_id: r.communityId,
        ...values,
        audit_status: closed ? (state === 2 ? 1 : state === 3 ? 2 : 3) : null,
        ...demoAudit(now),
        create_time: created,
        create_user: r.userId,
      })
      .execute();
    const reply = (type: number, content: string, hours: number, code: number | null = null) =>
      replies.push({
        id: nextId(),
        tenant_id: r.tenantId,
        [t.foreignKey]: id,
        reply_type: type,
        reply_user_id: type === 2 ? r.userId : staff,
        reply_user_name: type === 2 ? r.name : '社区工作人员',
        content,
        action_code: code,
        ...demoAudit(now),
        create_time: formatDateTime(
          new Date(new Date(created.replace(' ', 'T')).getTime() + hours * 3600_000),
        ),
      });
    if (state >= 1 && state !== 4) reply(1, '您好,已收到,我们会尽快安排处理。', 2, 1);
    if (state >= 1 && state !== 4 && g.next() < 0.4) reply(2, '请问大概什么时候能处理好?', 20);
    if (state === 2) reply(3, '已办结: 问题已处理完毕,感谢您的反馈。', 48, 3);
    if (state === 3) reply(3, '不予受理: 该事项不属于社区职责范围,已告知相关部门。', 24, 4);
    if (state === 4) reply(3, '居民已撤销', 3, 5);
    await t.after?.(trx, r, { id, ...values }, created);
    if (!closed)
      await startBusinessProcess(
        trx,
        { userId: r.userId, tenantId: r.tenantId, roleAliases: [] },
        { def: defOf(t.name), businessId: id },
      );
  }
  await insertChunked(trx, t.replyTable, replies);
}

const handled = (state: number, created: string) => ({
  handle_status: state,
  accept_time: state >= 1 && state <= 3 ? created : null,
  finish_time: state === 2 || state === 3 ? created : null,
});

export async function seedFeedback(
  trx: Trx,
  residents: Resident[],
  g: Gen,
  staff: string | null,
  now: string,
) {
  if (!residents.length) return;
  const day = now.slice(0, 10).replace(/-/g, '');
  await seedTickets(
    trx,
    {
      name: 'sysComplain',
      table: 'app_sys_complain',
      replyTable: 'app_sys_complain_reply',
      foreignKey: 'complain_id',
      count: 20,
      row: (r, i, state, created) => {
        const [type, title] = COMPLAINTS[i % COMPLAINTS.length]!;
        return {
          complain_no: `TS${day}${String(i + 1).padStart(4, '0')}`,
          complainant_name: r.name,
          complainant_phone: r.phone,
          complain_type: type,
          title,
          content: `${title},希望社区尽快协调解决。`,
          is_anonymous: 0,
          ...handled(state, created),
          result: state === 2 ? '问题已处理完毕' : state === 3 ? '不属于社区职责范围' : null,
          satisfaction: state === 2 ? g.pick([1, 1, 2, 3]) : null,
        };
      },
    },
    residents,
    g,
    staff,
    now,
  );
  await seedTickets(
    trx,
    {
      name: 'sysAdvice',
      table: 'app_sys_advice',
      replyTable: 'app_sys_advice_reply',
      foreignKey: 'advice_id',
      count: 12,
      row: (_r, i, state, created) => {
        const [type, title] = ADVICE[i % ADVICE.length]!;
        return {
          advice_type: type,
          title,
          content: `${title},方便居民生活。`,
          reply_status: state >= 1 ? 1 : 0,
          adopt_status: state === 2 ? 1 : state === 3 ? 2 : 0,
          last_reply_time: state >= 1 ? created : null,
        };
      },
    },
    residents,
    g,
    staff,
    now,
  );
  await seedTickets(
    trx,
    {
      name: 'sysReport',
      table: 'app_sys_report',
      replyTable: 'app_sys_report_reply',
      foreignKey: 'report_id',
      count: 18,
      row: (_r, i, state, created) => {
        const [type, title, content] = REPORTS[i % REPORTS.length]!;
        return {
          report_no: `SP${day}${String(i + 1).padStart(4, '0')}`,
          report_type: type,
          title,
          content,
          images: JSON.stringify([{ originalName: 'snap.jpg', link: '/img/demo/snap.jpg' }]),
          address: `${g.int(1, 12)}号楼附近`,
          is_public: 1,
          handle_status: state,
          handle_time: state === 2 || state === 3 ? created : null,
          handle_result: state === 2 ? '已处理' : null,
          verify_status: state === 2 ? 1 : state === 3 ? 2 : 0,
          reward_score: state === 2 ? SNAP_REWARD : null,
        };
      },
      // a verified report's points, in the ledger like the verifying step writes them
      after: async (trx, r, ticket, created) => {
        if (Number(ticket.verify_status) !== 1) return;
        await appendScore(trx, {
          tenantId: r.tenantId,
          appUserId: r.userId,
          communityId: r.communityId,
          delta: SNAP_REWARD,
          sourceType: 'snap',
          sourceId: String(ticket.id),
          sourceTitle: String(ticket.title),
          remark: '随手拍核实属实',
          flowTime: created,
        });
      },
    },
    residents,
    g,
    staff,
    now,
  );
}

/** Profile changes: a few waiting for review (in their process), a few passed. */
export async function seedProfileChanges(trx: Trx, residents: Resident[], now: string) {
  for (const [i, r] of residents.slice(0, 6).entries()) {
    const id = nextId();
    const phone = `138${String(20000000 + i)}`;
    const waiting = i < 3;
    await trx
      .insertInto('blade_update_user_log')
      .values({
        id,
        tenant_id: r.tenantId,
        app_user_id: r.userId,
        change_type: 1,
        changed_fields: 'phone',
        change_summary: `手机号: ${r.phone} → ${phone}`,
        before_json: JSON.stringify({ phone: r.phone }),
        after_json: JSON.stringify({ phone }),
        need_audit: 1,
        client_type: 1,
        audit_status: waiting ? null : 1,
        ...demoAudit(now),
        create_user: r.userId,
      })
      .execute();
    if (waiting)
      await startBusinessProcess(
        trx,
        { userId: r.userId, tenantId: r.tenantId, roleAliases: [] },
        { def: defOf('userUpdateLog'), businessId: id },
      );
    else await trx.updateTable('blade_user').set({ phone }).where('id', '=', r.userId).execute();
  }
  await seedNicknameChanges(trx, residents.slice(6, 8), now);
}

/** Nickname changes: applied at once, logged without review (needAudit 0, 已通过). */
async function seedNicknameChanges(trx: Trx, residents: Resident[], now: string) {
  for (const r of residents) {
    const nickname = `${r.name.slice(0, 1)}小${r.name.slice(-1)}`;
    const old = await trx
      .selectFrom('blade_user')
      .select('name')
      .where('id', '=', r.userId)
      .executeTakeFirst();
    await trx
      .insertInto('blade_update_user_log')
      .values({
        id: nextId(),
        tenant_id: r.tenantId,
        app_user_id: r.userId,
        change_type: 1,
        changed_fields: 'name',
        change_summary: `昵称: ${String(old?.name ?? '')} → ${nickname}`,
        before_json: JSON.stringify({ name: old?.name ?? null }),
        after_json: JSON.stringify({ name: nickname }),
        need_audit: 0,
        client_type: 1,
        audit_status: 1,
        audit_time: now,
        ...demoAudit(now),
        create_user: r.userId,
      })
      .execute();
    await trx.updateTable('blade_user').set({ name: nickname }).where('id', '=', r.userId).execute();
  }
}

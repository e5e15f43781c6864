/** The feedback tickets (投诉, 意见建议, 随手拍 — domain model §4): a resident submits one (`save`, the
 * app's call, which starts its process); the reply screen replies (a conversation row, the ticket
 * accepted), closes (`finish`: the process task passed, the result written) or refuses it (`refuse`:
 * the task rejected). A closed ticket takes no reply. Every step writes a conversation row and a message
 * to the resident, in the transaction of the step. */
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { ApprovalHandler } from '../../engine/approval/move-record.js';
import { validateBody } from '../../engine/crud/validate.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { badRequest, done, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { MESSAGE_TYPE, sendMessages } from './messages.js';
import { auditColumns, callIds, idsOf, onRows } from './rows.js';
import { assignVerb } from './ticket-assign.js';
import { overdueDays, overdueHooks, overdueSql, type TicketDeadline } from './ticket-overdue.js';
import { decideRows } from './task-deal.js';

/** reply_type */
export const REPLY = { community: 1, resident: 2, system: 3 } as const;
/** handle_status */
const HANDLE = { waiting: 0, handling: 1, closed: 2, refused: 3, cancelled: 4 } as const;

export interface TicketKind {
  /** what the resident sees it called: 投诉, 建议, 随手拍 */
  noun: string;
  table: string;
  replyTable: string;
  /** the reply rows' foreign key column */
  foreignKey: string;
  replyCode: string;
  /** the numbering prefix of a ticket number column, when it has one */
  number?: { column: string; prefix: string };
  /** whether a reply or a decision is still possible */
  open(row: Row): boolean;
  /** what a first community reply changes */
  onReply(row: Row, now: string): Record<string, unknown>;
  /** what closing (pass) and refusing (reject) change */
  onClose(comment: string, now: string, userId: string): Record<string, unknown>;
  onRefuse(comment: string, now: string, userId: string): Record<string, unknown>;
  /** where its closing shows, for 超期 (ticket-overdue.ts) */
  deadline: TicketDeadline;
  /** whether it is handed to a handler (转办): the kinds with a 承办人 column */
  assignable: boolean;
}

export async function userName(trx: Trx, userId: string): Promise<string> {
  const u = await trx
    .selectFrom('blade_user')
    .select(['real_name', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return String(u?.real_name ?? u?.name ?? '');
}

export async function writeReply(
  trx: Trx,
  user: AuthUser,
  kind: TicketKind,
  ticketId: string,
  type: number,
  content: string,
  actionCode: number | null,
) {
  const now = formatDateTime();
  await trx
    .insertInto(kind.replyTable)
    .values({
      id: nextId(),
      tenant_id: user.tenantId,
      [kind.foreignKey]: ticketId,
      reply_type: type,
      reply_user_id: user.userId,
      reply_user_name: await userName(trx, user.userId),
      content: content.slice(0, 2000),
      action_code: actionCode,
      version: 1,
      ...auditColumns(user, now),
    })
    .execute();
}

const tell = (trx: Trx, user: AuthUser, kind: TicketKind, row: Row, content: string) =>
  row.app_user_id
    ? sendMessages(trx, user, [String(row.app_user_id)], {
        title: `您的${kind.noun}有新的进展`,
        content,
        messageType: MESSAGE_TYPE.reply,
        bizType: kind.table,
        bizId: String(row.id),
      })
    : Promise.resolve();

/** reply: a conversation row from the community; the first one accepts the ticket. */
function replyVerb(kind: TicketKind): VerbHandler {
  return {
    access: { perm: kind.replyCode },
    async handle(request, engine) {
      const user = requireUser(request);
      const content = (requestParams(request).content ?? '').trim();
      if (!content) throw badRequest('请输入回复内容');
      if ([...content].length > 2000) throw badRequest('回复内容长度不能超过2000个字符');
      await onRows(engine, user, callIds(request), async (trx, rows) => {
        const now = formatDateTime();
        for (const row of rows) {
          if (!kind.open(row)) throw badRequest(`该${kind.noun}已办结,不能再回复`);
          await writeReply(trx, user, kind, String(row.id), REPLY.community, content, null);
          const changes = kind.onReply(row, now);
          await trx
            .updateTable(kind.table)
            .set({
              ...changes,
              update_user: user.userId,
              update_time: now,
              version: Number(row.version ?? 0) + 1,
            })
            .where('id', '=', String(row.id))
            .execute();
          await tell(trx, user, kind, row, content);
        }
      });
      return done('回复成功');
    },
  };
}

/** finish / refuse: the ticket's process task passed or rejected with the comment (the approval
 * handler below writes the outcome). */
function decideVerb(kind: TicketKind, pass: boolean): VerbHandler {
  return {
    access: { perm: kind.replyCode },
    async handle(request, engine) {
      const user = requireUser(request);
      const comment = (requestParams(request).comment ?? '').trim();
      if (!comment) throw badRequest(pass ? '请输入办结结果' : '请输入不予受理理由');
      await decideRows(engine, user, callIds(request), {
        pass,
        comment,
        open: kind.open,
        closed: `该${kind.noun}已办结`,
        noTask: `该${kind.noun}没有待处理的流程任务`,
      });
      return done(pass ? '办结成功' : '操作成功');
    },
  };
}

/** save: the resident's ticket (the app's call; any signed-in user, for themselves). */
function saveVerb(kind: TicketKind): VerbHandler {
  return {
    access: { token: true },
    async handle(request, engine) {
      const user = requireUser(request);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
        string,
        unknown
      >;
      if (body.id) throw badRequest('新增时不能指定主键');
      const values = validateBody(engine.def, body, true);
      const id = await engine.run(user, async (trx) => {
        Object.assign(values, await submitter(trx, user, kind));
        return engine.insert(trx, user, values, {});
      });
      return ok({ id }, '新增成功');
    },
  };
}

async function submitter(trx: Trx, user: AuthUser, kind: TicketKind): Promise<Record<string, unknown>> {
  const me = await trx
    .selectFrom('blade_user')
    .select(['real_name', 'phone', 'dept_id'])
    .where('id', '=', user.userId)
    .executeTakeFirst();
  const out: Record<string, unknown> = {
    app_user_id: user.userId,
    community_id: idsOf(me?.dept_id)[0] ?? null,
  };
  if (kind.table === 'app_sys_complain')
    Object.assign(out, { complainant_name: me?.real_name ?? null, complainant_phone: me?.phone ?? null });
  if (kind.number) out[kind.number.column] = await nextNumber(trx, kind);
  return out;
}

/** TS + yyyyMMdd + a 4-digit sequence of the day. */
async function nextNumber(trx: Trx, kind: TicketKind): Promise<string> {
  const day = formatDateTime().slice(0, 10).replace(/-/g, '');
  const prefix = `${kind.number!.prefix}${day}`;
  const { n } = await trx
    .selectFrom(kind.table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(kind.number!.column, 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return `${prefix}${String(Number(n) + 1).padStart(4, '0')}`;
}

/** The business effects of the ticket's process: closing or refusing it, a system row of the
 * conversation and a message. */
function ticketApproval(kind: TicketKind): ApprovalHandler {
  return {
    async onStep(step) {
      if (step.outcome !== 'approve' && step.outcome !== 'reject') return;
      const now = formatDateTime();
      const comment = step.result.comment;
      const changes =
        step.outcome === 'approve'
          ? kind.onClose(comment, now, step.actor.userId)
          : kind.onRefuse(comment, now, step.actor.userId);
      await step.trx.updateTable(kind.table).set(changes).where('id', '=', step.businessId).execute();
      // 超期 is final once closed: kept in the column (reads and searches derive it for open tickets)
      const days = await overdueDays(step.trx);
      await step.trx
        .updateTable(kind.table)
        .set({ overdue: overdueSql(kind.deadline, now, days) })
        .where('id', '=', step.businessId)
        .execute();
      const row = (await step.trx
        .selectFrom(kind.table)
        .selectAll()
        .where('id', '=', step.businessId)
        .executeTakeFirst()) as Row;
      const user = {
        userId: step.actor.userId,
        tenantId: step.actor.tenantId,
        deptIds: [],
      } as unknown as AuthUser;
      const text = `${step.outcome === 'approve' ? '已办结' : '不予受理'}: ${comment}`;
      await writeReply(
        step.trx,
        user,
        kind,
        step.businessId,
        REPLY.system,
        text,
        step.outcome === 'approve' ? 3 : 4,
      );
      await tell(step.trx, user, kind, row, text);
    },
  };
}

/** The behaviour of a ticket definition (`extra`: verbs of that kind of ticket alone). */
export function ticketBehaviour(
  kind: TicketKind,
  extra: Record<string, VerbHandler> = {},
): ResourceBehaviour {
  const verbs: Record<string, VerbHandler> = {
    ...extra,
    save: saveVerb(kind),
    reply: replyVerb(kind),
    finish: decideVerb(kind, true),
    refuse: decideVerb(kind, false),
  };
  if (kind.assignable) {
    verbs.updateById = assignVerb(kind, 'id');
    verbs.assign = assignVerb(kind, 'ids');
  }
  if (kind.table === 'app_sys_report') verbs.submit = saveVerb(kind);
  return { verbs, approval: ticketApproval(kind), hooks: overdueHooks(kind.deadline) };
}

const handling = (row: Row) => [HANDLE.waiting, HANDLE.handling].includes(Number(row.handle_status) as 0 | 1);
const accept = (row: Row, now: string) =>
  Number(row.handle_status) === HANDLE.waiting ? { handle_status: HANDLE.handling, accept_time: now } : {};

export const COMPLAIN: TicketKind = {
  noun: '投诉',
  table: 'app_sys_complain',
  replyTable: 'app_sys_complain_reply',
  foreignKey: 'complain_id',
  replyCode: 'sys_complain_reply_reply',
  number: { column: 'complain_no', prefix: 'TS' },
  deadline: {
    status: 'handle_status',
    closed: [HANDLE.closed, HANDLE.refused],
    closedAt: 'finish_time',
    withdrawn: HANDLE.cancelled,
  },
  assignable: true,
  open: handling,
  onReply: accept,
  onClose: (comment, now, userId) => ({
    handle_status: HANDLE.closed,
    finish_time: now,
    result: comment.slice(0, 1000),
    handle_user_id: userId,
  }),
  onRefuse: (comment, now, userId) => ({
    handle_status: HANDLE.refused,
    finish_time: now,
    result: comment.slice(0, 1000),
    handle_user_id: userId,
  }),
};

export const ADVICE: TicketKind = {
  noun: '建议',
  table: 'app_sys_advice',
  replyTable: 'app_sys_advice_reply',
  foreignKey: 'advice_id',
  replyCode: 'sys_advice_reply_reply',
  deadline: { status: 'adopt_status', closed: [1, 2], closedAt: 'last_reply_time' },
  assignable: false,
  open: (row) => Number(row.adopt_status) === 0,
  onReply: (_row, now) => ({ reply_status: 1, last_reply_time: now }),
  onClose: (_c, now) => ({ adopt_status: 1, reply_status: 1, last_reply_time: now }),
  onRefuse: (_c, now) => ({ adopt_status: 2, reply_status: 1, last_reply_time: now }),
};

export const REPORT: TicketKind = {
  noun: '随手拍',
  table: 'app_sys_report',
  replyTable: 'app_sys_report_reply',
  foreignKey: 'report_id',
  replyCode: 'sys_report_reply_reply',
  number: { column: 'report_no', prefix: 'SP' },
  deadline: {
    status: 'handle_status',
    closed: [HANDLE.closed, HANDLE.refused],
    closedAt: 'handle_time',
    withdrawn: HANDLE.cancelled,
  },
  assignable: true,
  open: handling,
  onReply: accept,
  onClose: (comment, now, userId) => ({
    handle_status: HANDLE.closed,
    handle_time: now,
    handle_result: comment.slice(0, 1000),
    handle_user_id: userId,
    verify_status: 1,
  }),
  onRefuse: (comment, now, userId) => ({
    handle_status: HANDLE.refused,
    handle_time: now,
    handle_result: comment.slice(0, 1000),
    handle_user_id: userId,
    verify_status: 2,
  }),
};

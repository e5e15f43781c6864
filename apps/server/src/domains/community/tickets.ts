/** The feedback tickets (投诉, 意见建议, 随手拍 — docs/domain-model.md#feedback-tickets): a resident submits one
 * (`save`, the app's call, which starts its process), changes it (`updateById`, ticket-update.ts) or
 * withdraws it (撤销: the process's withdrawProcessFlow, ticket-approval.ts) while nobody has acted on it; the
 * reply screen replies (a conversation row, the ticket accepted), hands it on (转办), closes (`finish`: the
 * process task passed, the result written) or refuses it (`refuse`: the task rejected). A closed ticket
 * takes no reply. Every step writes a conversation row and a message to the resident, in the transaction
 * of the step. */
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Trx } from '../../db/database.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { validateBody, validateInputs } from '../../engine/crud/validate.js';
import { badRequest, done, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { callIds, idsOf, onRows } from './rows.js';
import { decideRows } from './task-deal.js';
import { ticketApproval } from './ticket-approval.js';
import { assignVerb } from './ticket-assign.js';
import { tell, writeReply } from './ticket-conversation.js';
import { closedMessage, REPLY, type TicketKind } from './ticket-kinds.js';
import { overdueHooks } from './ticket-overdue.js';
import { updateVerb } from './ticket-update.js';

export { ADVICE, COMPLAIN, REPORT, REPLY, type TicketKind } from './ticket-kinds.js';

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
          if (!kind.open(row)) throw badRequest(`${closedMessage(kind, row)},不能再回复`);
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
 * handler writes the outcome); the action's further inputs (a snap report's reward) go along as process
 * variables. */
function decideVerb(kind: TicketKind, pass: boolean): VerbHandler {
  const name = pass ? 'finish' : 'refuse';
  return {
    access: { perm: kind.replyCode },
    async handle(request, engine) {
      const user = requireUser(request);
      const params = requestParams(request);
      const comment = (params.comment ?? '').trim();
      if (!comment) throw badRequest(pass ? '请输入办结结果' : '请输入不予受理理由');
      const action = engine.def.actions?.find((a) => a.name === name);
      const inputs = action?.inputs ? validateInputs(action, params) : {};
      const variables = Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== null));
      await decideRows(engine, user, callIds(request), {
        pass,
        comment,
        variables,
        open: kind.open,
        closed: (row) => closedMessage(kind, row),
        noTask: `该${kind.noun}没有待处理的流程任务`,
      });
      return done(pass ? '办结成功' : '操作成功');
    },
  };
}

/** save (and, where the wire names it, submit): the resident's ticket (the app's call; any signed-in
 * user, for themselves). */
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
  if (kind.submitter)
    Object.assign(out, {
      [kind.submitter.name]: me?.real_name ?? null,
      [kind.submitter.phone]: me?.phone ?? null,
    });
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

/** The behaviour of a ticket definition (`extra`: verbs of that kind of ticket alone). */
export function ticketBehaviour(
  kind: TicketKind,
  extra: Record<string, VerbHandler> = {},
): ResourceBehaviour {
  const verbs: Record<string, VerbHandler> = {
    ...extra,
    reply: replyVerb(kind),
    finish: decideVerb(kind, true),
    refuse: decideVerb(kind, false),
    updateById: updateVerb(kind),
  };
  for (const verb of kind.writeVerbs) verbs[verb] = saveVerb(kind);
  if (kind.assignable) verbs.assign = assignVerb(kind);
  return { verbs, approval: ticketApproval(kind), hooks: overdueHooks(kind.deadline) };
}

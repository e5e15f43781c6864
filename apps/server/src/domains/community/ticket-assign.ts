/** 转办: an open ticket handed to a handler (承办人) of the tenant — `assign` (ids and handleUserId, the
 * reply screen's action) and, with the other changes of the ticket, the wire's `updateById`
 * (ticket-update.ts). The ticket takes the handler, the conversation a system row (动作 2 转办), and the
 * handler a message in their message centre, all in one transaction; a closed ticket, an unknown handler,
 * another tenant's user or one outside the caller's data scope on users writes nothing. */
import { isId } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done } from '../../http/envelope.js';
import { requestParams, selectedIds } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { MESSAGE_TYPE, sendMessages } from './messages.js';
import { onRows } from './rows.js';
import { writeReply } from './ticket-conversation.js';
import { ACTION, closedMessage, REPLY, type TicketKind } from './ticket-kinds.js';

/** The handler of a call: a user id, else a 400. */
export function handlerParam(raw: unknown): string {
  const handler = String(raw ?? '').trim();
  if (!isId(handler)) throw badRequest('请选择承办人');
  return handler;
}

/** Hands the (locked, visible) tickets to the handler, a user the caller may see (the user definition's
 * scope, `engine.ctx.resources`: the users the handler picker offers them). */
export async function assignTickets(
  engine: ResourceEngine,
  trx: Trx,
  user: AuthUser,
  kind: TicketKind,
  rows: Row[],
  handler: string,
): Promise<void> {
  const target = await (
    await engine.ctx.resources.named('user').visibleQuery(trx, user)
  )
    .select(['real_name', 'name'])
    .where('id', '=', handler)
    .where('tenant_id', '=', user.tenantId)
    .executeTakeFirst();
  if (!target) throw badRequest('承办人不存在或不属于本租户');
  const name = String(target.real_name ?? target.name ?? '');
  const now = formatDateTime();
  for (const row of rows) {
    if (!kind.open(row)) throw badRequest(closedMessage(kind, row));
    await trx
      .updateTable(kind.table)
      .set({
        handle_user_id: handler,
        update_user: user.userId,
        update_time: now,
        version: Number(row.version ?? 0) + 1,
      })
      .where('id', '=', String(row.id))
      .execute();
    await writeReply(trx, user, kind, String(row.id), REPLY.system, `转办给${name}`, ACTION.assign);
    const title = String(row.title ?? '').slice(0, 50);
    await sendMessages(trx, user, [handler], {
      title: `您有新的${kind.noun}待办理`,
      content: title ? `${kind.noun}「${title}」已转交您办理` : `一条${kind.noun}已转交您办理`,
      messageType: MESSAGE_TYPE.reply,
      bizType: kind.table,
      bizId: String(row.id),
    });
  }
}

/** `assign` (ids and handleUserId): the reply screen's 转办. */
export function assignVerb(kind: TicketKind): VerbHandler {
  return {
    access: { perm: kind.replyCode },
    async handle(request, engine) {
      const user = requireUser(request);
      const p = requestParams(request);
      const handler = handlerParam(p.handleUserId);
      const ids = selectedIds(p.ids, `请选择要转办的${kind.noun}`);
      await onRows(engine, user, ids, (trx, rows) => assignTickets(engine, trx, user, kind, rows, handler));
      return done('转办成功');
    },
  };
}

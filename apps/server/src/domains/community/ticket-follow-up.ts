/** A resident's follow-up (居民追问) on their own ticket: the app's `save` / `submit` on the reply
 * resource (app-sys-report-reply and its siblings) adds a conversation row of type 2 while the ticket is
 * open; a closed ticket, or somebody else's, takes none. A reply is removed (the standard remove) by its
 * writer or an administrator while the ticket is open; the system rows of its steps stay. */
import { isTenantAdmin, requireUser } from '../../auth/guard.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { nextId } from '../../db/ids.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { badRequest, forbidden, ok } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { auditColumns } from './rows.js';
import { closedMessage, REPLY, type TicketKind } from './ticket-kinds.js';

const camel = (column: string) => column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function followUp(kind: TicketKind): VerbHandler {
  return {
    access: { token: true },
    async handle(request, engine) {
      const user = requireUser(request);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
        string,
        unknown
      >;
      // a follow-up is only ever added: a body naming a reply (anyone's, of any tenant) edits nothing
      if (body.id !== undefined && body.id !== null && body.id !== '') throw forbidden();
      const ticketId = String(body[camel(kind.foreignKey)] ?? '');
      if (!/^\d{1,19}$/.test(ticketId)) throw badRequest(`请选择${kind.noun}`);
      const content = typeof body.content === 'string' ? body.content.trim() : '';
      if (!content) throw badRequest('请输入回复内容');
      if ([...content].length > 2000) throw badRequest('回复内容长度不能超过2000个字符');
      const images = typeof body.images === 'string' ? body.images.slice(0, 2000) : null;
      const id = await engine.ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
        const ticket = await trx
          .selectFrom(kind.table)
          .selectAll()
          .where('id', '=', ticketId)
          .where('tenant_id', '=', user.tenantId)
          .where('is_deleted', '=', 0)
          .forUpdate()
          .executeTakeFirst();
        if (!ticket || String(ticket.app_user_id) !== user.userId) throw badRequest(`${kind.noun}不存在`);
        if (!kind.open(ticket)) throw badRequest(`该${kind.noun}已办结,不能再回复`);
        const me = await trx
          .selectFrom('blade_user')
          .select('real_name')
          .where('id', '=', user.userId)
          .executeTakeFirst();
        const rowId = nextId();
        await trx
          .insertInto(kind.replyTable)
          .values({
            id: rowId,
            tenant_id: user.tenantId,
            [kind.foreignKey]: ticketId,
            reply_type: REPLY.resident,
            reply_user_id: user.userId,
            reply_user_name: me?.real_name ?? null,
            content,
            images,
            version: 1,
            ...auditColumns(user, formatDateTime()),
          })
          .execute();
        return rowId;
      });
      return ok({ id }, '提交成功');
    },
  };
}

/** Removing replies (the standard remove): a reply of the conversation, not a system row (the ticket's
 * steps), by its writer or an administrator, while the ticket is open. */
function replyRemoval(kind: TicketKind): ResourceHooks {
  return {
    async beforeRemove({ trx, user }, ids) {
      const replies = await trx
        .selectFrom(kind.replyTable)
        .select(['reply_type', 'reply_user_id', kind.foreignKey])
        .where('id', 'in', ids)
        .execute();
      for (const reply of replies) {
        if (Number(reply.reply_type) === REPLY.system) throw badRequest('处理记录不能删除');
        if (String(reply.reply_user_id ?? '') !== user.userId && !isTenantAdmin(user))
          throw forbidden('只能删除本人的回复');
      }
      const ticketIds = [...new Set(replies.map((r) => String(r[kind.foreignKey])))];
      const tickets = await trx
        .selectFrom(kind.table)
        .selectAll()
        .where('id', 'in', ticketIds)
        .forUpdate()
        .execute();
      for (const ticket of tickets)
        if (!kind.open(ticket)) throw badRequest(`${closedMessage(kind, ticket)},不能删除回复`);
    },
  };
}

/** The behaviour of a ticket's reply definition. */
export const followUpBehaviour = (kind: TicketKind): ResourceBehaviour => ({
  verbs: { save: followUp(kind), submit: followUp(kind) },
  hooks: replyRemoval(kind),
});

/** A ticket's conversation (the reply rows: 社区回复, 居民追问, 系统 state changes) and the resident's
 * message about each step, written in the step's transaction. */
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { formatDateTime } from '../../util/datetime.js';
import { MESSAGE_TYPE, sendMessages } from './messages.js';
import { auditColumns } from './rows.js';
import type { TicketKind } from './ticket-kinds.js';

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

/** The resident's message about a step of their ticket. */
export const tell = (trx: Trx, user: AuthUser, kind: TicketKind, row: Row, content: string) =>
  row.app_user_id
    ? sendMessages(trx, user, [String(row.app_user_id)], {
        title: `您的${kind.noun}有新的进展`,
        content,
        messageType: MESSAGE_TYPE.reply,
        bizType: kind.table,
        bizId: String(row.id),
      })
    : Promise.resolve();

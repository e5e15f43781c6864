/** 消息中心 (app_message_center): writing messages to recipients' inboxes, for every community verb that
 * tells a resident something, and the fan-out of a message sent to roles. */
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { auditColumns, idsOf, insertChunked, type Writer } from './rows.js';

/** message_type */
export const MESSAGE_TYPE = { system: 1, audit: 2, activity: 3, reply: 4, points: 5, alarm: 6 } as const;

export interface Message {
  title: string;
  content: string;
  messageType: number;
  bizType?: string;
  bizId?: string;
}

/** One message to each recipient (user ids of the caller's tenant), in the caller's transaction; the
 * server's own messages (a sweep's) have no sender. */
export async function sendMessages(trx: Trx, user: Writer, receiverIds: string[], m: Message): Promise<void> {
  if (!receiverIds.length) return;
  const now = formatDateTime();
  const types = await receiverTypes(trx, user.tenantId, receiverIds);
  await insertChunked(
    trx,
    'app_message_center',
    receiverIds.map((receiverId) => ({
      id: nextId(),
      tenant_id: user.tenantId,
      receiver_id: receiverId,
      receiver_type: types.get(receiverId) ?? 1,
      message_type: m.messageType,
      title: m.title.slice(0, 100),
      content: m.content.slice(0, 1000),
      biz_type: m.bizType ?? null,
      biz_id: m.bizId ?? null,
      read_status: 0,
      send_time: now,
      version: 1,
      ...auditColumns(user, now),
    })),
  );
}

/** 1 resident (an app account, userType 2), 2 back-office user. */
async function receiverTypes(trx: Trx, tenantId: string, ids: string[]): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('blade_user')
    .select(['id', 'user_type'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [String(r.id), Number(r.user_type) === 2 ? 1 : 2]));
}

/** The live accounts of the tenant holding any of `roleIds`. */
export async function usersWithRoles(trx: Trx, tenantId: string, roleIds: string[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const users = await trx
    .selectFrom('blade_user')
    .select(['id', 'role_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('role_id', 'is not', null)
    .execute();
  const wanted = new Set(roleIds);
  return users.filter((u) => idsOf(u.role_id).some((r) => wanted.has(r))).map((u) => String(u.id));
}

/** The live rows of `table` among `ids` in the tenant; any other id is a 400 `…不存在或不属于本租户`
 * (nothing is written). */
async function tenantRows(
  trx: Trx,
  table: 'blade_user' | 'blade_dept' | 'blade_role',
  tenantId: string,
  ids: string[],
  what: string,
): Promise<string[]> {
  if (!ids.length) return [];
  const found = await trx
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== new Set(ids).size) throw badRequest(`${what}不存在或不属于本租户`);
  return found.map((r) => String(r.id));
}

/** The accounts of `ids` that belong to the tenant. */
export const tenantUsers = (trx: Trx, tenantId: string, ids: string[], what = '接收人') =>
  tenantRows(trx, 'blade_user', tenantId, ids, what);

/** The departments (communities) of `ids` that belong to the tenant. */
export const tenantCommunities = (trx: Trx, tenantId: string, ids: string[], what = '指定社区') =>
  tenantRows(trx, 'blade_dept', tenantId, ids, what);

/** The roles of `ids` that belong to the tenant. */
export const tenantRoles = (trx: Trx, tenantId: string, ids: string[]) =>
  tenantRows(trx, 'blade_role', tenantId, ids, '接收角色');

/** A message sent from the screen: to the chosen account and to every account holding the chosen
 * roles, one row each (the written row is the first recipient's). */
export const messageCenterHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    if (existing) return;
    const roleIds = await tenantRoles(trx, user.tenantId, idsOf(values.send_role_ids));
    const direct = values.receiver_id ? [String(values.receiver_id)] : [];
    await tenantUsers(trx, user.tenantId, direct);
    const extra = (await usersWithRoles(trx, user.tenantId, roleIds)).filter((id) => !direct.includes(id));
    const first = direct[0] ?? extra.shift();
    if (!first) throw badRequest('请选择接收人或接收角色');
    values.receiver_id = first;
    values.receiver_type = (await receiverTypes(trx, user.tenantId, [first])).get(first) ?? 1;
    values.send_time = formatDateTime();
    values.read_status = 0;
    fanOut.set(values, extra);
  },
  async afterWrite({ trx, user }, id, values, isNew) {
    const extra = fanOut.get(values);
    if (!isNew || !extra?.length) return;
    await sendMessages(trx, user, extra, {
      title: String(values.title),
      content: String(values.content),
      messageType: Number(values.message_type),
    });
    void id;
  },
};
/** The further recipients of a message being written, from beforeWrite to afterWrite. */
const fanOut = new WeakMap<Record<string, unknown>, string[]>();

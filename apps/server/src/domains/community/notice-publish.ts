/** 通知公告 publish (docs/domain-model.md#通知公告-sysnotice): the audience of the notice (everyone, communities,
 * resident tags, chosen users or roles, all of the caller's tenant) becomes one 通知对象 row each (the read
 * receipts) and, when the notice pushes, one message each; the notice counts them. All in one
 * transaction; a notice aimed outside the tenant is refused with nothing written. */
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import {
  MESSAGE_TYPE,
  sendMessages,
  tenantCommunities,
  tenantRoles,
  tenantUsers,
  usersWithRoles,
} from './messages.js';
import { auditColumns, callIds, idsOf, insertChunked, onRows } from './rows.js';

/** notice_target_type */
const TARGET = { all: 0, communities: 1, tags: 2, users: 3, roles: 4 } as const;

/** The residents (app accounts) of the tenant, optionally only those of some communities. */
async function residents(trx: Trx, tenantId: string, communityIds?: string[]): Promise<Recipient[]> {
  let q = trx
    .selectFrom('blade_user')
    .select(['id', 'dept_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('user_type', '=', 2);
  if (communityIds) q = q.where('dept_id', 'in', communityIds);
  return (await q.execute()).map((u) => ({ userId: String(u.id), communityId: firstId(u.dept_id) }));
}

interface Recipient {
  userId: string;
  communityId: string | null;
}

const firstId = (v: unknown): string | null => idsOf(v)[0] ?? null;

/** Residents whose household carries any of the tags. */
async function tagged(trx: Trx, tenantId: string, tags: string[]): Promise<Recipient[]> {
  if (!tags.length) throw badRequest('请选择人群标签');
  const rows = await trx
    .selectFrom('app_household')
    .select(['app_user_id', 'community_id', 'tags'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('app_user_id', 'is not', null)
    .where('tags', 'is not', null)
    .execute();
  const wanted = new Set(tags);
  return rows
    .filter((r) => idsOf(r.tags).some((t) => wanted.has(t)))
    .map((r) => ({
      userId: String(r.app_user_id),
      communityId: r.community_id ? String(r.community_id) : null,
    }));
}

async function withCommunity(trx: Trx, tenantId: string, userIds: string[]): Promise<Recipient[]> {
  if (!userIds.length) return [];
  const rows = await trx
    .selectFrom('blade_user')
    .select(['id', 'dept_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', userIds)
    .execute();
  return rows.map((u) => ({ userId: String(u.id), communityId: firstId(u.dept_id) }));
}

/** Everyone the notice is for, each once. */
export async function audienceOf(trx: Trx, tenantId: string, notice: Row): Promise<Recipient[]> {
  let list: Recipient[];
  switch (Number(notice.target_type)) {
    case TARGET.all:
      list = await residents(trx, tenantId);
      break;
    case TARGET.communities: {
      const chosen = idsOf(notice.target_community_ids);
      if (!chosen.length) throw badRequest('请选择指定社区');
      list = await residents(trx, tenantId, await tenantCommunities(trx, tenantId, chosen));
      break;
    }
    case TARGET.tags:
      list = await tagged(trx, tenantId, idsOf(notice.target_tags));
      break;
    case TARGET.users: {
      const ids = idsOf(notice.target_user_ids);
      if (!ids.length) throw badRequest('请选择指定用户');
      list = await withCommunity(trx, tenantId, await tenantUsers(trx, tenantId, ids, '指定用户'));
      break;
    }
    case TARGET.roles: {
      const roles = await tenantRoles(trx, tenantId, idsOf(notice.target_role_ids));
      if (!roles.length) throw badRequest('请选择指定角色');
      list = await withCommunity(trx, tenantId, await usersWithRoles(trx, tenantId, roles));
      break;
    }
    default:
      throw badRequest('发布对象不正确');
  }
  const seen = new Set<string>();
  return list.filter((r) => !seen.has(r.userId) && seen.add(r.userId));
}

/** The recipients' message about the notice (pushApp). */
const pushNotice = (trx: Trx, user: AuthUser, notice: Row, userIds: string[]) =>
  sendMessages(trx, user, userIds, {
    title: String(notice.title),
    content: '您有一条新的通知公告',
    messageType: MESSAGE_TYPE.system,
    bizType: 'notice',
    bizId: String(notice.id),
  });

async function publishOne(trx: Trx, user: AuthUser, notice: Row, now: string): Promise<void> {
  const id = String(notice.id);
  const hasTargets = await trx
    .selectFrom('app_sys_notice2target')
    .select('id')
    .where('notice_id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const set: Record<string, unknown> = { publish_status: 1, publish_time: now, publish_user: user.userId };
  // a withdrawn notice published again keeps its receipts; recipients chosen by hand before the first
  // publishing are its audience (notice-targets.ts keeps the counts) and get the push
  if (hasTargets && !notice.publish_time && Number(notice.push_app) === 1) {
    const chosen = await trx
      .selectFrom('app_sys_notice2target')
      .select('target_user_id')
      .where('notice_id', '=', id)
      .where('is_deleted', '=', 0)
      .execute();
    await pushNotice(
      trx,
      user,
      notice,
      chosen.map((r) => String(r.target_user_id)),
    );
  }
  if (!hasTargets) {
    const audience = await audienceOf(trx, user.tenantId, notice);
    if (!audience.length) throw badRequest(`「${String(notice.title)}」没有可发送的对象`);
    await insertChunked(
      trx,
      'app_sys_notice2target',
      audience.map((r) => ({
        id: nextId(),
        tenant_id: user.tenantId,
        notice_id: id,
        target_user_id: r.userId,
        community_id: r.communityId,
        read_status: 0,
        confirm_status: 0,
        contact_status: 0,
        version: 1,
        ...auditColumns(user, now),
      })),
    );
    if (Number(notice.push_app) === 1)
      await pushNotice(
        trx,
        user,
        notice,
        audience.map((r) => r.userId),
      );
    Object.assign(set, { total_num: audience.length, read_num: 0 });
  }
  await trx
    .updateTable('app_sys_notice')
    .set({ ...set, update_user: user.userId, update_time: now, version: Number(notice.version ?? 0) + 1 })
    .where('id', '=', id)
    .execute();
}

export const publishNotice: VerbHandler = {
  access: { perm: 'sys_notice_publish' },
  async handle(request, engine) {
    const user = requireUser(request);
    const ids = callIds(request);
    await onRows(engine, user, ids, async (trx, rows) => {
      const now = formatDateTime();
      for (const row of rows) {
        if (Number(row.publish_status) === 1) throw badRequest(`「${String(row.title)}」已发布`);
        await publishOne(trx, user, row, now);
      }
    });
    return done('发布成功');
  },
};

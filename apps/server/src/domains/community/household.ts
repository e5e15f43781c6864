/** 住户信息 and 住户变更记录 (docs/domain-model.md#住户信息-household,
 * docs/domain-model.md#住户变更记录-householdrecord): the full address is composed from the community
 * and the house; passing a resident's request creates, changes or moves out the household row in the
 * same transaction and tells the resident. */
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { HookArgs, ResourceHooks } from '../../engine/crud/hooks.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done, forbidden } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { MESSAGE_TYPE, sendMessages, tenantCommunities, tenantUsers } from './messages.js';
import { auditColumns, callIds, onRows } from './rows.js';

/** household_apply_type */
const APPLY = { moveIn: 1, change: 2, moveOut: 3 } as const;

async function communityName(trx: Trx, id: unknown): Promise<string> {
  if (!id) return '';
  const dept = await trx
    .selectFrom('blade_dept')
    .select('dept_name')
    .where('id', '=', String(id))
    .executeTakeFirst();
  return String(dept?.dept_name ?? '');
}

/** 社区 + 楼栋 + 单元 + 门牌号 */
export async function composeAddress(trx: Trx, v: Record<string, unknown>): Promise<string> {
  const unit = v.unit_name ? `${String(v.unit_name)}单元` : '';
  return `${await communityName(trx, v.community_id)}${String(v.building_name ?? '')}栋${unit}${String(v.room_no ?? '')}号`;
}

export const householdHooks: ResourceHooks = {
  async beforeWrite({ trx }, values, existing) {
    const merged = { ...existing, ...values };
    values.house_address = (await composeAddress(trx, merged)).slice(0, 200);
    if (!existing) values.source ??= 1;
  },
};

const HOUSE_COLUMNS = [
  'community_id',
  'building_name',
  'unit_name',
  'room_no',
  'household_type',
  'name',
  'id_card_type',
  'id_card',
  'phone',
] as const;

/** The household row the request creates or changes. */
async function applyRecord(trx: Trx, user: AuthUser, record: Row, now: string): Promise<string> {
  const type = Number(record.apply_type);
  const house = Object.fromEntries(HOUSE_COLUMNS.map((c) => [c, record[c] ?? null]));
  if (type === APPLY.moveIn) {
    const id = nextId();
    const row = {
      ...house,
      app_user_id: record.app_user_id,
      source: 2,
      live_status: 1,
      sex: 0,
      nation: '04',
      resident_category: 2,
      version: 1,
      move_in_date: now.slice(0, 10),
    };
    await trx
      .insertInto('app_household')
      .values({
        ...row,
        id,
        tenant_id: user.tenantId,
        house_address: await composeAddress(trx, row),
        ...auditColumns(user, now),
      })
      .execute();
    return id;
  }
  if (!record.household_id) throw badRequest('变更或迁出申请须关联住户');
  const current = await trx
    .selectFrom('app_household')
    .selectAll()
    .where('id', '=', String(record.household_id))
    .where('tenant_id', '=', user.tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw badRequest('关联住户不存在');
  const changes: Record<string, unknown> =
    type === APPLY.moveOut
      ? { live_status: 2, move_out_date: now.slice(0, 10) }
      : { ...house, house_address: await composeAddress(trx, { ...current, ...house }) };
  await trx
    .updateTable('app_household')
    .set({
      ...changes,
      update_user: user.userId,
      update_time: now,
      version: Number(current.version ?? 0) + 1,
    })
    .where('id', '=', String(current.id))
    .execute();
  return String(current.id);
}

export const passHouseholdRecord: VerbHandler = {
  access: { perm: 'household_record_audit' },
  async handle(request, engine) {
    const user = requireUser(request);
    await onRows(engine, user, callIds(request), async (trx, rows) => {
      const now = formatDateTime();
      for (const record of rows) {
        if (Number(record.audit_status) !== 0)
          throw badRequest(`「${String(record.name)}」的申请不是待审核状态`);
        // separation of duties: nobody passes a request of their own (filed by them, or for them)
        if ([record.app_user_id, record.create_user].some((u) => u !== null && String(u) === user.userId))
          throw forbidden(`「${String(record.name)}」是本人提交的申请，不能由本人审核`);
        const householdId = await applyRecord(trx, user, record, now);
        const values = { household_id: householdId };
        await engine.transition(trx, user, String(record.id), 'auditPass', { values });
        if (record.app_user_id)
          await sendMessages(trx, user, [String(record.app_user_id)], {
            title: '住户认证审核通过',
            content: `您提交的住户申请(${String(record.room_no)})已审核通过`,
            messageType: MESSAGE_TYPE.audit,
            bizType: 'householdRecord',
            bizId: String(record.id),
          });
      }
    });
    return done('审核通过');
  },
};

/** apply_source: 0 后台代办, 1 居民App */
const SOURCE = { backOffice: 0, resident: 1 } as const;

/** The household a change or move-out names: the tenant's, and for a resident's own request their own. */
async function householdOf(args: HookArgs, merged: Record<string, unknown>): Promise<Row | undefined> {
  if (!merged.household_id) {
    if (Number(merged.apply_type) !== APPLY.moveIn) throw badRequest('变更或迁出申请须关联住户');
    return undefined;
  }
  const house = await args.trx
    .selectFrom('app_household')
    .selectAll()
    .where('id', '=', String(merged.household_id))
    .where('tenant_id', '=', args.user.tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!house) throw badRequest('关联住户不存在');
  if (args.own && String(house.app_user_id ?? '') !== args.user.userId)
    throw forbidden('只能为本人的住户信息提交申请');
  return house;
}

/** What an information change changes: `{column: {before, after}}` of the house and identity columns
 * that differ from the household (`change_content`); a change that changes nothing is
 * refused. */
function changesOf(house: Row, merged: Record<string, unknown>): string {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const c of HOUSE_COLUMNS) {
    const before = house[c] ?? null;
    const after = merged[c] ?? null;
    if (String(before ?? '') !== String(after ?? '')) changes[c] = { before, after };
  }
  if (!Object.keys(changes).length) throw badRequest('申请的信息与住户信息相同,没有变更');
  return JSON.stringify(changes);
}

/** 住户变更记录 writes: a resident files for themself (居民App; `own` in the engine, which sets them as
 * the applicant), the back office for a resident of the tenant (后台代办); either at the time it is
 * filed, waiting for review. The community and the household it names are the tenant's (a resident's
 * change or move-out names their own household). Changes keep the source and the time. */
export const householdRecordHooks: ResourceHooks = {
  async beforeWrite(args, values, existing) {
    const { trx, user } = args;
    const merged = { ...existing, ...values };
    if (values.app_user_id !== undefined && !args.own)
      await tenantUsers(trx, user.tenantId, [String(values.app_user_id)], '申请人账号');
    if (values.community_id !== undefined)
      await tenantCommunities(trx, user.tenantId, [String(values.community_id)], '申请社区');
    const house = await householdOf(args, merged);
    if (house && Number(merged.apply_type) === APPLY.change) values.change_content = changesOf(house, merged);
    if (existing) return;
    values.apply_time = formatDateTime();
    values.audit_status = 0;
    values.apply_source = args.own ? SOURCE.resident : SOURCE.backOffice;
  },
};

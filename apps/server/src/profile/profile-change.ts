/** A profile change of one's own account (资料审核, docs/domain-model.md#资料审核-userupdatelog): what may change and how it is
 * stored on the account, the change read from a request, the snapshots of a change log (what it was,
 * what it becomes), the depts an account may ask to move to and who may approve a move, and the change
 * written to the account. The keys and their labels are the definition's (`PROFILE_KEYS`, the comparison
 * the review screens show); this file adds where each is stored. Shared by the review's own wire
 * (community) and 个人信息 (update-info, system). */
import { COSMETIC_PROFILE_KEYS, PROFILE_KEYS } from '@tongxin/resources';
import { deptsBelow } from '../access/depts.js';
import type { Row, Trx } from '../db/database.js';
import { badRequest, forbidden } from '../http/envelope.js';

/** Where each key is stored on the account (blade_user) and its longest value. */
const STORAGE: Record<string, { column: string; max: number }> = {
  realName: { column: 'real_name', max: 20 },
  name: { column: 'name', max: 20 },
  phone: { column: 'phone', max: 45 },
  email: { column: 'email', max: 45 },
  avatar: { column: 'avatar', max: 2000 },
  sex: { column: 'sex', max: 1 },
  communityId: { column: 'dept_id', max: 19 },
};

/** The changeable keys with their labels, in the definition's order. */
const KEYS = PROFILE_KEYS.map((k) => {
  const storage = STORAGE[k.name];
  if (!storage) throw new Error(`profile key ${k.name} has no account column`);
  return { name: k.name, label: k.label.zh, ...storage };
});
const byName = new Map(KEYS.map((k) => [k.name, k]));

/** Whether a key changes at once without review (avatar, nickname). */
export const isCosmetic = (key: string): boolean => COSMETIC_PROFILE_KEYS.includes(key);

/** The requested values (`after`, or the body itself), trimmed and checked; unknown keys are ignored. */
export function readChanges(body: Record<string, unknown>): Record<string, string> {
  const after = (body.after && typeof body.after === 'object' ? body.after : body) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const k of KEYS) {
    const v = after[k.name];
    if (v === undefined || v === null) continue;
    const text = String(v).trim();
    if ([...text].length > k.max) throw badRequest(`${k.label}长度不能超过${k.max}个字符`);
    out[k.name] = text;
  }
  if (out.phone !== undefined && !/^1[3-9]\d{9}$/.test(out.phone)) throw badRequest('手机号码格式不正确');
  if (out.communityId !== undefined && !/^\d{1,19}$/.test(out.communityId))
    throw badRequest('所属社区不正确');
  return out;
}

/** The requested keys whose value differs from the account's. */
export const differing = (account: Row, changes: Record<string, string>): string[] =>
  Object.keys(changes).filter((k) => String(account[byName.get(k)!.column] ?? '') !== changes[k]);

/** The names of the tenant's live depts among comma-joined ids, comma-joined (a community's name). */
async function deptNames(trx: Trx, tenantId: string, ids: unknown): Promise<string | null> {
  const list = String(ids ?? '')
    .split(',')
    .filter((id) => /^\d{1,19}$/.test(id));
  if (!list.length) return null;
  const rows = await trx
    .selectFrom('blade_dept')
    .select(['id', 'dept_name'])
    .where('id', 'in', list)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  const names = list.map((id) => rows.find((r) => String(r.id) === id)?.dept_name).filter(Boolean);
  return names.length ? names.join(', ') : null;
}

/** user_type of a resident's (App) account. */
const RESIDENT = 2;
/** dept_category of a community (dict org_category: 1 区县, 2 街道, 3 社区). */
const COMMUNITY = 3;

/** The depts `userId` belongs to now (blade_user.dept_id, comma-joined). */
async function deptsOf(trx: Trx, userId: string): Promise<string[]> {
  const row = await trx
    .selectFrom('blade_user')
    .select('dept_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return String(row?.dept_id ?? '')
    .split(',')
    .filter((id) => /^\d{1,19}$/.test(id));
}

/**
 * Separation of duties for a move (所属社区 / dept): an account asks only for a dept it may belong to — a
 * resident for a community (社区) of their tenant, as residents register; anyone else (staff) for a dept
 * they already manage (their own depts and those below), so no one lifts themselves to a dept above
 * theirs, whose data scope would then cover more. Called with the requester's account.
 */
async function assertRequestableDept(trx: Trx, account: Row, deptId: string): Promise<void> {
  const dept = await trx
    .selectFrom('blade_dept')
    .select(['id', 'dept_category'])
    .where('id', '=', deptId)
    .where('tenant_id', '=', String(account.tenant_id))
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!dept) throw badRequest('所属社区不存在');
  if (Number(account.user_type) === RESIDENT) {
    if (Number(dept.dept_category) !== COMMUNITY) throw badRequest('所属社区只能选择社区');
    return;
  }
  const managed = await deptsBelow(trx, await deptsOf(trx, String(account.id)));
  if (!managed.includes(deptId)) throw forbidden('只能调整到本人所在或下级的机构');
}

/**
 * Separation of duties when a move is approved: the approver must manage the dept the account moves to
 * (it is one of the approver's depts or below them), so a change is never passed into a dept outside the
 * approver's own part of the organisation.
 */
export async function assertApproverManages(
  trx: Trx,
  approverId: string,
  after: Record<string, unknown>,
): Promise<void> {
  if (after.communityId === undefined || after.communityId === null || after.communityId === '') return;
  const managed = await deptsBelow(trx, await deptsOf(trx, approverId));
  if (!managed.includes(String(after.communityId)))
    throw forbidden('变更后的所属社区不在您的管理范围内，不能审核通过');
}

/** user_change_type of a change: 所属社区 3, 实名信息 2 (name), else 基本信息 1. */
const changeTypeOf = (fields: string[]) =>
  fields.includes('communityId') ? 3 : fields.includes('realName') ? 2 : 1;

/** The columns of a change log for `fields` of `changes`: the snapshots (a community with its name,
 * `communityName`, for the comparison), the summary line per key and the change type. Refused when the
 * requested community is not one of the tenant's. */
export async function changeLogValues(
  trx: Trx,
  account: Row,
  fields: string[],
  changes: Record<string, string>,
) {
  const tenantId = String(account.tenant_id);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const f of fields) {
    before[f] = account[byName.get(f)!.column] ?? null;
    after[f] = changes[f];
  }
  if (fields.includes('communityId')) {
    await assertRequestableDept(trx, account, changes.communityId!);
    after.communityName = await deptNames(trx, tenantId, changes.communityId);
    if (!after.communityName) throw badRequest('所属社区不存在');
    before.communityName = await deptNames(trx, tenantId, before.communityId);
  }
  const shown = (snapshot: Record<string, unknown>, f: string) =>
    String((f === 'communityId' ? snapshot.communityName : undefined) ?? snapshot[f] ?? '');
  return {
    change_type: changeTypeOf(fields),
    changed_fields: fields.join(','),
    change_summary: fields
      .map((f) => `${byName.get(f)!.label}: ${shown(before, f)} → ${shown(after, f)}`)
      .join('\n'),
    before_json: JSON.stringify(before),
    after_json: JSON.stringify(after),
  };
}

/** Writes a change's values (an `after` snapshot; keys other than the changeable ones are ignored) to
 * the account, in the caller's transaction. */
export async function applyToAccount(
  trx: Trx,
  tenantId: string,
  userId: string,
  after: Record<string, unknown>,
): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    const key = byName.get(k);
    if (key) set[key.column] = v;
  }
  if (Object.keys(set).length)
    await trx
      .updateTable('blade_user')
      .set(set)
      .where('id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .execute();
}

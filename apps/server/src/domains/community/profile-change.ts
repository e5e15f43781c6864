/** A resident's profile change (docs/domain-model.md#资料审核-userupdatelog): what may change and how it is
 * stored on the account, the change read from a request, the snapshots of a change log (what it was, what it
 * becomes) and the change written to the account. The keys and their labels are the definition's
 * (`PROFILE_KEYS`, the comparison the review screens show); this file adds where each is stored. */
import { COSMETIC_PROFILE_KEYS, PROFILE_KEYS } from '@tongxin/resources';
import type { Row, Trx } from '../../db/database.js';
import { badRequest } from '../../http/envelope.js';

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

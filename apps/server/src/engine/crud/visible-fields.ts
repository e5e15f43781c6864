import { columnOf, refNameField, type ResourceDef } from '@tongxin/resources';
import { isTenantAdmin } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { QueryFields } from '../../http/list-query.js';
import type { DataScopeRule } from '../../access/permissions.js';
import { toCamel } from '../../util/case.js';

const AUDIT = ['createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status'];
/** Never hidden: what a client needs to address, nest and lock a record. */
const STRUCTURAL = new Set(['id', 'version', 'tenantId', 'isDeleted', 'hasChildren', 'children']);

/**
 * 可见字段 (`scope_field` of blade_scope_data, docs/domain-model.md#数据权限-datascope: `select <scope_field or *>
 * ...`): a data-scope rule may name the columns its holder sees, comma-joined, as columns (`real_name`) or
 * wire names (`realName`). The user's rules for the resource combine with OR, as their row conditions do:
 * any rule with `*` (or none) shows everything. Tenant administrators see everything.
 * Returns the hidden wire names, or undefined when nothing is hidden.
 */
export function hiddenFields(
  def: ResourceDef,
  user: AuthUser,
  rules: DataScopeRule[],
): Set<string> | undefined {
  if (isTenantAdmin(user)) return undefined;
  const mine = rules.filter((r) => r.resourceCode === def.name);
  if (!mine.length) return undefined;
  const allowed = new Set<string>();
  for (const rule of mine) {
    const names = (rule.field ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!names.length || names.includes('*')) return undefined;
    for (const name of names) {
      const field = def.fields.find((f) => f.name === name || columnOf(f) === name);
      allowed.add(field ? field.name : toCamel(name));
    }
  }
  const keep = new Set(STRUCTURAL);
  if (def.tree) {
    keep.add(def.tree.parentField);
    if (def.tree.keyField) keep.add(def.tree.keyField);
  }
  const hidden = new Set<string>();
  const candidates = [...def.fields.map((f) => f.name), ...(def.audit ? AUDIT : [])];
  for (const name of candidates) {
    if (allowed.has(name) || keep.has(name)) continue;
    hidden.add(name);
    // the display name a decorator derives from it (roleId → roleName, sex → sexName)
    hidden.add(refNameField(name));
  }
  for (const name of allowed) hidden.delete(name);
  return hidden.size ? hidden : undefined;
}

/** Drops hidden fields from wire rows (in place). */
export function stripHidden(rows: Record<string, unknown>[], hidden: Set<string> | undefined): void {
  if (!hidden) return;
  for (const r of rows) for (const name of hidden) delete r[name];
}

/** The filter/sort allow-list without hidden fields: a hidden value cannot be probed by filtering. */
export function visibleQueryFields(fields: QueryFields, hidden: Set<string> | undefined): QueryFields {
  if (!hidden) return fields;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !hidden.has(name)));
}

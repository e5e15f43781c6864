import { isId, type ResourceDef } from '@tongxin/resources';
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import { isTenantAdmin } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Schema, Trx } from '../../db/database.js';
import { type QueryFields, parseListQuery } from '../../http/list-query.js';
import { deptsBelow } from '../../access/depts.js';
import type { DataScopeRule } from '../../access/permissions.js';

export const SCOPE = { all: 1, own: 2, ownDept: 3, ownDeptAndBelow: 4, custom: 5 } as const;

type Eb = ExpressionBuilder<Schema, string>;

/** Custom rules are JSON, never SQL: `{"createDept_equal": "{deptId}", "status": "1"}` — keys are the
 * resource's allow-listed filter keys (with BladeX suffixes), values may use {userId} {deptId} {tenantId}. */
export function parseCustomRule(value: string | null): Record<string, string> | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v !== 'string' && typeof v !== 'number') return undefined;
      out[k] = String(v);
    }
    return out;
  } catch {
    return undefined;
  }
}

const placeholders = (v: string, u: AuthUser) =>
  v.replace(/\{(userId|deptId|tenantId)\}/g, (_, k: string) =>
    k === 'userId' ? u.userId : k === 'deptId' ? (u.deptIds[0] ?? '0') : u.tenantId,
  );

/** The data-scope condition for a user on a resource, or undefined when the user sees everything:
 * tenant admins, roles without a rule for this resource, and any rule of type "all". Several roles'
 * rules combine with OR (the most permissive role wins). Unknown columns deny instead of widening. */
export async function dataScopeCondition(
  trx: Trx,
  user: AuthUser,
  def: ResourceDef,
  fields: QueryFields,
  rules: DataScopeRule[],
): Promise<((eb: Eb) => Expression<SqlBool>) | undefined> {
  if (isTenantAdmin(user)) return undefined;
  const mine = rules.filter((r) => r.resourceCode === def.name);
  if (!mine.length || mine.some((r) => r.type === SCOPE.all)) return undefined;
  const columns = new Set(Object.values(fields).map((f) => f.column));
  const deptColumn = def.dataScope?.deptColumn ?? 'create_dept';
  const userColumn = def.dataScope?.userColumn ?? 'create_user';
  const parts: ((eb: Eb) => Expression<SqlBool>)[] = [];
  const deny = (eb: Eb) => eb.val(false) as unknown as Expression<SqlBool>;
  for (const rule of mine) {
    const column = rule.column && columns.has(rule.column) ? rule.column : undefined;
    if (rule.column && !column) {
      parts.push(deny);
      continue;
    }
    if (rule.type === SCOPE.own) {
      const col = column ?? userColumn;
      parts.push((eb) => eb(sql.ref(col), '=', user.userId));
    } else if (rule.type === SCOPE.ownDept || rule.type === SCOPE.ownDeptAndBelow) {
      const col = column ?? deptColumn;
      const ids =
        rule.type === SCOPE.ownDept
          ? user.deptIds.filter(isId)
          : await deptsBelow(trx, user.deptIds.filter(isId));
      parts.push(ids.length ? (eb) => eb(sql.ref(col), 'in', ids) : deny);
    } else if (rule.type === SCOPE.custom) {
      const rule5 = parseCustomRule(rule.value);
      if (!rule5) {
        parts.push(deny);
        continue;
      }
      const query = Object.fromEntries(Object.entries(rule5).map(([k, v]) => [k, placeholders(v, user)]));
      try {
        const { filters } = parseListQuery(query, fields, { maxSize: 1 });
        parts.push((eb) =>
          eb.and(
            filters.map((f) => {
              const ref = sql.ref(f.column);
              if (f.op === 'is null') return eb(ref, 'is', null);
              if (f.op === 'is not null') return eb(ref, 'is not', null);
              return eb(f.cast ? sql`${ref}::text` : ref, f.op, f.value);
            }),
          ),
        );
      } catch {
        parts.push(deny);
      }
    } else {
      parts.push(deny);
    }
  }
  return (eb) => eb.or(parts.map((p) => p(eb)));
}

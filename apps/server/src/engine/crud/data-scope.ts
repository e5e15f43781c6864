import { isId, type ResourceDef } from '@tongxin/resources';
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import { isTenantAdmin } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Schema, Trx } from '../../db/database.js';
import { type Filter, type QueryFields, parseListQuery } from '../../http/list-query.js';
import { deptsBelow } from '../../access/depts.js';
import type { DataScopeRule } from '../../access/permissions.js';

export const SCOPE = { all: 1, own: 2, ownDept: 3, ownDeptAndBelow: 4, custom: 5 } as const;

type Eb = ExpressionBuilder<Schema, string>;

/** One role's rule resolved for a user: the rows whose `column` holds one of `ids` (本部门 / 本部门及以下;
 * `list`: the column holds a comma-joined list of ids, a multiple reference such as a user's depts),
 * whose `column` is `value` (本人), that pass `filters` (自定义), or none (`deny`). */
export type ScopeTerm =
  | { kind: 'in'; column: string; ids: string[]; list: boolean }
  | { kind: 'equals'; column: string; value: string }
  | { kind: 'filters'; filters: Filter[] }
  | { kind: 'deny' };

/** A user's data scope on a resource: the terms any one of which lets a row in (the most permissive role
 * wins), or undefined when the user sees every row of the tenant. */
export type ResolvedScope = ScopeTerm[] | undefined;

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

const DENY: ScopeTerm = { kind: 'deny' };

function customTerm(rule: DataScopeRule, user: AuthUser, fields: QueryFields): ScopeTerm {
  const parsed = parseCustomRule(rule.value);
  if (!parsed) return DENY;
  const query = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, placeholders(v, user)]));
  try {
    return { kind: 'filters', filters: parseListQuery(query, fields, { maxSize: 1 }).filters };
  } catch {
    return DENY;
  }
}

/** Resolves the user's data scope on a resource (what every list, page, detail, write and statistic of
 * its rows keeps to): undefined for tenant admins, for roles without a rule for this resource and for any
 * rule of type "all"; else one term per rule. Unknown columns deny instead of widening. `below` answers
 * the depts under the user's (injected so a caller resolving many resources reads them once). */
export async function resolveDataScope(
  trx: Trx,
  user: AuthUser,
  def: ResourceDef,
  fields: QueryFields,
  rules: DataScopeRule[],
  below: (deptIds: string[]) => Promise<string[]> = (ids) => deptsBelow(trx, ids),
): Promise<ResolvedScope> {
  if (isTenantAdmin(user)) return undefined;
  const mine = rules.filter((r) => r.resourceCode === def.name);
  if (!mine.length || mine.some((r) => r.type === SCOPE.all)) return undefined;
  const byColumn = new Map(Object.values(fields).map((f) => [f.column, f]));
  const deptColumn = def.dataScope?.deptColumn ?? 'create_dept';
  const userColumn = def.dataScope?.userColumn ?? 'create_user';
  const terms: ScopeTerm[] = [];
  for (const rule of mine) {
    const column = rule.column ?? (rule.type === SCOPE.own ? userColumn : deptColumn);
    // a rule on a column the resource lacks (a table without audit columns has no create_dept) lets
    // nothing in
    if ((rule.column || rule.type !== SCOPE.custom) && !byColumn.has(column)) terms.push(DENY);
    else if (rule.type === SCOPE.own) terms.push({ kind: 'equals', column, value: user.userId });
    else if (rule.type === SCOPE.ownDept || rule.type === SCOPE.ownDeptAndBelow) {
      const mineDepts = user.deptIds.filter(isId);
      const ids = rule.type === SCOPE.ownDept ? mineDepts : await below(mineDepts);
      terms.push(ids.length ? { kind: 'in', column, ids, list: Boolean(byColumn.get(column)?.list) } : DENY);
    } else if (rule.type === SCOPE.custom) terms.push(customTerm(rule, user, fields));
    else terms.push(DENY);
  }
  return terms;
}

/** One term as a condition on the row's columns (`alias.column` with an alias). */
function termCondition(eb: Eb, term: ScopeTerm, alias?: string): Expression<SqlBool> {
  const ref = (column: string) => sql.ref(alias ? `${alias}.${column}` : column);
  switch (term.kind) {
    case 'equals':
      return eb(ref(term.column), '=', term.value);
    case 'in':
      return term.list
        ? sql<SqlBool>`string_to_array(${ref(term.column)}, ',') && array[${sql.join(term.ids)}]::text[]`
        : eb(ref(term.column), 'in', term.ids);
    case 'filters':
      return eb.and(
        term.filters.map((f) => {
          const r = ref(f.column);
          if (f.op === 'is null') return eb(r, 'is', null);
          if (f.op === 'is not null') return eb(r, 'is not', null);
          return eb(f.cast ? sql`${r}::text` : r, f.op, f.value);
        }),
      );
    default:
      return eb.val(false) as unknown as Expression<SqlBool>;
  }
}

/** The condition of a resolved scope (any of its terms), or undefined when it lets every row in. */
export function scopeCondition(
  scope: ResolvedScope,
  alias?: string,
): ((eb: Eb) => Expression<SqlBool>) | undefined {
  if (!scope) return undefined;
  return (eb) => eb.or(scope.map((term) => termCondition(eb, term, alias)));
}

/** The data-scope condition for a user on a resource, or undefined when the user sees everything. */
export async function dataScopeCondition(
  trx: Trx,
  user: AuthUser,
  def: ResourceDef,
  fields: QueryFields,
  rules: DataScopeRule[],
): Promise<((eb: Eb) => Expression<SqlBool>) | undefined> {
  return scopeCondition(await resolveDataScope(trx, user, def, fields, rules));
}

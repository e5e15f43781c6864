/** The data scope of 数据统计 and of the points ranking: every counted table keeps to the caller's data
 * scope on the resource that owns it, resolved exactly as that resource's own lists resolve it
 * (engine/crud/data-scope.ts: the tenant administrator and roles without a rule see the whole tenant; 本人,
 * 本部门, 本部门及以下 and 自定义 rules on the definition's columns, several roles' rules combined). So a
 * figure never counts a row its list would not show, and one rule places the rows: the definition's
 * `dataScope` (a community's rows by their community column). The rollups (browse per day and month, points
 * per month) hold a community and nothing else, so they serve a scope only when it is the whole tenant or
 * a set of communities; any other scope is counted on the rows themselves. */
import { countedResources, resources, type ResourceDef } from '@tongxin/resources';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { deptsBelow } from '../../../access/depts.js';
import type { DataScopeRule } from '../../../access/permissions.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Schema, Trx } from '../../../db/database.js';
import { resolveDataScope, scopeCondition, type ResolvedScope } from '../../../engine/crud/data-scope.js';
import { queryFieldsOf } from '../../../engine/crud/query-fields.js';
import type { QueryFields } from '../../../http/list-query.js';

export interface StatsScope {
  tenantId: string;
  /** The caller's resolved data scope on each table a statistic reads (undefined: every row). */
  tables: Record<string, ResolvedScope>;
}

/** Rollups and the table whose rows they sum (and whose resource's scope they keep to). */
const ROLLUP_OF: Record<string, string> = {
  app_browse_day: 'app_browse_log',
  app_browse_month: 'app_browse_log',
  app_score_month: 'app_score_flow',
};

/** The tables the figures, the user details and the ranking count by name (counts.ts, user-figures.ts). */
const FIGURE_TABLES = [
  'blade_user',
  'app_household',
  'app_party_archive',
  'app_party_double_report',
  'app_micro_volunteer',
  'app_micro_volunteer_user',
  'app_solidarity_activity',
  'app_party_activity',
  'app_sys_complain',
  'app_sys_report',
  'app_sys_advice',
  'app_share_facility_user',
  'app_oc_alarm',
  'app_oc_device',
  'app_temple_info',
  'app_map_mesh',
  'app_info_article',
  'app_sys_notice',
  'app_study_article',
  'app_discipline_article',
  'app_browse_log',
  'app_score_flow',
];

/** The tables the statistics and the ranking count: those above and every counted definition's
 * (`counted`, packages/resources/src/counted.ts). */
const COUNTED_TABLES = [...new Set([...FIGURE_TABLES, ...countedResources(resources).map((d) => d.table)])];

const owners = new Map<string, { def: ResourceDef; fields: QueryFields }>();

/** The definition owning `table` (the one whose lists show its rows) and its filter fields. */
function ownerOf(table: string) {
  let owner = owners.get(table);
  if (!owner) {
    const def = resources.find((d) => d.table === table);
    if (!def) throw new Error(`statistics: no definition owns ${table}`);
    owner = { def, fields: queryFieldsOf(def) };
    owners.set(table, owner);
  }
  return owner;
}

/** The caller's scope on every counted table (`rules`: their roles' data-scope rules, read before the
 * transaction opens). The depts below the caller's are read once, when a rule asks for them. */
export async function statsScope(trx: Trx, user: AuthUser, rules: DataScopeRule[]): Promise<StatsScope> {
  let below: Promise<string[]> | undefined;
  const tables: Record<string, ResolvedScope> = {};
  for (const table of COUNTED_TABLES) {
    const { def, fields } = ownerOf(table);
    tables[table] = await resolveDataScope(trx, user, def, fields, rules, (ids) => {
      below ??= deptsBelow(trx, ids);
      return below;
    });
  }
  return { tenantId: user.tenantId, tables };
}

function scopeOfTable(table: string, scope: StatsScope): ResolvedScope {
  const owner = ROLLUP_OF[table] ?? table;
  if (!(owner in scope.tables)) throw new Error(`statistics: ${owner} is not a counted table`);
  return scope.tables[owner];
}

/** The condition keeping `table`'s rows in the caller's scope (true for the whole tenant). */
export function inScope(
  table: string,
  scope: StatsScope,
  alias?: string,
): (eb: ExpressionBuilder<Schema, string>) => Expression<SqlBool> {
  return scopeCondition(scopeOfTable(table, scope), alias) ?? (() => sql<SqlBool>`true`);
}

/** What a rollup of `table` (rows per community) can serve of the scope: `all` (the tenant-wide rows),
 * the communities whose rows count, or undefined when the scope is not a set of communities (本人,
 * 自定义, another column): then the statistic counts the rows themselves. */
export function rollupCommunities(table: string, scope: StatsScope): 'all' | string[] | undefined {
  const resolved = scopeOfTable(table, scope);
  if (!resolved) return 'all';
  const ids = new Set<string>();
  for (const term of resolved) {
    if (term.kind === 'deny') continue;
    if (term.kind !== 'in' || term.list || term.column !== 'community_id') return undefined;
    for (const id of term.ids) ids.add(id);
  }
  return [...ids];
}

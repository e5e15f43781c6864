/** The data scope of 数据统计: the tenant administrator counts the whole tenant; anyone else counts only
 * the rows of their depts and every dept below them (a community's staff see their community). Each
 * table is placed in the dept tree by its community column, or by the dept that created the row where it
 * has none; users by their own depts (a comma-joined list). */
import { isId } from '@tongxin/resources';
import { sql, type Expression, type SqlBool } from 'kysely';
import { deptsBelow } from '../../../access/depts.js';
import { isTenantAdmin } from '../../../auth/guard.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Trx } from '../../../db/database.js';

export interface StatsScope {
  tenantId: string;
  /** the depts whose rows count; undefined: the whole tenant */
  depts?: string[];
}

/** Tables with no community column, and the column that places their rows. */
const DEPT_COLUMN: Record<string, string> = {
  blade_user: 'dept_id',
  app_party_archive: 'create_dept',
  app_micro_volunteer_user: 'create_dept',
  app_share_facility_user: 'create_dept',
  app_info_article: 'create_dept',
  app_sys_notice: 'create_dept',
  app_study_article: 'create_dept',
  app_discipline_article: 'create_dept',
};

export async function statsScope(trx: Trx, user: AuthUser): Promise<StatsScope> {
  if (isTenantAdmin(user)) return { tenantId: user.tenantId };
  return { tenantId: user.tenantId, depts: await deptsBelow(trx, user.deptIds.filter(isId)) };
}

/** The condition placing `table`'s rows in the scope (always true for the whole tenant). */
export function inScope(table: string, scope: StatsScope): Expression<SqlBool> {
  if (!scope.depts) return sql<SqlBool>`true`;
  if (!scope.depts.length) return sql<SqlBool>`false`;
  const column = sql.ref(DEPT_COLUMN[table] ?? 'community_id');
  const ids = sql.join(scope.depts.map((id) => sql`${id}`));
  return table === 'blade_user'
    ? sql<SqlBool>`string_to_array(${column}, ',') && array[${ids}]::text[]`
    : sql<SqlBool>`${column} in (${sql.join(scope.depts.map((id) => sql`${id}::bigint`))})`;
}

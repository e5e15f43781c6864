/** The task query the work lists and the approval task lookups build on, and the BladeFlow filters. */
import { sql } from 'kysely';
import type { AuthUser } from '../auth/tokens.js';
import { pageTotal } from '../engine/crud/page-total.js';
import type { Row, Trx } from '../db/database.js';
import { dateParam, type Paging, textParam } from './wire.js';

/** Task rows joined with instance and definition, prefixed t_/i_/d_ for bladeFlow(). */
export function taskQuery(trx: Trx, tenantId: string) {
  return trx
    .selectFrom('flow_task as t')
    .innerJoin('flow_process_instance as i', 'i.id', 't.process_instance_id')
    .innerJoin('flow_process_definition as d', 'd.id', 'i.process_definition_id')
    .where('t.tenant_id', '=', tenantId);
}
/** The task, instance and definition columns of every work list and task lookup. */
export const TASK_COLUMNS = [
  't.id as t_id',
  't.name as t_name',
  't.task_def_key as t_task_def_key',
  't.assignee as t_assignee',
  't.create_time as t_create_time',
  't.claim_time as t_claim_time',
  't.end_time as t_end_time',
  'i.id as i_id',
  'i.category as i_category',
  'i.start_time as i_start_time',
  'i.end_time as i_end_time',
  'i.status as i_status',
  'i.business_table as i_business_table',
  'i.business_id as i_business_id',
  'i.start_user_id as i_start_user_id',
  'i.variables as i_variables',
  'd.id as d_id',
  'd.process_key as d_process_key',
  'd.name as d_name',
  'd.version as d_version',
  'd.description as d_description',
  'd.resource_name as d_resource_name',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Q = any;

/** Unclaimed tasks offered to the user (candidate user, or one of the user's role aliases as group),
 * except those deciding a request of the user's own (separation of duties, service.ts isOwnRequest). */
export const offeredTo = (user: AuthUser) => (eb: Q) =>
  eb.and([
    eb.or([
      eb(sql`',' || t.candidate_users || ','`, 'like', `%,${user.userId},%`),
      ...(user.roleAliases.length
        ? [
            eb(
              sql`string_to_array(t.candidate_groups, ',')`,
              '&&',
              sql`string_to_array(${user.roleAliases.join(',')}, ',')`,
            ),
          ]
        : []),
    ]),
    sql<boolean>`${user.userId}::bigint is distinct from i.start_user_id`,
    sql<boolean>`${user.userId}::bigint is distinct from i.applicant_id`,
  ]);

/** The BladeFlow list filters: category, processDefinitionName, beginDate/endDate on `dateColumn`. */
export function flowFilters(q: Q, query: Record<string, unknown>, dateColumn: string): Q {
  const category = textParam(query.category, 64);
  if (category) q = q.where('i.category', '=', category);
  const name = textParam(query.processDefinitionName, 255);
  if (name) q = q.where('d.name', 'like', `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const begin = dateParam(query, 'beginDate');
  if (begin) q = q.where(sql.ref(dateColumn), '>=', begin);
  const end = dateParam(query, 'endDate');
  if (end) q = q.where(sql.ref(dateColumn), '<=', end);
  return q;
}

/** One page of `ordered` (the filtered rows, sorted and selected) and the total of `filtered`: exact up to
 * the cap, past it the planner's estimate (page-total.ts). */
export async function pageWithTotal(trx: Trx, filtered: Q, ordered: Q, p: Paging, countCap: number) {
  const rows: Row[] = await ordered
    .limit(p.size)
    .offset((p.current - 1) * p.size)
    .execute();
  return { rows, total: await pageTotal(trx, filtered, p, rows.length, countCap) };
}

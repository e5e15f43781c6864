/** BladeX wire shapes of the workflow (api-contract §9.2/§9.3): BladeFlow, FlowProcess, FlowModel,
 * FlowExecution, and the helpers that fill names and categories. */
import { isId, type Paging } from '@tongxin/resources';
import type { PageTotal } from '../engine/crud/page-total.js';
import type { AuthUser } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import type { Row, Trx } from '../db/database.js';
import { badRequest } from '../http/envelope.js';
import { page } from '../http/list-query.js';
import { loadDictItems } from '../dicts/dict-items.js';
import { parseDateTime } from '../util/datetime.js';
import { TASK_USER_PREFIX } from './runtime.js';
import type { Actor } from './service.js';

export const actorOf = (u: AuthUser): Actor => ({
  userId: u.userId,
  tenantId: u.tenantId,
  roleAliases: u.roleAliases,
  account: u.account,
});

export const taskUser = (id: unknown): string =>
  id === null || id === undefined || id === '' ? '' : `${TASK_USER_PREFIX}${String(id)}`;

/** blade-tool DateUtil.secondToTime: "X天X小时X分X秒" from one day, else "X小时X分X秒"; '' for 0. */
export function durationText(ms: unknown): string {
  const total = Math.floor(Number(ms ?? 0) / 1000);
  if (!total || total < 0) return '';
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return d > 0 ? `${d}天${h}小时${m}分${s}秒` : `${h}小时${m}分${s}秒`;
}

/** Category (`flow_<dictKey>`) → dictionary value, from the platform dictionary `flow`. Loaded before
 * the request's transaction opens (PGlite has one connection). */
export async function categoryNames(ctx: AppContext, tenantId: string): Promise<Map<string, string>> {
  const items = await loadDictItems(ctx, tenantId, 'flow', false);
  return new Map(items.map((i) => [`flow_${i.dictKey}`, i.dictValue]));
}

/** Display names of users by id (real name, else name, else account). */
export async function userNames(trx: Trx, ids: unknown[]): Promise<Map<string, string>> {
  const wanted = [
    ...new Set(ids.filter((v) => v !== null && v !== undefined && v !== '').map(String)),
  ].filter(isId);
  if (!wanted.length) return new Map();
  const rows = await trx
    .selectFrom('blade_user')
    .select(['id', 'real_name', 'name', 'account'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [String(r.id), String(r.real_name || r.name || r.account || '')]));
}

export const parseJson = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;

export { paging } from '../http/list-query.js';
export type { Paging };

/** A page of a work list; `totalExact: false` when `total` is the planner's estimate (crud/page-total.ts). */
export const pageOf = <T>(records: T[], total: PageTotal, p: Paging) =>
  page(records, total.total, p, total.exact);

export function dateParam(q: Record<string, unknown>, name: string): string | undefined {
  const raw = q[name];
  if (raw === undefined || raw === '' || raw === null) return undefined;
  const d = typeof raw === 'string' ? parseDateTime(raw) : undefined;
  if (!d) throw badRequest(`查询条件 ${name} 的日期格式应为 yyyy-MM-dd HH:mm:ss`);
  return d;
}

export function idParam(raw: unknown, name: string, required = true): string | undefined {
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw badRequest(`缺少必要的请求参数: ${name}`);
    return undefined;
  }
  const v = String(raw);
  if (!isId(v)) throw badRequest(`参数 ${name} 格式不正确`);
  return v;
}

export function textParam(raw: unknown, max = 255): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest('参数格式不正确');
  return String(raw).slice(0, max);
}

export const isFinished = (instance: Row) => (instance.status === 'running' ? 'unfinished' : 'finished');

/** A BladeFlow record from a row joining task (t_*), instance (i_*) and definition (d_*) columns. */
export function bladeFlow(
  r: Row,
  names: Map<string, string>,
  categories: Map<string, string>,
  status: string,
): Record<string, unknown> {
  const category = (r.i_category as string | null) ?? '';
  return {
    taskId: r.t_id === undefined || r.t_id === null ? '' : String(r.t_id),
    taskName: r.t_name ?? '',
    taskDefinitionKey: r.t_task_def_key ?? '',
    assignee: taskUser(r.t_assignee),
    assigneeName: r.t_assignee ? (names.get(String(r.t_assignee)) ?? '') : '',
    category,
    categoryName: categories.get(category) ?? '',
    createTime: r.t_create_time ?? r.i_start_time ?? null,
    endTime: r.i_end_time ?? null,
    claimTime: r.t_claim_time ?? null,
    historyTaskEndTime: r.t_end_time ?? null,
    executionId: String(r.i_id),
    processInstanceId: String(r.i_id),
    processDefinitionId: String(r.d_id),
    processDefinitionKey: r.d_process_key,
    processDefinitionName: r.d_name,
    processDefinitionVersion: Number(r.d_version),
    processDefinitionDesc: r.d_description ?? '',
    processDefinitionDiagramResName: '',
    processDefinitionResName: r.d_resource_name ?? '',
    historyProcessInstanceId: String(r.i_id),
    processIsFinished: r.i_status === 'running' ? 'unfinished' : 'finished',
    businessTable: r.i_business_table ?? '',
    businessId: r.i_business_id ?? '',
    startUser: r.i_start_user_id ? (names.get(String(r.i_start_user_id)) ?? '') : '',
    startUserId: r.i_start_user_id ? taskUser(r.i_start_user_id) : '',
    status,
    variables: parseJson(r.i_variables),
  };
}

/** FlowProcess (start-list / manager-list). */
export function flowProcess(r: Row, categories: Map<string, string>): Record<string, unknown> {
  const category = (r.category as string | null) ?? '';
  return {
    id: String(r.id),
    tenantId: Number(r.shared) === 1 ? '' : r.tenant_id,
    name: r.name,
    key: r.process_key,
    category,
    categoryName: categories.get(category) ?? '',
    version: Number(r.version),
    deploymentId: String(r.deployment_id),
    resourceName: r.resource_name ?? '',
    diagramResourceName: '',
    description: r.description ?? '',
    suspensionState: Number(r.suspension_state),
    deploymentTime: r.deploy_time,
    shared: Number(r.shared) === 1,
  };
}

/** FlowModel; `xml` only on detail. */
export function flowModel(r: Row, names: Map<string, string>, withXml: boolean): Record<string, unknown> {
  return {
    id: String(r.id),
    modelKey: r.model_key,
    name: r.name,
    description: r.description ?? '',
    category: r.category ?? '',
    version: Number(r.version),
    created: r.create_time,
    lastUpdated: r.update_time,
    createdBy: taskUser(r.create_user),
    createdByName: names.get(String(r.create_user)) ?? '',
    lastUpdatedBy: taskUser(r.update_user),
    modelType: 0,
    tenantId: r.tenant_id,
    ...(withXml ? { modelEditorXml: r.xml } : {}),
  };
}

/** BladeX wire shapes of the workflow (docs/architecture.md#the-workflow-executor) that the work lists and
 * the approval mechanism share: BladeFlow, the request parameters of a task, and the helpers that fill names
 * and categories. The model and definition shapes of the designer screens are in domains/workflow. */
import { isId, type Paging } from '@tongxin/resources';
import type { PageTotal } from '../engine/crud/page-total.js';
import type { AuthUser } from '../auth/tokens.js';
import type { Row, Trx } from '../db/database.js';
import { badRequest } from '../http/envelope.js';
import { page } from '../http/list-query.js';
import { type DictSource, loadDictItems } from '../dicts/dict-items.js';
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
export async function categoryNames(ctx: DictSource, tenantId: string): Promise<Map<string, string>> {
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

/** A page of a work list; `totalExact: false` when `total` is the planner's estimate
 * (engine/crud/page-total.ts). */
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

/** `pass` from an explicit boolean, else `flag` (`ok` approves; anything else, or nothing, rejects, as
 * Saber sends no flag on reject). BladeX's comment == "同意" quirk is deliberately not copied. */
export function passOf(body: Record<string, unknown>): boolean {
  const p = body.pass ?? body.isPass ?? body.approve;
  if (typeof p === 'boolean') return p;
  if (p === 'true' || p === 1 || p === '1') return true;
  if (p === 'false' || p === 0 || p === '0') return false;
  return body.flag === 'ok' || body.flag === 'pass';
}

export function variablesOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('variables 必须是对象');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(k)) throw badRequest(`变量名不合法: ${k}`);
    if (k === 'pass') continue; // decided by the approval outcome
    out[k] = v;
  }
  return out;
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

/**
 * The blade-flow wire (api-contract §9.3): model, manager (incl. multipart deploy-upload), follow,
 * process (model-view, history-flow-list, resource-view) and work (start/claim/todo/send/done lists,
 * claim-task, complete-task). Every list is paged and tenant-scoped (row-level security plus an
 * explicit tenant condition).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isAdministrator, requireUser } from '../auth/guard.js';
import type { AuthUser } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { type Row, type Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { badRequest, done, forbidden, notFound, ok } from '../http/envelope.js';
import { requestParams } from '../http/params.js';
import { pageTotal } from '../crud/page-total.js';
import { formatDateTime } from '../util/datetime.js';
import { historyFlow } from './history.js';
import {
  changeState,
  claimTask,
  completeTask,
  deleteDeployments,
  deleteInstance,
  deploy,
} from './service.js';
import {
  actorOf,
  bladeFlow,
  categoryNames,
  dateParam,
  flowModel,
  flowProcess,
  idParam,
  pageOf,
  paging,
  parseJson,
  textParam,
  userNames,
} from './wire.js';

const BASE = '/api/blade-flow';
const perm = (code: string) => ({ config: { access: { perm: code } } });
const token = { config: { access: { token: true as const } } };
const TENANT = /^[0-9A-Za-z_-]{1,12}$/;

const queryOf = (r: FastifyRequest) => (r.query ?? {}) as Record<string, unknown>;

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

function tenantIdsOf(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const ids = String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const t of ids) if (!TENANT.test(t)) throw badRequest(`租户编号格式不正确: ${t}`);
  return [...new Set(ids)];
}

/** Deploying into other tenants is for the platform administrator only; the tenants must exist. */
async function deployScope(ctx: AppContext, user: AuthUser, tenantIds: string[]) {
  const foreign = tenantIds.filter((t) => t !== user.tenantId);
  if (foreign.length && !isAdministrator(user)) throw forbidden('只有超级管理员可以部署到其他租户');
  if (tenantIds.length) {
    const found = await ctx.db.tx({ tenantId: user.tenantId, allTenants: true }, (trx) =>
      trx
        .selectFrom('blade_tenant')
        .select('tenant_id')
        .where('tenant_id', 'in', tenantIds)
        .where('is_deleted', '=', 0)
        .execute(),
    );
    const known = new Set(found.map((r) => String(r.tenant_id)));
    const missing = tenantIds.find((t) => !known.has(t));
    if (missing) throw badRequest(`租户不存在: ${missing}`);
  }
  return { tenantId: user.tenantId, allTenants: foreign.length > 0 };
}

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
type Q = any;

/** The BladeFlow list filters: category, processDefinitionName, beginDate/endDate on `dateColumn`. */
function flowFilters(q: Q, query: Record<string, unknown>, dateColumn: string): Q {
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

export function flowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxSize = ctx.config.maxPageSize;

  // ------------------------------------------------------------------------------------------ model
  app.get(`${BASE}/model/list`, perm('flow_model'), async (request) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const p = paging(query, maxSize);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = trx.selectFrom('flow_model').where('tenant_id', '=', user.tenantId).where('is_deleted', '=', 0);
      const key = textParam(query.modelKey, 64);
      if (key) q = q.where('model_key', '=', key);
      const name = textParam(query.name);
      if (name) q = q.where('name', '=', name);
      const rows = await q
        .selectAll()
        .orderBy('update_time', 'desc')
        .orderBy('id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute();
      const total = await pageTotal(trx, q, p, rows.length, ctx.config.countCap);
      const names = await userNames(
        trx,
        rows.map((r) => r.create_user),
      );
      return ok(
        pageOf(
          rows.map((r) => flowModel(r as Row, names, false)),
          total,
          p,
        ),
      );
    });
  });

  app.get(`${BASE}/model/detail`, perm('flow_model'), async (request) => {
    const user = requireUser(request);
    const id = idParam(queryOf(request).id, 'id')!;
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const row = await trx
        .selectFrom('flow_model')
        .selectAll()
        .where('id', '=', id)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok(flowModel(row as Row, await userNames(trx, [row.create_user]), true));
    });
  });

  app.post(`${BASE}/model/submit`, token, async (request) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
    const id = idParam(body.id, 'id', false);
    if (!(await ctx.permissions.has(user, id ? 'flow_model_edit' : 'flow_model_add'))) throw forbidden();
    const name = textParam(body.name);
    const modelKey = textParam(body.modelKey, 64);
    const xml =
      typeof body.modelEditorXml === 'string'
        ? body.modelEditorXml
        : typeof body.xml === 'string'
          ? body.xml
          : '';
    if (!name) throw badRequest('请输入模型名称');
    if (!modelKey || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(modelKey))
      throw badRequest('模型标识须以字母或下划线开头,只能包含字母、数字、下划线、点和横线');
    if (!xml.trim()) throw badRequest('请设计流程后再保存');
    if (xml.length > 1024 * 1024) throw badRequest('流程文件过大');
    const description = textParam(body.description, 1000) ?? null;
    const category = textParam(body.category, 64) ?? null;
    const now = formatDateTime();
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const dup = await trx
        .selectFrom('flow_model')
        .select('id')
        .where('tenant_id', '=', user.tenantId)
        .where('model_key', '=', modelKey)
        .where('is_deleted', '=', 0)
        .$if(Boolean(id), (q) => q.where('id', '<>', id!))
        .executeTakeFirst();
      if (dup) throw badRequest('模型标识已存在');
      let modelId = id;
      if (id) {
        const r = await trx
          .updateTable('flow_model')
          .set({
            name,
            model_key: modelKey,
            description,
            category,
            xml,
            version: sql`version + 1`,
            update_user: user.userId,
            update_time: now,
          })
          .where('id', '=', id)
          .where('tenant_id', '=', user.tenantId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!Number(r.numUpdatedRows)) throw notFound();
      } else {
        modelId = nextId();
        await trx
          .insertInto('flow_model')
          .values({
            id: modelId,
            tenant_id: user.tenantId,
            model_key: modelKey,
            name,
            description,
            category,
            version: 1,
            xml,
            create_user: user.userId,
            create_time: now,
            update_user: user.userId,
            update_time: now,
          })
          .execute();
      }
      const row = await trx
        .selectFrom('flow_model')
        .selectAll()
        .where('id', '=', modelId!)
        .executeTakeFirstOrThrow();
      return ok(
        flowModel(row as Row, await userNames(trx, [row.create_user]), true),
        id ? '更新成功' : '新增成功',
      );
    });
  });

  app.post(`${BASE}/model/remove`, perm('flow_model_delete'), async (request) => {
    const user = requireUser(request);
    const ids = String(requestParams(request).ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ids.length || !ids.every((i) => /^[0-9]{1,19}$/.test(i))) throw badRequest('请选择要操作的数据');
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const r = await trx
        .updateTable('flow_model')
        .set({ is_deleted: 1, update_user: user.userId, update_time: formatDateTime() })
        .where('id', 'in', ids)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== ids.length) throw notFound();
    });
    return done('删除成功');
  });

  app.post(`${BASE}/model/deploy`, perm('flow_model_deploy'), async (request) => {
    const user = requireUser(request);
    const params = requestParams(request);
    const modelId = idParam(params.modelId, 'modelId')!;
    const category = textParam(params.category, 64);
    const tenantIds = tenantIdsOf(params.tenantIds);
    const scope = await deployScope(ctx, user, tenantIds);
    const result = await ctx.db.tx(scope, async (trx) => {
      const model = await trx
        .selectFrom('flow_model')
        .selectAll()
        .where('id', '=', modelId)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!model) throw notFound('模型不存在');
      return deploy(trx, actorOf(user), {
        xml: String(model.xml),
        name: String(model.name),
        source: 'model',
        modelId,
        resourceName: `${String(model.model_key)}.bpmn20.xml`,
        category: category ?? ((model.category as string | null) || undefined),
        tenantIds,
      });
    });
    return ok(result, '部署成功');
  });

  // ---------------------------------------------------------------------------------------- manager
  const definitionList = async (request: FastifyRequest, defaultMode: number | undefined) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const p = paging(query, maxSize);
    const rawMode = query.mode === undefined || query.mode === '' ? defaultMode : Number(query.mode);
    if (rawMode !== undefined && rawMode !== 1 && rawMode !== 2) throw badRequest('mode 只能是 1 或 2');
    const category = textParam(query.category, 64);
    const admin = isAdministrator(user);
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId, allTenants: admin && rawMode === 2 }, async (trx) => {
      let q = trx.selectFrom('flow_process_definition as d').where(
        'd.version',
        '=',
        trx
          .selectFrom('flow_process_definition as d2')
          .select(sql<number>`max(d2.version)`.as('v'))
          .whereRef('d2.tenant_id', '=', 'd.tenant_id')
          .whereRef('d2.process_key', '=', 'd.process_key'),
      );
      if (rawMode === 1) q = q.where('d.shared', '=', 1);
      else if (rawMode === 2) {
        q = q.where('d.shared', '=', 0);
        if (!admin) q = q.where('d.tenant_id', '=', user.tenantId);
      } else {
        q = q.where((eb) => eb.or([eb('d.tenant_id', '=', user.tenantId), eb('d.shared', '=', 1)]));
      }
      if (category) q = q.where('d.category', '=', category);
      const key = textParam(query.key ?? query.processDefinitionKey, 64);
      if (key) q = q.where('d.process_key', '=', key);
      const rows = await q
        .selectAll('d')
        .orderBy('d.deploy_time', 'desc')
        .orderBy('d.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute();
      const total = await pageTotal(trx, q, p, rows.length, ctx.config.countCap);
      return ok(
        pageOf(
          rows.map((r) => flowProcess(r as Row, cats)),
          total,
          p,
        ),
      );
    });
  };
  app.get(`${BASE}/manager/list`, perm('flow_manager'), (request) => definitionList(request, undefined));
  app.get(`${BASE}/work/start-list`, perm('work_start'), (request) => definitionList(request, 1));

  app.post(`${BASE}/manager/change-state`, perm('flow_manager_suspend'), async (request) => {
    const user = requireUser(request);
    const params = requestParams(request);
    const state = params.state;
    if (state !== 'active' && state !== 'suspend') throw badRequest('state 只能是 active 或 suspend');
    const id = idParam(params.processId, 'processId')!;
    const msg = await ctx.db.tx({ tenantId: user.tenantId }, (trx) => changeState(trx, id, state));
    return done(msg);
  });

  app.post(`${BASE}/manager/delete-deployment`, perm('flow_manager_delete'), async (request) => {
    const user = requireUser(request);
    const ids = String(requestParams(request).deploymentIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ids.length || !ids.every((i) => /^[0-9]{1,19}$/.test(i))) throw badRequest('请选择要删除的部署');
    await ctx.db.tx({ tenantId: user.tenantId }, (trx) => deleteDeployments(trx, ids));
    return done('删除成功');
  });

  const isBpmnName = (name: string) => /\.bpmn20\.xml$|\.bpmn$/i.test(name);

  app.post(`${BASE}/manager/check-upload`, perm('flow_deploy_upload'), async (request) => {
    requireUser(request);
    const file = await request.file({ limits: { files: 1, fileSize: 1024 * 1024 } }).catch(() => undefined);
    if (!file) throw badRequest('请选择要上传的文件');
    await file.toBuffer().catch(() => undefined);
    return ok({ name: file.filename, success: isBpmnName(file.filename) });
  });

  app.post(`${BASE}/manager/deploy-upload`, perm('flow_deploy_upload'), async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传流程文件');
    const files: { name: string; xml: string }[] = [];
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts({ limits: { files: 10, fileSize: 1024 * 1024, fields: 20 } })) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          if (part.file.truncated) throw badRequest('流程文件不能超过1MB');
          files.push({ name: part.filename, xml: buffer.toString('utf8') });
        } else if (typeof part.value === 'string') {
          fields[part.fieldname.replace(/\[\]$/, '')] = part.value;
        }
      }
    } catch (e) {
      if (e instanceof Error && 'code' in e && typeof (e as { code: unknown }).code === 'number') throw e;
      if ((e as { statusCode?: number }).statusCode === 413 || /limit/i.test(String((e as Error).message)))
        throw badRequest('上传的文件过多或过大');
      throw e;
    }
    if (!files.length) throw badRequest('请选择要上传的流程文件');
    const bad = files.find((f) => !isBpmnName(f.name));
    if (bad) throw badRequest(`只能上传 .bpmn20.xml 或 .bpmn 格式的流程文件: ${bad.name}`);
    const category = textParam(fields.category, 64);
    const tenantIds = tenantIdsOf(fields.tenantIds);
    const scope = await deployScope(ctx, user, tenantIds);
    const results = await ctx.db.tx(scope, async (trx) => {
      const out = [];
      for (const f of files)
        out.push(
          await deploy(trx, actorOf(user), {
            xml: f.xml,
            source: 'upload',
            resourceName: f.name.slice(0, 255),
            category,
            tenantIds,
          }),
        );
      return out;
    });
    return ok(
      {
        deploymentIds: results.flatMap((r) => r.deploymentIds),
        definitions: results.flatMap((r) => r.definitions),
      },
      '部署成功',
    );
  });

  // ----------------------------------------------------------------------------------------- follow
  app.get(`${BASE}/follow/list`, perm('flow_follow'), async (request) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const p = paging(query, maxSize);
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = trx
        .selectFrom('flow_process_instance as i')
        .innerJoin('flow_process_definition as d', 'd.id', 'i.process_definition_id')
        .where('i.tenant_id', '=', user.tenantId)
        .where('i.status', '=', 'running');
      const pid = idParam(query.processInstanceId, 'processInstanceId', false);
      if (pid) q = q.where('i.id', '=', pid);
      const key = textParam(query.processDefinitionKey, 64);
      if (key) q = q.where('i.process_definition_key', '=', key);
      const rows = await q
        .select([
          'i.id',
          'i.name',
          'i.start_user_id',
          'i.start_time',
          'i.suspension_state',
          'i.category',
          'i.process_definition_key',
          'i.process_definition_id',
          'i.business_table',
          'i.business_id',
          'd.version',
          sql<string>`(select string_agg(t.task_def_key, ',') from flow_task t where t.process_instance_id = i.id and t.status = 'active')`.as(
            'active_keys',
          ),
          sql<string>`(select string_agg(t.name, ',') from flow_task t where t.process_instance_id = i.id and t.status = 'active')`.as(
            'active_names',
          ),
        ])
        .orderBy('i.start_time', 'desc')
        .orderBy('i.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute();
      const total = await pageTotal(trx, q, p, rows.length, ctx.config.countCap);
      const names = await userNames(
        trx,
        rows.map((r) => r.start_user_id),
      );
      const records = rows.map((r) => ({
        id: String(r.id),
        name: r.name,
        startUserId: r.start_user_id ? `taskUser_${String(r.start_user_id)}` : '',
        startUser: names.get(String(r.start_user_id)) ?? '',
        startTime: r.start_time,
        executionId: String(r.id),
        processInstanceId: String(r.id),
        processDefinitionId: String(r.process_definition_id),
        processDefinitionKey: r.process_definition_key,
        processDefinitionVersion: Number(r.version),
        taskDefinitionKey: r.active_keys ?? '',
        taskDefinitionId: r.active_keys ?? '',
        taskName: r.active_names ?? '',
        activityId: r.active_keys ?? '',
        suspensionState: Number(r.suspension_state),
        category: r.category ?? '',
        categoryName: cats.get(String(r.category ?? '')) ?? '',
        businessTable: r.business_table ?? '',
        businessId: r.business_id ?? '',
      }));
      return ok(pageOf(records, total, p));
    });
  });

  app.post(`${BASE}/follow/delete-process-instance`, perm('flow_follow_delete'), async (request) => {
    const user = requireUser(request);
    const params = requestParams(request);
    const id = idParam(params.processInstanceId, 'processInstanceId')!;
    const reason = textParam(params.deleteReason, 500);
    if (!reason?.trim()) throw badRequest('请输入删除原因');
    await ctx.db.tx({ tenantId: user.tenantId }, (trx) => deleteInstance(trx, actorOf(user), id, reason));
    return done('删除成功');
  });

  // ---------------------------------------------------------------------------------------- process
  app.get(`${BASE}/process/history-flow-list`, token, async (request) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const id = idParam(query.processInstanceId, 'processInstanceId')!;
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const instance = await trx
        .selectFrom('flow_process_instance')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!instance) throw notFound('流程实例不存在');
      return ok(
        await historyFlow(trx, instance as Row, {
          all: query.all === 'true' || query.all === '1',
          startActivityId: textParam(query.startActivityId),
          endActivityId: textParam(query.endActivityId),
        }),
      );
    });
  });

  app.get(`${BASE}/process/model-view`, token, async (request) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const instanceId = idParam(query.processInstanceId, 'processInstanceId', false);
    const definitionId = idParam(query.processDefinitionId, 'processDefinitionId', false);
    if (!instanceId && !definitionId)
      throw badRequest('缺少必要的请求参数: processInstanceId 或 processDefinitionId');
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let instance: Row | undefined;
      let defId = definitionId;
      if (instanceId) {
        instance = (await trx
          .selectFrom('flow_process_instance')
          .selectAll()
          .where('id', '=', instanceId)
          .executeTakeFirst()) as Row | undefined;
        if (!instance) throw notFound('流程实例不存在');
        defId = String(instance.process_definition_id);
      }
      const def = await trx
        .selectFrom('flow_process_definition')
        .select(['xml'])
        .where('id', '=', defId!)
        .executeTakeFirst();
      if (!def) throw notFound('流程定义不存在');
      if (!instance) return ok({ xml: def.xml });
      return ok({ xml: def.xml, flow: await historyFlow(trx, instance, { all: true }) });
    });
  });

  app.get(`${BASE}/process/resource-view`, token, async (request, reply) => {
    const user = requireUser(request);
    const query = queryOf(request);
    if (query.resourceType !== undefined && query.resourceType !== 'xml')
      throw badRequest('仅支持查看 xml 资源,流程图请使用 model-view');
    const defId = idParam(query.processDefinitionId, 'processDefinitionId')!;
    const def = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx.selectFrom('flow_process_definition').select(['xml']).where('id', '=', defId).executeTakeFirst(),
    );
    if (!def) throw notFound('流程定义不存在');
    return reply.header('content-type', 'application/xml; charset=utf-8').send(String(def.xml));
  });

  // ------------------------------------------------------------------------------------------- work
  const taskList = (kind: 'claim' | 'todo') => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const p = paging(query, maxSize);
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = taskQuery(trx, user.tenantId)
        .where('t.status', '=', 'active')
        .where('i.suspension_state', '=', 1);
      if (kind === 'todo') q = q.where('t.assignee', '=', user.userId);
      else
        q = q
          .where('t.assignee', 'is', null)
          .where((eb: Q) =>
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
          );
      q = flowFilters(q, query, 't.create_time');
      const rows = await q
        .select([...TASK_COLUMNS])
        .orderBy('t.create_time', 'desc')
        .orderBy('t.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute();
      const total = await pageTotal(trx, q, p, rows.length, ctx.config.countCap);
      const names = await userNames(
        trx,
        rows.flatMap((r) => [r.t_assignee, r.i_start_user_id]),
      );
      return ok(
        pageOf(
          rows.map((r) => bladeFlow(r as Row, names, cats, kind)),
          total,
          p,
        ),
      );
    });
  };
  app.get(`${BASE}/work/claim-list`, perm('work_claim'), taskList('claim'));
  app.get(`${BASE}/work/todo-list`, perm('work_todo'), taskList('todo'));

  app.get(`${BASE}/work/send-list`, perm('work_send'), async (request) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const p = paging(query, maxSize);
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = trx
        .selectFrom('flow_process_instance as i')
        .innerJoin('flow_process_definition as d', 'd.id', 'i.process_definition_id')
        .where('i.tenant_id', '=', user.tenantId)
        .where('i.start_user_id', '=', user.userId);
      q = flowFilters(q, query, 'i.start_time');
      // The latest task of each instance (BladeX: by end time; the active one first).
      const latest = sql`(select t.id from flow_task t where t.process_instance_id = i.id order by (t.status = 'active') desc, coalesce(t.end_time, t.create_time) desc, t.id desc limit 1)`;
      const rows = await q
        .leftJoin('flow_task as t', (j: Q) => j.on(sql`t.id = ${latest}`))
        .select([...TASK_COLUMNS])
        .orderBy('i.start_time', 'desc')
        .orderBy('i.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute();
      const total = await pageTotal(trx, q, p, rows.length, ctx.config.countCap);
      const names = await userNames(
        trx,
        rows.flatMap((r) => [r.t_assignee, r.i_start_user_id]),
      );
      const records = rows.map((r) => ({
        ...bladeFlow(r as Row, names, cats, 'finish'),
        createTime: r.i_start_time,
        endTime: r.i_end_time ?? null,
      }));
      return ok(pageOf(records, total, p));
    });
  });

  app.get(`${BASE}/work/done-list`, perm('work_done'), async (request) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const p = paging(query, maxSize);
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = taskQuery(trx, user.tenantId)
        .where('t.status', '=', 'completed')
        .where('t.assignee', '=', user.userId);
      q = flowFilters(q, query, 't.end_time');
      const rows = await q
        .select([
          ...TASK_COLUMNS,
          sql<string>`(select c.message from flow_comment c where c.task_id = t.id order by c.create_time, c.id limit 1)`.as(
            't_comment',
          ),
          't.outcome as t_outcome',
        ])
        .orderBy('t.end_time', 'desc')
        .orderBy('t.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute();
      const total = await pageTotal(trx, q, p, rows.length, ctx.config.countCap);
      const names = await userNames(
        trx,
        rows.flatMap((r) => [r.t_assignee, r.i_start_user_id]),
      );
      const records = rows.map((r) => ({
        ...bladeFlow(r as Row, names, cats, 'finish'),
        comment: r.t_comment ?? '',
        pass: r.t_outcome === null ? null : r.t_outcome === 'pass',
      }));
      return ok(pageOf(records, total, p));
    });
  });

  app.post(`${BASE}/work/claim-task`, perm('work_claim_sign'), async (request) => {
    const user = requireUser(request);
    const taskId = idParam(requestParams(request).taskId, 'taskId')!;
    await ctx.db.tx({ tenantId: user.tenantId }, (trx) => claimTask(trx, actorOf(user), taskId));
    return done('签收事务成功');
  });

  app.post(`${BASE}/work/complete-task`, perm('work_todo_handle'), async (request) => {
    const user = requireUser(request);
    const body = { ...requestParams(request), ...((request.body ?? {}) as Record<string, unknown>) };
    const taskId = idParam(body.taskId, 'taskId')!;
    const processInstanceId = idParam(body.processInstanceId, 'processInstanceId', false);
    const pass = passOf(body);
    const comment = textParam(body.comment, 2000);
    const variables = variablesOf(body.variables);
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const result = await completeTask(trx, actorOf(user), {
        taskId,
        processInstanceId,
        pass,
        comment,
        variables,
      });
      await afterComplete(trx, user, result);
    });
    return done('操作成功');
  });
}

/** Set by approval.ts: moves the business record of a completed task (same transaction). */
let afterComplete: (
  trx: Trx,
  user: AuthUser,
  result: Awaited<ReturnType<typeof completeTask>>,
) => Promise<void> = async () => undefined;
export function onTaskCompleted(fn: typeof afterComplete): void {
  afterComplete = fn;
}

export { parseJson };

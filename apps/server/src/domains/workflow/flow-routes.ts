/**
 * The blade-flow wire (api-contract §9.3): model, manager (incl. multipart deploy-upload), follow,
 * process (model-view, history-flow-list, resource-view) and the start list; the rest of work is in
 * work-routes.ts. Every list is paged and tenant-scoped (row-level security plus an explicit tenant
 * condition).
 */
import { isTenantId, splitList, TENANT_ID_INVALID } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { type Row } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { badRequest, done, forbidden, notFound, ok } from '../../http/envelope.js';
import { requestParams, selectedIds } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { historyFlow } from '../../flow/history.js';
import { pageWithTotal } from '../../flow/work-query.js';
import { workRoutes } from './work-routes.js';
import { changeState, deleteDeployments, deleteInstance, deploy } from '../../flow/service.js';
import {
  actorOf,
  categoryNames,
  flowModel,
  flowProcess,
  idParam,
  pageOf,
  paging,
  textParam,
  userNames,
} from '../../flow/wire.js';

const BASE = '/api/blade-flow';
const perm = (code: string) => ({ config: { access: { perm: code } } });
const token = { config: { access: { token: true as const } } };

const queryOf = (r: FastifyRequest) => (r.query ?? {}) as Record<string, unknown>;

function tenantIdsOf(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const ids = splitList(String(raw));
  for (const t of ids) if (!isTenantId(t)) throw badRequest(`${TENANT_ID_INVALID.zh}: ${t}`);
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

export function flowRoutes(app: FastifyInstance, ctx: AppContext): void {
  workRoutes(app, ctx);
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
      const { rows, total } = await pageWithTotal(
        trx,
        q,
        q.selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc'),
        p,
        ctx.config.countCap,
      );
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
    const ids = selectedIds(requestParams(request).ids);
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
      const { rows, total } = await pageWithTotal(
        trx,
        q,
        q.selectAll('d').orderBy('d.deploy_time', 'desc').orderBy('d.id', 'desc'),
        p,
        ctx.config.countCap,
      );
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
    const ids = selectedIds(requestParams(request).deploymentIds, '请选择要删除的部署');
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
      const { rows, total } = await pageWithTotal(
        trx,
        q,
        q
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
          .orderBy('i.id', 'desc'),
        p,
        ctx.config.countCap,
      );
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
}

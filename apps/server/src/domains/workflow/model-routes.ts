/** The designer's models (blade-flow model/*): list, detail, submit (model-submit.ts), remove, deploy. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import type { Row } from '../../db/database.js';
import { deploy } from '../../flow/service.js';
import { actorOf, idParam, pageOf, paging, textParam, userNames } from '../../flow/wire.js';
import { pageWithTotal } from '../../flow/work-query.js';
import { done, notFound, ok } from '../../http/envelope.js';
import { requestParams, selectedIds } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { deployScope, tenantIdsOf } from './deploy-scope.js';
import { modelSubmitRoute } from './model-submit.js';
import { flowModel } from './model-wire.js';
import { BLADE_FLOW as BASE, perm, queryOf } from './route-options.js';

export function modelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxSize = ctx.config.maxPageSize;
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

  modelSubmitRoute(app, ctx);

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
}

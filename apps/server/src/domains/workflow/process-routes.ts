/** An instance's history and diagram (blade-flow process/*): history-flow-list, model-view, resource-view.
 * An instance whose business record is outside the caller's data scope is not shown (业务数据不存在). */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import type { Row } from '../../db/database.js';
import { historyFlow } from '../../flow/history.js';
import { idParam, textParam } from '../../flow/wire.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { BLADE_FLOW as BASE, queryOf, token } from './route-options.js';

export function processRoutes(app: FastifyInstance, ctx: AppContext): void {
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
      await ctx.resources.requireRecordOf(trx, user, instance as Row);
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
        await ctx.resources.requireRecordOf(trx, user, instance);
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

/** The deployed definitions (blade-flow manager/*, and the start list of work): list, change-state,
 * delete-deployment; uploads are in deploy-upload.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import type { Row } from '../../db/database.js';
import { changeState, deleteDeployments } from '../../flow/service.js';
import { categoryNames, idParam, pageOf, paging, textParam } from '../../flow/wire.js';
import { pageWithTotal } from '../../flow/work-query.js';
import { badRequest, done, ok } from '../../http/envelope.js';
import { requestParams, selectedIds } from '../../http/params.js';
import { deployUploadRoutes } from './deploy-upload.js';
import { flowProcess } from './model-wire.js';
import { BLADE_FLOW as BASE, perm, queryOf } from './route-options.js';

export function managerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxSize = ctx.config.maxPageSize;
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

  deployUploadRoutes(app, ctx);
}

/** 党员档案 under spec §7's wire `app-party-archive/partyarchive2user`: the same resource and approval
 * calls (page, detail, remove, save, update, detailByTaskId, dealProcessFlow, ...) beside the
 * definition's own path, and `saveArchive2user`, a resident's registration: saved, it enters the
 * PartyArchive approval like any new archive. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { approvalResourceRoutes } from '../../engine/approval/routes.js';
import { resourceRoutes } from '../../engine/crud/resource-routes.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import { badRequest, ok } from '../../http/envelope.js';
import { idempotent } from '../../http/idempotency.js';

export const ARCHIVE_ALIAS = '/api/app-party-archive/partyarchive2user';

export function archiveAliasRoutes(app: FastifyInstance, ctx: AppContext, engine: ResourceEngine): void {
  const def = { ...engine.def, path: ARCHIVE_ALIAS, write: 'save-update' as const };
  const alias = resourceRoutes(app, ctx, { def, hooks: engine.hooks }, ctx.approvals.startOnInsert(def));
  approvalResourceRoutes(app, ctx, alias);
  app.post(
    `${ARCHIVE_ALIAS}/saveArchive2user`,
    { config: { access: { token: true } } },
    async (request: FastifyRequest) => {
      const user = requireUser(request);
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
      return idempotent(ctx.store, request, user, async () => {
        const result = await alias.write(
          user,
          { ...(body as Record<string, unknown>), id: undefined },
          'save',
        );
        return ok({ id: result.id }, '提交成功');
      });
    },
  );
}

/** 党员档案 under the wire `app-party-archive/partyarchive2user`
 * (docs/domain-model.md#党员档案-partyarchive): the same resource and approval
 * calls (page, detail, remove, save, update, detailByTaskId, dealProcessFlow, ...) beside the
 * definition's own path, and `saveArchive2user`, a resident's own registration (党员认证): saved, it
 * enters the PartyArchive approval like any new archive. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { approvalResourceRoutes } from '../../engine/approval/routes.js';
import { resourceRoutes } from '../../engine/crud/resource-routes.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import { uniqueViolation } from '../../engine/crud/unique-violation.js';
import { validateBody } from '../../engine/crud/validate.js';
import { badRequest, ok } from '../../http/envelope.js';
import { idempotent } from '../../http/idempotency.js';

export const ARCHIVE_ALIAS = '/api/app-party-archive/partyarchive2user';
const PENDING = 0;
const PASSED = 1;
/** apply_source of a resident's own registration (居民认证) */
const RESIDENT = 1;

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
        const id = await register(alias, user, body as Record<string, unknown>);
        return ok({ id }, '提交成功');
      });
    },
  );
}

/** 党员认证 — a resident registers themself as a party member: any signed-in user may, for their own
 * account only (the record names the caller's account, source 居民认证), once while a registration of
 * theirs waits or has passed; the record enters the PartyArchive approval (the alias engine's insert),
 * so nothing is a member before the audit passes. Not the add button: that is the back office's. */
async function register(engine: ResourceEngine, user: AuthUser, body: Record<string, unknown>) {
  const values = validateBody(engine.def, { ...body, id: undefined }, true);
  return engine
    .run(user, async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`party-register:${user.tenantId}:${user.userId}`}, 0))`.execute(
        trx,
      );
      const open = await trx
        .selectFrom(engine.def.table)
        .select('audit_status')
        .where('tenant_id', '=', user.tenantId)
        .where('app_user_id', '=', user.userId)
        .where('is_deleted', '=', 0)
        .where('audit_status', 'in', [PENDING, PASSED])
        .executeTakeFirst();
      if (open)
        throw badRequest(
          Number(open.audit_status) === PASSED
            ? '您已是认证党员，无需重复认证'
            : '您的党员认证正在审核中，请勿重复提交',
        );
      return engine.insert(trx, user, { ...values, app_user_id: user.userId, apply_source: RESIDENT }, body);
    })
    .catch((error: unknown) => {
      throw uniqueViolation(engine.def, error);
    });
}

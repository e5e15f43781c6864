import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { OnlineSessions } from '../../auth/online-sessions.js';
import type { Row } from '../../db/database.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { done, notFound } from '../../http/envelope.js';
import { requestParams, selectedIds } from '../../http/params.js';

const idsOf = (request: FastifyRequest) => {
  const p = requestParams(request);
  return selectedIds(p.ids ?? p.id, '请选择要下线的会话');
};

/** 强制下线: the chosen sessions' tokens (access and refresh) are refused from the next request on, on
 * every instance (the shared deny-list), and the sessions leave the list. Only sessions the caller may
 * see (own tenant; the platform administrator every tenant's). */
const kick: VerbHandler = {
  access: { perm: 'online_user_kick' },
  async handle(request, engine) {
    const user = requireUser(request);
    const ids = idsOf(request);
    const { ctx } = engine;
    const rows = await engine.run(user, async (_trx, base) => {
      const found = (await (await base()).selectAll().where('id', 'in', ids).execute()) as Row[];
      if (found.length !== ids.length) throw notFound();
      return found;
    });
    // Revoked first, outside the transaction (the marks are written to the database and the shared
    // store by their own statements): a session leaves the list only once its tokens are dead.
    for (const row of rows)
      await ctx.tokens.revokeSession(String(row.session_id), ctx.config.refreshTokenSeconds);
    await engine.run(user, async (trx) => {
      await trx.deleteFrom('blade_online_session').where('id', 'in', ids).execute();
      for (const row of rows) engine.audit.note(trx, user, 'remove', String(row.id), row);
    });
    for (const row of rows)
      ctx.logs.push('blade_log_usual', {
        tenant_id: String(row.tenant_id),
        log_level: 'warn',
        log_id: 'force-logout',
        log_data: `强制下线: ${String(row.account)} (${String(row.remote_ip ?? '')})`,
        request_uri: request.url.slice(0, 255),
        method: request.method,
        remote_ip: request.ip,
        create_by: user.account,
      });
    return done('操作成功');
  },
};

/** 在线用户: only sessions still alive are listed; 强制下线 ends one. */
export const onlineUserBehaviour: ResourceBehaviour = {
  hooks: { restrict: () => () => OnlineSessions.alive() },
  verbs: { kick },
};

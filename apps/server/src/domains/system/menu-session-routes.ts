/** The session's menus: routes (the menu tree of the caller's grants, optionally within a top menu),
 * buttons and top-menu. Asked by every page load, so built answers are cached (answer-cache.ts). */
import { isId } from '@tongxin/resources';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withAncestors, menuToWire } from '../../access/menu-store.js';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { badRequest, ok } from '../../http/envelope.js';
import { buildForest } from '../../util/tree.js';
import { AnswerCache } from './answer-cache.js';
import { BUTTON, MENU, MENU_BASE } from './menu-nodes.js';

export function menuSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { menus } = ctx;
  const base = MENU_BASE;

  async function topMenuIds(user: AuthUser, topMenuId: string): Promise<Set<string>> {
    const rows = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx
        .selectFrom('blade_top_menu_setting')
        .select('menu_id')
        .where('top_menu_id', '=', topMenuId)
        .execute(),
    );
    return new Set(rows.map((r) => String(r.menu_id)));
  }

  // The session's menus and buttons: asked by every page load of every user, the same for everyone with
  // the same tenant, roles and top menu. Built answers are kept serialized, keyed on the shared grants
  // version that every menu, grant, top-menu or package change replaces (access/grants-changed.ts).
  const routesCache = new AnswerCache();
  const buttonsCache = new AnswerCache();
  const sessionKey = (user: AuthUser, extra = '') =>
    `${user.tenantId}|${[...user.roleIds].sort().join(',')}|${extra}`;
  const sendJson = (reply: FastifyReply, bytes: Buffer) =>
    reply.type('application/json; charset=utf-8').send(bytes);

  const buildRoutes = async (user: AuthUser, topMenuId: string, version: string) => {
    const all = await menus.all(version);
    let ids = withAncestors((await ctx.permissions.grants(user, version)).menuIds, all);
    if (topMenuId) {
      const allowed = await topMenuIds(user, topMenuId);
      ids = withAncestors(new Set([...ids].filter((id) => allowed.has(id))), all);
    }
    return ok(buildForest(all.filter((m) => ids.has(m.id) && m.category === MENU).map(menuToWire)));
  };

  const buildButtons = async (user: AuthUser, version: string) => {
    const all = await menus.all(version);
    const granted = (await ctx.permissions.grants(user, version)).menuIds;
    const buttons = all.filter((m) => m.category === BUTTON && granted.has(m.id));
    const owners = new Set(buttons.map((b) => b.parent_id));
    const rows = all.filter((m) => owners.has(m.id) || (m.category === BUTTON && granted.has(m.id)));
    // The button tree carries only what a permission map needs.
    return ok(
      buildForest(
        rows.map((m) => ({
          id: m.id,
          parentId: m.parent_id,
          code: m.code,
          name: m.name,
          alias: m.alias ?? '',
          path: m.path ?? '',
          source: m.source ?? '',
          action: m.action,
          category: m.category,
          sort: m.sort,
        })),
      ),
    );
  };

  app.get(`${base}/routes`, { config: { access: { token: true } } }, async (request, reply) => {
    const user = requireUser(request);
    const raw = (request.query as Record<string, unknown>).topMenuId;
    const topMenuId = typeof raw === 'string' ? raw : '';
    if (topMenuId && !isId(topMenuId)) throw badRequest('顶部菜单主键格式不正确');
    const version = await ctx.grantsVersion.current();
    const bytes = await routesCache.get(version, sessionKey(user, topMenuId), () =>
      buildRoutes(user, topMenuId, version),
    );
    return sendJson(reply, bytes);
  });

  app.get(`${base}/buttons`, { config: { access: { token: true } } }, async (request, reply) => {
    const user = requireUser(request);
    const version = await ctx.grantsVersion.current();
    const bytes = await buttonsCache.get(version, sessionKey(user), () => buildButtons(user, version));
    return sendJson(reply, bytes);
  });

  app.get(`${base}/top-menu`, { config: { access: { token: true } } }, async (request) => {
    const user = requireUser(request);
    const rows = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx
        .selectFrom('blade_top_menu')
        .select(['id', 'code', 'name', 'source', 'path', 'sort'])
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .orderBy('sort')
        .execute(),
    );
    return ok(rows);
  });
}

/** The grant dialogs' trees: grant-tree (menus, data and API scopes a role may be given), grant-top-tree,
 * and the keys a role (role-tree-keys) or a top menu (top-tree-keys) holds. */
import type { TreeNode } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { type MenuRow, withAncestors } from '../../access/menu-store.js';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { notFound, ok } from '../../http/envelope.js';
import { idList } from '../../http/params.js';
import { buildForest, treeNodes } from '../../util/tree.js';
import { grantableScopes, type ScopeTable } from './grantable-scopes.js';
import { MENU, MENU_BASE, toTreeNode } from './menu-nodes.js';

export function menuGrantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const grantedIds = async (user: AuthUser) => (await ctx.permissions.grants(user)).menuIds;
  const { menus } = ctx;
  const base = MENU_BASE;

  // A visible grant tree: administrators see every menu, others only what their roles hold.
  const grantable = async (user: AuthUser) => {
    const all = await menus.all();
    if (isAdministrator(user)) return all;
    const ids = withAncestors(await grantedIds(user), all);
    return all.filter((m) => ids.has(m.id));
  };
  /** Scope rows hang under the menus that own them (BladeX's grant tree): menu nodes, then the rows. */
  const scopeTree = async (user: AuthUser, table: ScopeTable, visible: MenuRow[]) => {
    const rows = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx
        .selectFrom(table)
        .select(['id', 'menu_id', 'scope_name'])
        .where('is_deleted', '=', 0)
        .orderBy('id')
        .execute(),
    );
    // only what the caller may hand out (role/grant refuses the rest)
    const held = await grantableScopes(ctx, user, table);
    const owners = new Set(visible.map((m) => m.id));
    const mine = rows.filter((r) => owners.has(String(r.menu_id)) && (!held || held.has(String(r.id))));
    const menus = visible.filter((m) => mine.some((r) => String(r.menu_id) === m.id));
    const nodes: TreeNode[] = [
      ...menus.map((m) => ({ ...toTreeNode(m), parentId: '0' })),
      ...mine.map((r) => ({
        id: String(r.id),
        parentId: String(r.menu_id),
        title: String(r.scope_name ?? ''),
        key: String(r.id),
        value: String(r.id),
      })),
    ];
    return treeNodes(buildForest(nodes));
  };
  app.get(`${base}/grant-tree`, { config: { access: { perm: 'role_grant' } } }, async (request) => {
    const user = requireUser(request);
    const rows = await grantable(user);
    return ok({
      menu: treeNodes(buildForest(rows.map(toTreeNode))),
      dataScope: await scopeTree(user, 'blade_scope_data', rows),
      apiScope: await scopeTree(user, 'blade_scope_api', rows),
    });
  });
  app.get(`${base}/grant-top-tree`, { config: { access: { perm: 'topmenu_setting' } } }, async (request) => {
    const rows = (await grantable(requireUser(request))).filter((m) => m.category === MENU);
    return ok({ menu: treeNodes(buildForest(rows.map(toTreeNode))) });
  });

  // A role's grants are read by who may grant roles (or view them), and only for their own tenant's roles.
  app.get(
    `${base}/role-tree-keys`,
    { config: { access: { perm: ['role_grant', 'role_view'] } } },
    async (request) => {
      const user = requireUser(request);
      const roleIds = idList((request.query as Record<string, unknown>).roleIds, '主键');
      if (!roleIds.length) return ok({ menu: [], dataScope: [], apiScope: [] });
      const all = isAdministrator(user);
      const [menuRows, scopeRows] = await ctx.db.tx(
        { tenantId: user.tenantId, allTenants: all },
        async (trx) => {
          let roles = trx
            .selectFrom('blade_role')
            .select('id')
            .where('id', 'in', roleIds)
            .where('is_deleted', '=', 0);
          if (!all) roles = roles.where('tenant_id', '=', user.tenantId);
          if ((await roles.execute()).length !== roleIds.length) throw notFound('角色不存在或不属于当前租户');
          return Promise.all([
            trx
              .selectFrom('blade_role_menu')
              .select('menu_id')
              .distinct()
              .where('role_id', 'in', roleIds)
              .execute(),
            trx
              .selectFrom('blade_role_scope')
              .select(['scope_id', 'scope_category'])
              .where('role_id', 'in', roleIds)
              .execute(),
          ]);
        },
      );
      const live = new Set((await menus.all()).map((m) => m.id));
      return ok({
        menu: menuRows.map((r) => String(r.menu_id)).filter((id) => live.has(id)),
        dataScope: scopeRows.filter((r) => r.scope_category === 1).map((r) => String(r.scope_id)),
        apiScope: scopeRows.filter((r) => r.scope_category === 2).map((r) => String(r.scope_id)),
      });
    },
  );

  app.get(
    `${base}/top-tree-keys`,
    { config: { access: { perm: ['topmenu_setting', 'topmenu_view'] } } },
    async (request) => {
      const user = requireUser(request);
      const ids = idList((request.query as Record<string, unknown>).topMenuIds, '主键');
      if (!ids.length) return ok({ menu: [] });
      const rows = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
        trx
          .selectFrom('blade_top_menu_setting')
          .select('menu_id')
          .distinct()
          .where('top_menu_id', 'in', ids)
          .execute(),
      );
      return ok({ menu: rows.map((r) => String(r.menu_id)) });
    },
  );
}

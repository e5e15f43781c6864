import { isId, menuResource, type TreeNode } from '@tongxin/resources';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { nextId } from '../../db/ids.js';
import { PLATFORM_TENANT } from '../../db/database.js';
import { badRequest, done, forbidden, notFound, ok } from '../../http/envelope.js';
import { shownKey } from '../../http/list-query.js';
import { idList } from '../../http/params.js';
import { pickerCodes } from '../../engine/crud/picker-access.js';
import { assertFresh, nextVersion } from '../../engine/crud/record-version.js';
import { AnswerCache } from './answer-cache.js';
import { grantableScopes, type ScopeTable } from './grantable-scopes.js';
import { grantsChanged } from '../../access/grants-changed.js';
import { buildForest, treeNodes } from '../../util/tree.js';
import { menuToWire, type MenuRow, withAncestors } from '../../access/menu-store.js';
import { settleRemoteEntry } from './menu-remote-entry.js';

const MENU = 1;
const BUTTON = 2;
const CATEGORY_NAME: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION_NAME: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
const IS_OPEN_NAME: Record<number, string> = { 1: '否', 2: '是' };
const LIKE_KEYS = ['code', 'name', 'alias', 'path'] as const;

const toTreeNode = (m: MenuRow): TreeNode => ({
  id: m.id,
  parentId: m.parent_id,
  title: m.name,
  key: m.id,
  value: m.id,
});

/** Filters by the allow-listed LIKE keys; any other query key is refused. */
function likeFilter(query: Record<string, unknown>, allowed: string[] = []): (m: MenuRow) => boolean {
  const checks: [keyof MenuRow, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (allowed.includes(key) || value === '' || value === undefined) continue;
    const field = key.replace(/_like$/, '');
    if (!(LIKE_KEYS as readonly string[]).includes(field) || typeof value !== 'string') {
      throw badRequest(`不支持的查询条件: ${shownKey(key)}`);
    }
    checks.push([field as keyof MenuRow, value.toLowerCase()]);
  }
  return (m) =>
    checks.every(([f, v]) =>
      String(m[f] ?? '')
        .toLowerCase()
        .includes(v),
    );
}

export function menuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { menus } = ctx;
  const base = '/api/blade-system/menu';

  const grantedIds = async (user: AuthUser) => (await ctx.permissions.grants(user)).menuIds;

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
  // version that every menu, grant, top-menu or package change replaces (system/grants-changed.ts).
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

  const view = { config: { access: { perm: 'menu_view' } } };
  const forest = async (query: unknown, onlyMenus: boolean) => {
    const match = likeFilter(query as Record<string, unknown>);
    const all = await menus.all();
    return buildForest(all.filter((m) => (!onlyMenus || m.category === MENU) && match(m)).map(menuToWire));
  };
  app.get(`${base}/list`, view, async (request) => ok(await forest(request.query, false)));
  app.get(`${base}/menu-list`, view, async (request) => ok(await forest(request.query, true)));

  const lazy = async (query: Record<string, unknown>, onlyMenus: boolean) => {
    const parentId = query.parentId;
    if (parentId !== undefined && parentId !== '' && !(parentId === '0' || isId(parentId))) {
      throw badRequest('上级菜单主键格式不正确');
    }
    const match = likeFilter(query, ['parentId']);
    const all = (await menus.all()).filter((m) => !onlyMenus || m.category === MENU);
    const parents = new Set(all.map((m) => m.parent_id));
    const rows = all.filter(
      (m) => (parentId === undefined || parentId === '' || m.parent_id === parentId) && match(m),
    );
    return rows.map((m) => ({ ...menuToWire(m), hasChildren: parents.has(m.id) }));
  };
  app.get(`${base}/lazy-list`, view, async (request) =>
    ok(await lazy(request.query as Record<string, unknown>, false)),
  );
  app.get(`${base}/lazy-menu-list`, view, async (request) =>
    ok(await lazy(request.query as Record<string, unknown>, true)),
  );

  // Menu pickers: the menu screen and every screen whose form picks menus (packages, scopes).
  const picker = { config: { access: { perm: pickerCodes('menu', menuResource) } } };
  app.get(`${base}/tree`, picker, async () => {
    const all = await menus.all();
    return ok(treeNodes(buildForest(all.filter((m) => m.category === MENU).map(toTreeNode))));
  });

  // Picker: every menu (not buttons) by id and name.
  app.get(`${base}/select`, picker, async () => {
    const all = await menus.all();
    return ok(all.filter((m) => m.category === MENU).map((m) => ({ id: m.id, name: m.name })));
  });

  app.get(`${base}/detail`, view, async (request) => {
    const id = (request.query as Record<string, unknown>).id;
    if (!isId(id)) throw badRequest('缺少必要的请求参数: id');
    const all = await menus.all();
    const m = all.find((x) => x.id === id);
    if (!m) throw notFound();
    return ok({
      ...menuToWire(m),
      parentName: m.parent_id === '0' ? '顶级' : (all.find((x) => x.id === m.parent_id)?.name ?? ''),
      categoryName: CATEGORY_NAME[m.category] ?? '',
      actionName: ACTION_NAME[m.action] ?? '',
      isOpenName: IS_OPEN_NAME[m.is_open] ?? '',
    });
  });

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

  app.post(`${base}/submit`, { config: { access: { token: true } } }, async (request) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = body.id ? String(body.id) : undefined;
    if (user.tenantId !== PLATFORM_TENANT) throw forbidden('只有平台管理员可以维护全局数据');
    if (!(await ctx.permissions.has(user, id ? 'menu_edit' : 'menu_add'))) throw forbidden();
    const values = validateMenu(body);
    const all = await menus.all();
    if (values.parent_id !== '0' && !all.some((m) => m.id === values.parent_id))
      throw badRequest('上级菜单不存在');
    if (all.some((m) => m.code === values.code && m.id !== id)) throw badRequest('菜单编号已存在');
    if (id) {
      if (!isId(id) || !all.some((m) => m.id === id)) throw notFound();
      // A menu cannot move under itself or one of its descendants.
      let p: string | undefined = values.parent_id;
      while (p && p !== '0') {
        if (p === id) throw badRequest('上级菜单不能选择自身或其子菜单');
        p = all.find((m) => m.id === p)?.parent_id;
      }
    }
    const { remoteEntry, clearBelow } = settleRemoteEntry(values, id, all);
    values.remote_entry = remoteEntry;
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      if (id) {
        // optimistic locking, as for every resource (crud/record-version.ts)
        const current = await trx
          .selectFrom('blade_menu')
          .selectAll()
          .where('id', '=', id)
          .where('is_deleted', '=', 0)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound();
        assertFresh(current, body);
        await trx
          .updateTable('blade_menu')
          .set({ ...values, ...nextVersion(current) })
          .where('id', '=', id)
          .execute();
      } else
        await trx
          .insertInto('blade_menu')
          .values({ ...values, id: nextId() })
          .execute();
      // the copies older data kept on the menus below a remote's root (only the root's counts)
      if (clearBelow.length)
        await trx
          .updateTable('blade_menu')
          .set({ remote_entry: null })
          .where('id', 'in', clearBelow)
          .execute();
    });
    menus.invalidate();
    await grantsChanged(ctx);
    return done(id ? '更新成功' : '新增成功');
  });

  app.post(`${base}/remove`, { config: { access: { perm: 'menu_delete' } } }, async (request) => {
    const user = requireUser(request);
    if (user.tenantId !== PLATFORM_TENANT) throw forbidden('只有平台管理员可以维护全局数据');
    const ids = idList((request.query as Record<string, unknown>).ids, '主键');
    if (!ids.length) throw badRequest('请选择要删除的数据');
    const all = await menus.all();
    if (all.some((m) => ids.includes(m.parent_id) && !ids.includes(m.id)))
      throw badRequest('请先删除子节点!');
    await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx.updateTable('blade_menu').set({ is_deleted: 1 }).where('id', 'in', ids).execute(),
    );
    menus.invalidate();
    await grantsChanged(ctx);
    return done('删除成功');
  });
}

const str = (v: unknown, max: number, label: string, required?: string): string | null => {
  if (v === undefined || v === null || v === '') {
    if (required) throw badRequest(required);
    return null;
  }
  const s = String(v).trim();
  if (required && !s) throw badRequest(required);
  if (s.length > max) throw badRequest(`${label}长度不能超过${max}个字符`);
  return s;
};
const intIn = (v: unknown, allowed: number[], label: string, fallback: number): number => {
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  if (!allowed.includes(n)) throw badRequest(`${label}取值不正确`);
  return n;
};

function validateMenu(body: Record<string, unknown>) {
  const parentId = body.parentId === undefined || body.parentId === '' ? '0' : String(body.parentId);
  if (!(parentId === '0' || isId(parentId))) throw badRequest('上级菜单主键格式不正确');
  const sort = body.sort === undefined || body.sort === '' ? 0 : Number(body.sort);
  if (!Number.isInteger(sort)) throw badRequest('菜单排序必须是整数');
  const remoteEntry = str(body.remoteEntry, 1000, '远程模块地址');
  if (remoteEntry && !/^(\/|https?:\/\/)/.test(remoteEntry))
    throw badRequest('远程模块地址必须以 / 或 http(s):// 开头');
  const remote = str(body.remote, 64, '远程模块名称');
  if (remote && !/^[A-Za-z][A-Za-z0-9_]*$/.test(remote))
    throw badRequest('远程模块名称只能包含字母、数字和下划线');
  let meta: Record<string, unknown> | null = null;
  if (body.meta && typeof body.meta === 'object' && !Array.isArray(body.meta))
    meta = body.meta as Record<string, unknown>;
  return {
    parent_id: parentId,
    code: str(body.code, 255, '菜单编号', '请输入菜单编号')!,
    name: str(body.name, 255, '菜单名称', '请输入菜单名称')!,
    name_en: str(body.nameEn, 255, '英文名称'),
    alias: str(body.alias, 255, '菜单别名'),
    path: str(body.path, 255, '路由地址'),
    source: str(body.source, 255, '菜单图标'),
    sort,
    category: intIn(body.category, [1, 2], '菜单类型', 1),
    action: intIn(body.action, [0, 1, 2, 3], '按钮功能', 0),
    is_open: intIn(body.isOpen, [1, 2], '新窗口', 1),
    remote,
    remote_entry: remoteEntry,
    query: str(body.query, 1000, '路由参数'),
    meta: meta ? JSON.stringify(meta) : null,
    remark: str(body.remark, 255, '备注'),
  };
}

/** The menu screen's reads: list, menu-list, lazy-list, lazy-menu-list, detail, and the menu pickers
 * (tree, select). */
import { isId, menuResource } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { menuToWire } from '../../access/menu-store.js';
import type { AppContext } from '../../context.js';
import { pickerCodes } from '../../engine/crud/picker-access.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { buildForest, treeNodes } from '../../util/tree.js';
import {
  ACTION_NAME,
  CATEGORY_NAME,
  IS_OPEN_NAME,
  likeFilter,
  MENU,
  MENU_BASE,
  toTreeNode,
} from './menu-nodes.js';

export function menuScreenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { menus } = ctx;
  const base = MENU_BASE;

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
}

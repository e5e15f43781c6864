/** Menus are global (platform) rows: submit and remove, by the platform tenant only. */
import { isId } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { grantsChanged } from '../../access/grants-changed.js';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { PLATFORM_TENANT } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { assertFresh, nextVersion } from '../../engine/crud/record-version.js';
import { badRequest, done, forbidden, notFound } from '../../http/envelope.js';
import { idList } from '../../http/params.js';
import { validateMenu } from './menu-input.js';
import { MENU_BASE } from './menu-nodes.js';
import { settleRemoteEntry } from './menu-remote-entry.js';

export function menuWriteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { menus } = ctx;
  const base = MENU_BASE;

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
        // optimistic locking, as for every resource (engine/crud/record-version.ts)
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

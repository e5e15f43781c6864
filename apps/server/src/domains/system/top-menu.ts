import { requireUser } from '../../auth/guard.js';
import { grantsChanged } from '../../access/grants-changed.js';
import { nextId } from '../../db/ids.js';
import type { ResourceBehaviour } from '../../engine/module.js';
import { badRequest, done, notFound } from '../../http/envelope.js';
import { idList } from '../../http/params.js';

export const topMenuBehaviour: ResourceBehaviour = {
  hooks: {
    async beforeRemove({ trx }, ids) {
      await trx.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', ids).execute();
    },
    async committed({ ctx }, _ids, action) {
      if (action === 'remove') await grantsChanged(ctx);
    },
  },
  verbs: {
    /** 菜单配置: which menus each top menu shows. */
    grant: {
      access: { perm: 'topmenu_setting' },
      async handle(request, { ctx }) {
        const user = requireUser(request);
        const b = (request.body ?? {}) as Record<string, unknown>;
        const topMenuIds = idList(b.topMenuIds, '顶部菜单');
        const menuIds = idList(b.menuIds, '菜单');
        if (!topMenuIds.length) throw badRequest('请选择顶部菜单');
        await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
          const tops = await trx
            .selectFrom('blade_top_menu')
            .select('id')
            .where('id', 'in', topMenuIds)
            .where('tenant_id', '=', user.tenantId)
            .where('is_deleted', '=', 0)
            .execute();
          if (tops.length !== topMenuIds.length) throw notFound('顶部菜单不存在');
          await trx.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', topMenuIds).execute();
          const rows = topMenuIds.flatMap((top) =>
            menuIds.map((menuId) => ({
              id: nextId(),
              tenant_id: user.tenantId,
              top_menu_id: top,
              menu_id: menuId,
            })),
          );
          if (rows.length) await trx.insertInto('blade_top_menu_setting').values(rows).execute();
        });
        await grantsChanged(ctx);
        return done('操作成功!');
      },
    },
  },
};

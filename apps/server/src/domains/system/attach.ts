import type { ResourceBehaviour } from '../../engine/module.js';

/** 附件管理: removing an attachment removes its stored object too, once the removal has committed (a
 * store that refuses leaves the row removed and the failure in the server's log). */
export const attachBehaviour: ResourceBehaviour = {
  hooks: {
    async committed({ user, ctx }, ids, action) {
      if (action !== 'remove' || !ids.length) return;
      const rows = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
        trx
          .selectFrom('blade_attach')
          .select('name')
          .where('id', 'in', ids)
          .where('is_deleted', '=', 1)
          .execute(),
      );
      for (const row of rows)
        await (await ctx.stores.forName(String(row.name)))?.remove(String(row.name)).catch((err: unknown) => {
          ctx.logs.logger?.warn({ err }, 'attachment object not removed');
        });
    },
  },
};

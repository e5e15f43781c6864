import type { ResourceBehaviour } from '../../engine/module.js';
import { badRequest } from '../../http/envelope.js';

/** How many records a refusal names before "等". */
const NAMED = 3;

/** 附件管理: a file still used by a record (blade_attach_use, engine/crud/attachment-uses.ts) is not removed —
 * removing it would break that record's link — the refusal says where it is used; removing an unused
 * attachment removes its stored object too, once the removal has committed (a store that refuses leaves
 * the row removed and the failure in the server's log). */
export const attachBehaviour: ResourceBehaviour = {
  hooks: {
    async beforeRemove({ trx }, ids) {
      const uses = await trx
        .selectFrom('blade_attach_use as u')
        .innerJoin('blade_attach as a', 'a.id', 'u.attach_id')
        .select(['a.original_name', 'u.resource_label', 'u.field_label', 'u.record_label', 'u.record_id'])
        .where('u.attach_id', 'in', ids)
        .orderBy('u.create_time', 'desc')
        .limit(NAMED + 1)
        .execute();
      if (!uses.length) return;
      const first = uses[0]!;
      const places = uses
        .slice(0, NAMED)
        .map(
          (u) =>
            `${String(u.resource_label)}「${String(u.record_label ?? u.record_id)}」的${String(u.field_label)}`,
        );
      throw badRequest(
        `附件「${String(first.original_name)}」仍被${places.join('、')}${uses.length > NAMED ? '等' : ''}使用,` +
          '请先在这些记录中移除该附件后再删除',
      );
    },
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

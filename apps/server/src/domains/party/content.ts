/** Small write rules of the party's content and records: the time a record is submitted or reported,
 * who replied, and the counted `viewDetail` of study articles (docs/domain-model.md#学习资料-studyarticle). */
import { isId } from '@tongxin/resources';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';

/** Sets `column` to the time of the insert. */
export const stampOnInsert = (column: string): ResourceHooks => ({
  async beforeWrite(_args, values, existing) {
    if (!existing) values[column] = formatDateTime();
  },
});

/** Published articles carry their publishing time. */
export const articleHooks: ResourceHooks = {
  async beforeWrite(_args, values, existing) {
    if (
      Number(values.publish_status ?? existing?.publish_status) === 1 &&
      !values.publish_time &&
      !existing?.publish_time
    )
      values.publish_time = formatDateTime();
  },
};

/** A reply names who wrote it. */
export const replyHooks: ResourceHooks = {
  async beforeWrite({ user }, values, existing) {
    if (!existing) values.reply_user_name = user.nickName || user.account;
  },
};

/** What else a view does in its transaction (a study article records its reader). */
export type OnView = (trx: Trx, user: AuthUser, row: Row) => Promise<void>;

/** `viewDetail?id=`: the record, its view counted (and `onView` done in the same transaction). */
export const viewDetailVerb = (perm: string, onView?: OnView): VerbHandler => ({
  method: 'GET',
  access: { perm: [perm] },
  handle: async (request, engine) => {
    const user = requireUser(request);
    const id = requestParams(request).id;
    if (!isId(id)) throw badRequest('缺少必要的请求参数: id');
    return engine.run(user, async (trx, base) => {
      const row = (await (await base()).selectAll().where('id', '=', id).executeTakeFirst()) as
        Row | undefined;
      if (!row) throw notFound();
      await trx
        .updateTable(engine.def.table)
        .set({ browse_num: sql`browse_num + 1` })
        .where('id', '=', id)
        .execute();
      row.browse_num = Number(row.browse_num ?? 0) + 1;
      await onView?.(trx, user, row);
      return ok((await engine.decorate(trx, user, [row]))[0]);
    });
  },
});

/** Who has read a study article (docs/domain-model.md#学习记录-studyrecord): the article's `viewDetail` records
 * its caller once — the first read makes the reader's row and counts the article's `read_num`, later reads
 * only move `end_time` on. Runs in the view's transaction, after the view's update locked the article
 * row, so two first reads of one user never make two rows. */
import { studyArticleResource, studyRecordResource } from '@tongxin/resources';
import { sql } from 'kysely';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { formatDateTime } from '../../util/datetime.js';
import type { OnView } from './content.js';

const RECORDS = studyRecordResource.table;

export const recordStudyRead: OnView = async (trx: Trx, user: AuthUser, article: Row) => {
  const now = formatDateTime();
  const articleId = String(article.id);
  const tenantId = String(article.tenant_id);
  const seen = await trx
    .selectFrom(RECORDS)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('article_id', '=', articleId)
    .where('app_user_id', '=', user.userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (seen) {
    await trx
      .updateTable(RECORDS)
      .set({ end_time: now, read_count: sql`read_count + 1`, update_time: now, update_user: user.userId })
      .where('id', '=', seen.id)
      .execute();
    return;
  }
  await trx
    .insertInto(RECORDS)
    .values({
      id: nextId(),
      tenant_id: tenantId,
      article_id: articleId,
      app_user_id: user.userId,
      start_time: now,
      end_time: now,
      read_count: 1,
      create_user: user.userId,
      create_time: now,
      update_user: user.userId,
      update_time: now,
    })
    .execute();
  await trx
    .updateTable(studyArticleResource.table)
    .set({ read_num: sql`read_num + 1` })
    .where('id', '=', articleId)
    .execute();
  article.read_num = Number(article.read_num ?? 0) + 1;
};

/** 资讯社区 (docs/domain-model.md#发布社区-infocommunity): one row per article and community. */
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';

export const infoCommunityHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const articleId = values.article_id ?? existing?.article_id;
    const communityId = values.community_id ?? existing?.community_id;
    let q = trx
      .selectFrom('app_info_community')
      .select('id')
      .where('tenant_id', '=', String(existing?.tenant_id ?? user.tenantId))
      .where('is_deleted', '=', 0)
      .where('article_id', '=', String(articleId))
      .where('community_id', '=', String(communityId));
    if (existing) q = q.where('id', '<>', String(existing.id));
    if (await q.executeTakeFirst()) throw badRequest('该文章已发布到此社区');
  },
};

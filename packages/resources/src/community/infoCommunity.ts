import { defineResource } from '../define';
import { communityField } from './shared-fields';

/** 资讯社区 — docs/domain-model.md#发布社区-infocommunity: the communities an article with scopeType 1 is published
 * to. Edited in the article's drawer (its buttons are the article screen's). */
export const infoCommunityResource = defineResource({
  name: 'infoCommunity',
  label: { zh: '发布社区', en: 'Article communities' },
  path: '/api/app-info-community/infocommunity',
  table: 'app_info_community',
  permission: 'info_article',
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 500,
  fields: [
    {
      name: 'articleId',
      kind: 'ref',
      label: { zh: '文章', en: 'Article' },
      ref: { resource: 'infoArticle', labelField: 'title' },
      required: '请选择文章',
      search: 'equal',
    },
    communityField('请选择社区'),
  ],
});

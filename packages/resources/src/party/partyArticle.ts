import { defineResource } from '../define';
import { articleFields, articleFrame } from './content-fields';

/** 活动风采 — docs/domain-model.md#活动风采-partyarticle: a content article in an activity section, linked
 * to the activity it reports on. */
export const partyArticleResource = defineResource({
  name: 'partyArticle',
  label: { zh: '活动风采', en: 'Activity articles' },
  path: '/api/app-party-article/partyarticle',
  table: 'app_party_article',
  permission: 'party_article',
  screens: ['/party/partyarticle'],
  menu: { parent: 'party_life', sort: 4, icon: 'FileTextOutlined' },
  ...articleFrame,
  fields: [
    ...articleFields('partySection'),
    {
      name: 'activityId',
      kind: 'ref',
      label: { zh: '关联活动', en: 'Activity' },
      ref: { resource: 'partyActivity', labelField: 'title' },
      search: 'equal',
      width: 160,
    },
  ],
});

import { defineResource } from '../define';
import { articleFields, articleFrame } from './content-fields';

/** 纪检文章 — docs/domain-model.md#纪检文章-disciplinearticle: a content article in a
 * discipline section. */
export const disciplineArticleResource = defineResource({
  name: 'disciplineArticle',
  label: { zh: '纪检文章', en: 'Discipline articles' },
  path: '/api/app-discipline-article/disciplinearticle',
  table: 'app_discipline_article',
  permission: 'discipline_article',
  screens: ['/discipline/disciplinearticle'],
  menu: { parent: 'discipline', sort: 2, icon: 'FileTextOutlined' },
  ...articleFrame,
  fields: articleFields('disciplineSection'),
});

import { defineResource } from '../define';
import { articleFields, articleFrame } from './content-fields';

/** 学习资料 — docs/domain-model.md#学习资料-studyarticle: a content article with a suggested study time, points for
 * finishing it, 党员必学 and its file type. `viewDetail` answers it, counts a view and records
 * the reader once (studyRecord, the 已读人员 tab; `readNum` counts the readers). */
export const studyArticleResource = defineResource({
  name: 'studyArticle',
  label: { zh: '学习资料', en: 'Study articles' },
  path: '/api/app-study-article/studyarticle',
  table: 'app_study_article',
  permission: 'study_article',
  screens: ['/party/studyarticle'],
  menu: { parent: 'party_study', sort: 2, icon: 'BookOutlined' },
  ...articleFrame,
  details: [{ resource: 'studyRecord', foreignKey: 'articleId', label: { zh: '已读人员', en: 'Readers' } }],
  fields: [
    ...articleFields('studySection'),
    {
      name: 'fileType',
      kind: 'int',
      label: { zh: '资料类型', en: 'File type' },
      options: [
        { value: 1, label: { zh: '图文', en: 'Article' } },
        { value: 2, label: { zh: '视频', en: 'Video' } },
        { value: 3, label: { zh: '音频', en: 'Audio' } },
        { value: 4, label: { zh: '文档', en: 'Document' } },
      ],
      defaultValue: 1,
      nullable: false,
      search: 'equal',
      width: 90,
    },
    {
      name: 'isRequired',
      kind: 'flag',
      label: { zh: '党员必学', en: 'Required' },
      dict: { code: 'yes_no' },
      defaultValue: 0,
      nullable: false,
      search: 'equal',
      width: 90,
    },
    {
      name: 'studyDuration',
      kind: 'int',
      label: { zh: '建议时长(分钟)', en: 'Minutes' },
      min: 0,
      list: false,
    },
    { name: 'studyScore', kind: 'int', label: { zh: '学完积分', en: 'Points' }, min: 0, list: false },
    {
      name: 'readNum',
      kind: 'int',
      label: { zh: '已读人数', en: 'Readers' },
      readOnly: true,
      defaultValue: 0,
      nullable: false,
      width: 90,
    },
  ],
});

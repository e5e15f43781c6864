import { defineResource } from '../define';
import { enableStatusField, sortField } from './shared-fields';

/** 常见问题 — docs/domain-model.md#常见问题-sysquestion: the app's help-centre questions and answers. */
export const sysQuestionResource = defineResource({
  name: 'sysQuestion',
  label: { zh: '常见问题', en: 'FAQ' },
  path: '/api/app-sys-question/sysquestion',
  table: 'app_sys_question',
  permission: 'sys_question',
  screens: ['/sys/sysquestion'],
  menu: { parent: 'content', sort: 5, icon: 'ProfileOutlined' },
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 900,
  labelField: 'question',
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: [
    {
      name: 'category',
      kind: 'dict',
      label: { zh: '分类', en: 'Category' },
      dict: { code: 'faq_category', biz: true },
      required: '请选择分类',
      search: 'equal',
    },
    {
      name: 'question',
      kind: 'string',
      label: { zh: '问题', en: 'Question' },
      required: '请输入问题',
      maxLength: 200,
      search: 'like',
    },
    {
      name: 'questionBo',
      kind: 'string',
      label: { zh: '问题(藏文)', en: 'Question (Tibetan)' },
      maxLength: 200,
      list: false,
    },
    {
      name: 'answer',
      kind: 'richtext',
      label: { zh: '解答', en: 'Answer' },
      required: '请输入解答',
      list: false,
    },
    { name: 'answerBo', kind: 'richtext', label: { zh: '解答(藏文)', en: 'Answer (Tibetan)' }, list: false },
    sortField(),
    enableStatusField(),
    {
      name: 'browseNum',
      kind: 'int',
      label: { zh: '查看数', en: 'Views' },
      readOnly: true,
      defaultValue: 0,
      nullable: false,
    },
  ],
});

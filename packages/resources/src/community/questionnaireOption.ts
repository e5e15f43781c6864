import { defineResource } from '../define';
import { sortField } from './shared-fields';

/** 问卷选项 — docs/domain-model.md#问卷选项-questionnaireoption: an option of a choice question; `selectNum` counts
 * the answers. */
export const questionnaireOptionResource = defineResource({
  name: 'questionnaireOption',
  label: { zh: '问卷选项', en: 'Options' },
  path: '/api/app-questionaire-option/questionaireoption',
  table: 'app_questionnaire_option',
  permission: 'questionnaire',
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  labelField: 'content',
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: [
    {
      name: 'questionId',
      kind: 'ref',
      label: { zh: '题目', en: 'Question' },
      ref: { resource: 'questionnaireQuestion', labelField: 'title' },
      required: '请选择题目',
      search: 'equal',
      list: false,
    },
    columnOnlyQuestionnaire(),
    {
      name: 'optionLabel',
      kind: 'string',
      label: { zh: '选项', en: 'Label' },
      required: '请输入选项标识',
      maxLength: 4,
      width: 70,
    },
    {
      name: 'content',
      kind: 'string',
      label: { zh: '选项内容', en: 'Text' },
      required: '请输入选项内容',
      maxLength: 200,
    },
    {
      name: 'contentBo',
      kind: 'string',
      label: { zh: '选项内容(藏文)', en: 'Text (Tibetan)' },
      maxLength: 200,
      list: false,
    },
    {
      name: 'allowInput',
      kind: 'dict',
      label: { zh: '可填写', en: 'Free text' },
      dict: { code: 'yes_no' },
      defaultValue: 0,
      nullable: false,
    },
    sortField(),
    {
      name: 'selectNum',
      kind: 'int',
      label: { zh: '被选次数', en: 'Chosen' },
      readOnly: true,
      defaultValue: 0,
      nullable: false,
    },
  ],
});

/** The questionnaire of the option's question (set by the server from the question). */
function columnOnlyQuestionnaire() {
  return {
    name: 'questionnaireId',
    kind: 'long' as const,
    label: { zh: '问卷', en: 'Questionnaire' },
    readOnly: true as const,
    index: true as const,
    list: false,
    form: false,
    view: false,
  };
}

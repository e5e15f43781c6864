import { defineResource } from '../define';
import { appUserField } from './shared-fields';

/** 答题明细 — docs/domain-model.md#答题明细-questionnaireanswer: a submission's answer to one question. Written by
 * answering (the resident's sheet) or by hand within the same rules: a question of the sheet's questionnaire,
 * once per sheet, while the questionnaire runs; the results' counters follow. */
export const questionnaireAnswerResource = defineResource({
  name: 'questionnaireAnswer',
  label: { zh: '答题明细', en: 'Answer lines' },
  path: '/api/app-questionaire-answer/questionaireanswer',
  table: 'app_questionnaire_answer',
  permission: 'questionnaire_user',
  permissionAliases: ['questionnaire'],
  // the answers of a questionnaire (questionnaireId_equal) as an Excel sheet
  exportable: true,
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  defaultSort: [{ field: 'questionId', direction: 'asc' }],
  fields: [
    {
      name: 'questionnaireUserId',
      kind: 'ref',
      label: { zh: '答卷', en: 'Submission' },
      ref: { resource: 'questionnaireUser', labelField: 'name' },
      required: '请选择答卷',
      search: 'equal',
      list: false,
    },
    {
      name: 'questionnaireId',
      kind: 'ref',
      label: { zh: '问卷', en: 'Questionnaire' },
      ref: { resource: 'questionnaire', labelField: 'title' },
      required: '请选择问卷',
      search: 'equal',
      list: false,
    },
    {
      name: 'questionId',
      kind: 'ref',
      label: { zh: '题目', en: 'Question' },
      ref: { resource: 'questionnaireQuestion', labelField: 'title' },
      required: '请选择题目',
      search: 'equal',
      sortable: true,
    },
    appUserField({ zh: '答题人', en: 'Account' }, '请选择答题人', { list: false }),
    {
      name: 'optionIds',
      kind: 'ref',
      label: { zh: '所选选项', en: 'Options' },
      ref: { resource: 'questionnaireOption', labelField: 'content', multiple: true },
      maxLength: 200,
    },
    { name: 'answerText', kind: 'text', label: { zh: '填写内容', en: 'Text' }, maxLength: 2000 },
    { name: 'answerScore', kind: 'int', label: { zh: '评分', en: 'Score' } },
  ],
});

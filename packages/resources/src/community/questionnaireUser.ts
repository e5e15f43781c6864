import { defineResource } from '../define';
import { personPhoneField } from '../person-fields';
import { appUserField, communityField } from './shared-fields';

/** 答卷记录 — docs/domain-model.md#答卷记录-questionnaireuser: one submission of a questionnaire (written by the
 * `answer` verb). */
export const questionnaireUserResource = defineResource({
  name: 'questionnaireUser',
  label: { zh: '答卷记录', en: 'Answers' },
  path: '/api/app-questionaire2user/questionaire2user',
  table: 'app_questionnaire_user',
  permission: 'questionnaire_user',
  screens: ['/community/questionnaire2user'],
  menu: {
    parent: 'convenience',
    sort: 3,
    icon: 'ProfileOutlined',
    buttons: ['view', 'add', 'edit', 'delete', 'export'],
  },
  permissionAliases: ['questionnaire'],
  standard: ['view'],
  tenant: true,
  audit: true,
  softDelete: true,
  exportable: true,
  drawerWidth: 800,
  labelField: 'name',
  defaultSort: [{ field: 'submitTime', direction: 'desc' }],
  details: [
    {
      resource: 'questionnaireAnswer',
      foreignKey: 'questionnaireUserId',
      label: { zh: '答题', en: 'Answers' },
    },
  ],
  fields: [
    {
      name: 'questionnaireId',
      kind: 'ref',
      label: { zh: '问卷', en: 'Questionnaire' },
      ref: { resource: 'questionnaire', labelField: 'title' },
      required: '请选择问卷',
      search: 'equal',
    },
    appUserField({ zh: '答题人账号', en: 'Account' }, '请选择答题人', { list: false }),
    { name: 'name', kind: 'string', label: { zh: '答题人', en: 'Name' }, maxLength: 32, search: 'like' },
    personPhoneField('phone', { zh: '电话', en: 'Phone' }, { maxLength: 20 }),
    communityField(undefined),
    {
      name: 'answerStatus',
      kind: 'dict',
      label: { zh: '作答状态', en: 'Status' },
      dict: { code: 'answer_status' },
      defaultValue: 0,
      nullable: false,
      search: 'equal',
    },
    {
      name: 'submitTime',
      kind: 'datetime',
      label: { zh: '提交时间', en: 'Submitted' },
      sortable: true,
      search: 'range',
    },
    { name: 'durationSeconds', kind: 'int', label: { zh: '用时(秒)', en: 'Seconds' } },
    {
      name: 'scoreGranted',
      kind: 'dict',
      label: { zh: '已发积分', en: 'Points granted' },
      dict: { code: 'yes_no' },
      defaultValue: 0,
      nullable: false,
      list: false,
    },
  ],
});

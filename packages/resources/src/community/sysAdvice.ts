import { auditField, defineResource } from '../define';
import { mobileField } from '../person-fields';
import { appUserField, communityField } from './shared-fields';
import { overdueField, replyDetail, ticketActions, ticketFrame, ticketTextFields } from './ticket-fields';

const OPEN = { field: 'adoptStatus', in: [0] };

/** 意见建议 — docs/domain-model.md#意见建议-sysadvice. Lighter than a complaint: replies, then 采纳 (办结) or 不采纳 (the
 * SysAdvice process's pass or reject), each a row of the conversation and a message to the resident. */
export const sysAdviceResource = defineResource({
  name: 'sysAdvice',
  label: { zh: '意见建议', en: 'Advice' },
  path: '/api/app-sys-advice/sysadvice',
  table: 'app_sys_advice',
  permission: 'sys_advice',
  screens: ['/sys/sysadvice'],
  menu: { parent: 'feedback', sort: 3, icon: 'MessageOutlined', buttons: ['view', 'delete', 'export'] },
  counted: { key: 'feedback', sort: 3, pending: { field: 'replyStatus', in: [0] } },
  ...ticketFrame,
  process: {
    key: 'SysAdvice',
    name: '意见建议处理流程',
    category: 'flow_12',
    perm: 'sys_advice_reply_reply',
    taskName: '建议处理',
    groups: 'grid,admin',
  },
  details: [replyDetail('sysAdviceReply', 'adviceId')],
  actions: ticketActions('sys_advice_reply_reply', OPEN).map((a) =>
    a.name === 'finish'
      ? {
          ...a,
          label: { zh: '采纳', en: 'Adopt' },
          reason: { ...a.reason!, label: { zh: '采纳意见', en: 'Note' }, required: '请输入采纳意见' },
        }
      : a.name === 'refuse'
        ? {
            ...a,
            label: { zh: '不采纳', en: 'Decline' },
            reason: { ...a.reason!, label: { zh: '不采纳理由', en: 'Reason' }, required: '请输入不采纳理由' },
          }
        : a,
  ),
  fields: [
    {
      name: 'adviceType',
      kind: 'dict',
      label: { zh: '建议类别', en: 'Type' },
      dict: { code: 'advice_type', biz: true },
      required: '请选择建议类别',
      search: 'equal',
    },
    ...ticketTextFields('请输入建议内容'),
    mobileField({ name: 'contactPhone', label: { zh: '联系电话', en: 'Phone' } }),
    appUserField({ zh: '提交人', en: 'Resident' }, undefined, { readOnly: true }),
    communityField(undefined, { readOnly: true }),
    {
      name: 'replyStatus',
      kind: 'dict',
      label: { zh: '回复状态', en: 'Replied' },
      dict: { code: 'reply_status' },
      defaultValue: 0,
      nullable: false,
      readOnly: true,
      search: 'equal',
    },
    {
      name: 'adoptStatus',
      kind: 'dict',
      label: { zh: '采纳状态', en: 'Adopted' },
      dict: { code: 'adopt_status' },
      defaultValue: 0,
      nullable: false,
      readOnly: true,
      search: 'equal',
    },
    overdueField(),
    { name: 'lastReplyTime', kind: 'datetime', label: { zh: '最近回复', en: 'Last reply' }, readOnly: true },
    auditField('createTime', {
      list: true,
      sortable: true,
      search: 'range',
      label: { zh: '提交时间', en: 'Submitted' },
    }),
  ],
});

import { auditField, defineResource } from '../define';
import { appUserField } from './shared-fields';

/** 资料审核 — domain model §2.3 userUpdateLog: a resident's profile change (the app's `submit`) with
 * what it was and what it becomes; the UserUpdateLog process decides it, and passing applies it to the
 * account in the same transaction. */
export const userUpdateLogResource = defineResource({
  name: 'userUpdateLog',
  label: { zh: '资料审核', en: 'Profile review' },
  path: '/api/blade_update_user_log/userUpdateLog',
  table: 'blade_update_user_log',
  permission: 'sys_user_audit',
  screens: ['/sys/sysuseraudit'],
  // removed once decided (a waiting request is decided, not deleted)
  standard: ['view', 'delete'],
  process: {
    key: 'UserUpdateLog',
    name: '个人资料审核流程',
    category: 'flow_10',
    perm: 'sys_user_audit_audit',
    taskName: '资料审核',
    groups: 'admin',
  },
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 900,
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  actions: [
    {
      name: 'pass',
      label: { zh: '通过', en: 'Approve' },
      code: 'sys_user_audit_audit',
      placement: 'row',
      verb: 'pass',
      reason: { field: 'comment', label: { zh: '审核意见', en: 'Comment' }, maxLength: 500 },
    },
    {
      name: 'reject',
      label: { zh: '驳回', en: 'Reject' },
      code: 'sys_user_audit_audit',
      placement: 'row',
      verb: 'reject',
      reason: {
        field: 'comment',
        label: { zh: '驳回理由', en: 'Reason' },
        required: '请输入驳回理由',
        maxLength: 500,
      },
      danger: true,
    },
  ],
  fields: [
    appUserField({ zh: '用户', en: 'Resident' }, '请选择用户'),
    {
      name: 'changeType',
      kind: 'dict',
      label: { zh: '变更类型', en: 'Change' },
      dict: { code: 'user_change_type' },
      required: '请选择变更类型',
      search: 'equal',
    },
    { name: 'changedFields', kind: 'string', label: { zh: '变更字段', en: 'Fields' }, maxLength: 200 },
    {
      name: 'changeSummary',
      kind: 'text',
      label: { zh: '变更前 → 变更后', en: 'Before → after' },
      maxLength: 4000,
      multiline: true,
      list: false,
    },
    {
      name: 'beforeJson',
      kind: 'text',
      label: { zh: '变更前', en: 'Before' },
      required: true,
      list: false,
      view: false,
    },
    {
      name: 'afterJson',
      kind: 'text',
      label: { zh: '变更后', en: 'After' },
      required: true,
      list: false,
      view: false,
    },
    {
      name: 'needAudit',
      kind: 'dict',
      label: { zh: '需审核', en: 'Reviewed' },
      dict: { code: 'yes_no' },
      defaultValue: 1,
      nullable: false,
      list: false,
    },
    { name: 'clientIp', kind: 'string', label: { zh: '来源IP', en: 'IP' }, maxLength: 64, list: false },
    {
      name: 'clientType',
      kind: 'dict',
      label: { zh: '终端', en: 'Client' },
      dict: { code: 'client_type' },
      list: false,
    },
    auditField('createTime', {
      list: true,
      sortable: true,
      search: 'range',
      label: { zh: '提交时间', en: 'Submitted' },
    }),
  ],
});

import { auditField, defineResource, type ComparedKey } from '../define';
import { appUserField } from './shared-fields';

/** What a resident may change in their profile, as the change's snapshots name it (the server's
 * `submit` accepts these keys and no others). */
export const PROFILE_KEYS: ComparedKey[] = [
  { name: 'realName', kind: 'string', label: { zh: '姓名', en: 'Name' } },
  { name: 'name', kind: 'string', label: { zh: '昵称', en: 'Nickname' } },
  { name: 'phone', kind: 'string', label: { zh: '手机号', en: 'Mobile' }, sensitive: 'phone' },
  { name: 'email', kind: 'string', label: { zh: '邮箱', en: 'Email' } },
  { name: 'avatar', kind: 'images', label: { zh: '头像', en: 'Avatar' }, maxCount: 1 },
  { name: 'sex', kind: 'dict', label: { zh: '性别', en: 'Sex' }, dict: { code: 'sex' } },
  {
    name: 'communityId',
    kind: 'ref',
    label: { zh: '所属社区', en: 'Community' },
    ref: { resource: 'dept', labelField: 'deptName' },
  },
];

/** Keys a resident changes at once, logged without review (docs/domain-model.md#资料审核-userupdatelog). */
export const COSMETIC_PROFILE_KEYS: readonly string[] = ['avatar', 'name'];

/** 资料审核 — docs/domain-model.md#资料审核-userupdatelog: a resident's profile change (the app's `submit`) with
 * what it was and what it becomes, shown side by side; the UserUpdateLog process decides a change that
 * needs review, and passing applies it to the account in the same transaction. A cosmetic change
 * (avatar, nickname) is applied at once and only logged (needAudit 0, already 已通过). */
export const userUpdateLogResource = defineResource({
  name: 'userUpdateLog',
  label: { zh: '资料审核', en: 'Profile review' },
  path: '/api/blade_update_user_log/userUpdateLog',
  table: 'blade_update_user_log',
  permission: 'sys_user_audit',
  screens: ['/sys/sysuseraudit'],
  menu: { parent: 'household_manage', sort: 4, icon: 'AuditOutlined', buttons: ['view', 'audit', 'delete'] },
  // removed once decided (a waiting request is decided, not deleted)
  standard: ['view', 'delete'],
  process: {
    key: 'UserUpdateLog',
    name: '个人资料审核流程',
    category: 'flow_10',
    perm: 'sys_user_audit_audit',
    taskName: '资料审核',
    groups: 'admin',
    when: { field: 'needAudit', in: [1] },
    // the account the change is for
    applicant: 'appUserId',
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
      when: { field: 'auditStatus', in: [0] },
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
      when: { field: 'auditStatus', in: [0] },
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
    {
      name: 'changedFields',
      kind: 'string',
      label: { zh: '变更字段', en: 'Fields' },
      maxLength: 200,
      // the keys comma-joined, shown by their labels
      options: PROFILE_KEYS.map((k) => ({ value: k.name, label: k.label })),
      multiple: true,
    },
    {
      name: 'changeSummary',
      kind: 'text',
      label: { zh: '变更前 → 变更后', en: 'Before → after' },
      maxLength: 4000,
      multiline: true,
      list: false,
      // the view compares the snapshots instead (afterJson)
      view: false,
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
      label: { zh: '变更内容', en: 'Changes' },
      required: true,
      list: false,
      compare: { before: 'beforeJson', keys: PROFILE_KEYS },
    },
    {
      name: 'needAudit',
      kind: 'dict',
      label: { zh: '需审核', en: 'Reviewed' },
      dict: { code: 'yes_no' },
      defaultValue: 1,
      nullable: false,
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

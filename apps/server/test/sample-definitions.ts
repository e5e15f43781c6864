import { defineResource } from '@tongxin/resources';

// Definitions of no real screen, for the schema tests (table-sql, definition-schema).

export const label = (zh: string) => ({ zh, en: zh });

/** An approval-driven resource with a unique code and one field of each storage rule. */
export const loanSample = defineResource({
  name: 'sampleLoan',
  label: label('物品借用'),
  path: '/api/app-sample/loan',
  table: 'app_sample_loan',
  permission: 'sample_loan',
  tenant: true,
  audit: true,
  softDelete: true,
  process: {
    key: 'SampleLoan',
    name: '物品借用审核流程',
    category: 'flow_99',
    taskName: '借用审核',
    groups: 'admin',
    perm: 'sample_loan_audit_audit',
  },
  defaultSort: [{ field: 'applyTime', direction: 'desc' }],
  fields: [
    {
      name: 'code',
      kind: 'string',
      label: label('编号'),
      required: true,
      maxLength: 32,
      unique: '编号已存在',
    },
    { name: 'title', kind: 'string', label: label('标题'), search: 'like', sortable: true },
    {
      name: 'category',
      kind: 'dict',
      label: label('类别'),
      dict: { code: 'loan_category', valueType: 'string' },
      search: 'equal',
    },
    { name: 'amount', kind: 'decimal', label: label('金额'), precision: [12, 2] },
    { name: 'applyTime', kind: 'datetime', label: label('申请时间'), required: true, sortable: true },
    { name: 'note', kind: 'text', label: label('备注') },
    { name: 'content', kind: 'richtext', label: label('内容') },
    {
      name: 'userIds',
      kind: 'ref',
      label: label('经办人'),
      ref: { resource: 'user', labelField: 'realName', multiple: true },
    },
    {
      name: 'ownerId',
      kind: 'ref',
      label: label('负责人'),
      ref: { resource: 'user', labelField: 'realName' },
      index: true,
    },
    { name: 'mobile', kind: 'phone', label: label('手机') },
    { name: 'loanDate', kind: 'date', label: label('借用日期') },
    { name: 'returned', kind: 'flag', label: label('已归还'), defaultValue: 0, nullable: false },
    { name: 'state', kind: 'dict', label: label('状态'), dict: { code: 'loan_state' }, defaultValue: 0 },
  ],
});

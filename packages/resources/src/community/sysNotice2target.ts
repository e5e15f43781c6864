import { columnOnly, defineResource } from '../define';
import { communityField } from './shared-fields';

/** 通知对象 — docs/domain-model.md#通知对象-sysnotice2target: one row per recipient, written when the notice is
 * published (or chosen by hand before it is: the standard submit and remove, while the notice is not
 * published, to the tenant's users); the read receipts of the notice's drawer, which the residents' reads
 * write. After publishing the back office records whom it phoned about an unread notice. */
export const sysNotice2targetResource = defineResource({
  name: 'sysNotice2target',
  label: { zh: '通知对象', en: 'Notice recipients' },
  path: '/api/app-sysnotice2target/sysnotice2target',
  table: 'app_sys_notice2target',
  permission: 'sys_notice',
  tenant: true,
  audit: true,
  softDelete: true,
  exportable: false,
  drawerWidth: 600,
  defaultSort: [{ field: 'readStatus', direction: 'asc' }],
  fields: [
    {
      name: 'noticeId',
      kind: 'ref',
      label: { zh: '通知', en: 'Notice' },
      ref: { resource: 'sysNotice', labelField: 'title' },
      required: '请选择通知',
      search: 'equal',
      list: false,
    },
    {
      name: 'targetUserId',
      kind: 'ref',
      label: { zh: '接收人', en: 'Recipient' },
      ref: { resource: 'user', labelField: 'realName' },
      required: '请选择接收人',
      search: 'equal',
    },
    communityField(undefined),
    {
      name: 'readStatus',
      kind: 'dict',
      label: { zh: '阅读状态', en: 'Read' },
      dict: { code: 'read_status' },
      defaultValue: 0,
      nullable: false,
      readOnly: true,
      search: 'equal',
      sortable: true,
    },
    { name: 'readTime', kind: 'datetime', label: { zh: '阅读时间', en: 'Read at' }, readOnly: true },
    {
      name: 'confirmStatus',
      kind: 'dict',
      label: { zh: '回执确认', en: 'Confirmed' },
      dict: { code: 'yes_no' },
      defaultValue: 0,
      nullable: false,
      readOnly: true,
    },
    {
      name: 'contactStatus',
      kind: 'dict',
      label: { zh: '已电话联系', en: 'Contacted' },
      dict: { code: 'yes_no' },
      defaultValue: 0,
      nullable: false,
    },
    { name: 'contactTime', kind: 'datetime', label: { zh: '联系时间', en: 'Contacted at' }, list: false },
    columnOnly({ name: 'contactUserId', kind: 'long', label: { zh: '联系人', en: 'Contacted by' } }),
  ],
});

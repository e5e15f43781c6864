import { defineResource } from '../define';
import { replyFields } from './ticket-fields';

/** 随手拍回复 — docs/domain-model.md#随手拍回复-sysreportreply: the conversation of a snap report (written by its
 * verbs; a reply is removed by its writer or an administrator while the ticket is open). */
export const sysReportReplyResource = defineResource({
  name: 'sysReportReply',
  label: { zh: '随手拍回复', en: 'Snap report replies' },
  path: '/api/app-sys-report-reply/sysreportreply',
  table: 'app_sys_report_reply',
  permission: 'sys_report_reply',
  menu: {
    parent: 'feedback',
    sort: 6,
    icon: 'CustomerServiceOutlined',
    path: '/sys/sysreportreply',
    buttons: ['view', 'reply', 'delete'],
  },
  permissionAliases: ['sys_report'],
  // written by the ticket's verbs; removed (a reply, by its writer or an administrator) while it is open
  standard: ['view', 'delete'],
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 700,
  defaultSort: [{ field: 'createTime', direction: 'asc' }],
  fields: replyFields({ name: 'reportId', resource: 'sysReport', label: { zh: '随手拍', en: 'Report' } }),
});

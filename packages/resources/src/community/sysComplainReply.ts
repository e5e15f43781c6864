import { defineResource } from '../define';
import { replyFields } from './ticket-fields';

/** 投诉回复 — docs/domain-model.md#投诉回复-syscomplainreply: the conversation of a complaint (written by its verbs;
 * a reply is removed by its writer or an administrator while the ticket is open). */
export const sysComplainReplyResource = defineResource({
  name: 'sysComplainReply',
  label: { zh: '投诉回复', en: 'Complaint replies' },
  path: '/api/app-sys-complain-reply/syscomplainreply',
  table: 'app_sys_complain_reply',
  permission: 'sys_complain_reply',
  menu: {
    parent: 'feedback',
    sort: 2,
    icon: 'CustomerServiceOutlined',
    path: '/sys/syscomplainreply',
    buttons: ['view', 'reply', 'delete'],
  },
  permissionAliases: ['sys_complain'],
  // written by the ticket's verbs; removed (a reply, by its writer or an administrator) while it is open
  standard: ['view', 'delete'],
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 700,
  defaultSort: [{ field: 'createTime', direction: 'asc' }],
  fields: replyFields({
    name: 'complainId',
    resource: 'sysComplain',
    label: { zh: '投诉', en: 'Complaint' },
  }),
});

import { defineResource } from '../define';
import { replyFields } from './ticket-fields';

/** 建议回复 — docs/domain-model.md#建议回复-sysadvicereply: the conversation of an advice (written by its verbs; a
 * reply is removed by its writer or an administrator while the ticket is open). */
export const sysAdviceReplyResource = defineResource({
  name: 'sysAdviceReply',
  label: { zh: '建议回复', en: 'Advice replies' },
  path: '/api/app-sys-advice-reply/sysadvicereply',
  table: 'app_sys_advice_reply',
  permission: 'sys_advice_reply',
  menu: {
    parent: 'feedback',
    sort: 4,
    icon: 'CustomerServiceOutlined',
    path: '/sys/sysadvicereply',
    buttons: ['view', 'reply', 'delete'],
  },
  permissionAliases: ['sys_advice'],
  // written by the ticket's verbs; removed (a reply, by its writer or an administrator) while it is open
  standard: ['view', 'delete'],
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 700,
  defaultSort: [{ field: 'createTime', direction: 'asc' }],
  fields: replyFields({ name: 'adviceId', resource: 'sysAdvice', label: { zh: '建议', en: 'Advice' } }),
});

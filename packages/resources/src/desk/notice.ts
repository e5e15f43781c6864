import { defineResource } from '../define';

/** 通知公告 (blade-desk/notice, blade_notice; docs/domain-model.md#通知公告-notice): the desk's announcements per
 * tenant, typed by the `notice` dictionary. */
export const noticeResource = defineResource({
  name: 'notice',
  label: { zh: '通知公告', en: 'Desk notices' },
  path: '/api/blade-desk/notice',
  table: 'blade_notice',
  schema: 'migration',
  permission: 'notice',
  screens: ['/desk/notice'],
  menu: { parent: 'work', sort: 7, icon: 'NotificationOutlined' },
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 800,
  defaultSort: [{ field: 'releaseTime', direction: 'desc' }],
  fields: [
    {
      name: 'title',
      kind: 'string',
      label: { zh: '通知标题', en: 'Title' },
      required: '请输入通知标题',
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'category',
      kind: 'dict',
      label: { zh: '通知类型', en: 'Type' },
      dict: { code: 'notice' },
      required: '请选择通知类型',
      search: 'equal',
      width: 120,
    },
    {
      name: 'releaseTime',
      kind: 'datetime',
      label: { zh: '通知时间', en: 'Released at' },
      required: '请选择通知时间',
      // one range picker: releaseTime_datege + releaseTime_datele (BX Saber sends _datege / _datelt)
      search: 'range',
      sortable: true,
      width: 180,
    },
    {
      name: 'content',
      kind: 'richtext',
      label: { zh: '通知内容', en: 'Content' },
      maxLength: 20000,
      list: false,
    },
  ],
});

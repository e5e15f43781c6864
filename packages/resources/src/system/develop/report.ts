import { columnOnly, defineResource } from '../../define';

/** 报表管理 (blade_report_file, docs/domain-model.md#报表管理-report: list, remove): the stored report files, read
 * and removed here. */
export const reportResource = defineResource({
  name: 'report',
  label: { zh: '报表管理', en: 'Reports' },
  path: '/api/blade-report/report/rest',
  table: 'blade_report_file',
  permission: 'report_list',
  screens: ['/tool/reportlist'],
  menu: { parent: 'tool', sort: 4, icon: 'BarChartOutlined', buttons: ['view', 'delete'] },
  tenant: true,
  audit: false,
  softDelete: true,
  version: false,
  standard: ['delete', 'view'],
  defaultSort: [{ field: 'updateTime', direction: 'desc' }],
  fields: [
    {
      name: 'name',
      kind: 'string',
      label: { zh: '文件名', en: 'File name' },
      required: '请输入文件名',
      maxLength: 100,
      search: 'like',
      sortable: true,
    },
    columnOnly({
      name: 'content',
      kind: 'text',
      label: { zh: '文件内容', en: 'Content' },
      maxLength: 1000000,
    }),
    {
      name: 'createTime',
      kind: 'datetime',
      label: { zh: '创建时间', en: 'Created' },
      search: 'range',
      sortable: true,
    },
    { name: 'updateTime', kind: 'datetime', label: { zh: '更新时间', en: 'Updated' }, sortable: true },
  ],
});

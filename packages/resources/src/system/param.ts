import { auditField, defineResource } from '../define';

/** 参数管理 — product spec §3 Parameter, §5 messages. */
export const paramResource = defineResource({
  name: 'param',
  label: { zh: '参数管理', en: 'Parameters' },
  path: '/api/blade-system/param',
  table: 'blade_param',
  schema: 'migration',
  permission: 'param',
  screens: ['/system/param'],
  tenant: false,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'paramName',
      kind: 'string',
      label: { zh: '参数名称', en: 'Name' },
      required: '请输入参数名称',
      maxLength: 255,
      search: 'like',
      sortable: true,
    },
    {
      name: 'paramKey',
      kind: 'string',
      label: { zh: '参数键名', en: 'Key' },
      required: '请输入参数键名',
      maxLength: 255,
      unique: '参数键名已存在',
      search: 'like',
      sortable: true,
    },
    {
      name: 'paramValue',
      kind: 'text',
      label: { zh: '参数键值', en: 'Value' },
      required: '请输入参数键值',
      maxLength: 2000,
      multiline: true,
    },
    { name: 'remark', kind: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
    auditField('createTime', { search: 'range' }),
  ],
});

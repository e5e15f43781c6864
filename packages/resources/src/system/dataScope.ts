import { defineResource } from '../define';
import { scopeFrame, scopeHeadFields, scopeRemarkField, scopeSettingAction } from './scope-fields';

/** 数据权限 (blade_scope_data) — docs/domain-model.md#数据权限-datascope. Rows hang under a menu (the
 * screen lists the rows of the menu picked in its tree) and are granted to roles by role/grant.
 * Server special case: `scopeValue` of type 5 (自定义) is a rule the server interprets with bound
 * parameters, never SQL spliced into a query; `scopeClass` names the resource the rule applies to. */
export const dataScopeResource = defineResource({
  name: 'dataScope',
  label: { zh: '数据权限', en: 'Data scopes' },
  path: '/api/blade-system/data-scope',
  table: 'blade_scope_data',
  schema: 'migration',
  permission: 'data_scope',
  screens: ['/authority/datascope'],
  menu: { parent: 'authority', sort: 2, icon: 'DatabaseOutlined' },
  ...scopeFrame,
  fields: [
    ...scopeHeadFields('数据'),
    {
      name: 'scopeColumn',
      kind: 'string',
      label: { zh: '权限字段', en: 'Column' },
      required: '请输入数据权限字段',
      maxLength: 255,
      pattern: { regex: '^[a-z][a-z0-9_]*$', message: '数据权限字段只能是小写字母、数字和下划线' },
      defaultValue: 'create_dept',
    },
    {
      name: 'scopeType',
      kind: 'dict',
      label: { zh: '规则类型', en: 'Rule type' },
      dict: { code: 'data_scope_type' },
      required: '请选择数据权限类型',
      search: 'equal',
      width: 140,
    },
    {
      name: 'scopeField',
      kind: 'string',
      label: { zh: '可见字段', en: 'Visible fields' },
      required: '请输入数据权限可见字段',
      maxLength: 255,
      defaultValue: '*',
      list: false,
    },
    {
      name: 'scopeClass',
      kind: 'string',
      label: { zh: '权限类名', en: 'Target' },
      required: '请输入数据权限类名',
      maxLength: 500,
      list: false,
    },
    {
      name: 'scopeValue',
      kind: 'text',
      label: { zh: '规则值', en: 'Rule value' },
      maxLength: 2000,
      multiline: true,
      list: false,
    },
    scopeRemarkField(),
  ],
  actions: [scopeSettingAction()],
});

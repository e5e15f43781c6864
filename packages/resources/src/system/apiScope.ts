import { defineResource } from '../define';
import { scopeFrame, scopeHeadFields, scopeRemarkField, scopeSettingAction } from './scope-fields';

/** 接口权限 (blade_scope_api) — docs/domain-model.md#接口权限-apiscope. Rows hang under a menu and are
 * granted to roles by role/grant (scope_category 2). */
export const apiScopeResource = defineResource({
  name: 'apiScope',
  label: { zh: '接口权限', en: 'API scopes' },
  path: '/api/blade-system/api-scope',
  table: 'blade_scope_api',
  schema: 'migration',
  permission: 'api_scope',
  screens: ['/authority/apiscope'],
  menu: { parent: 'authority', sort: 3, icon: 'SafetyOutlined' },
  ...scopeFrame,
  fields: [
    ...scopeHeadFields('接口'),
    {
      name: 'scopePath',
      kind: 'string',
      label: { zh: '权限路径', en: 'Path' },
      required: '请输入接口权限路径',
      maxLength: 255,
      pattern: { regex: '^/[A-Za-z0-9_/{}*.-]*$', message: '接口权限路径必须以 / 开头' },
      search: 'like',
    },
    {
      name: 'scopeType',
      kind: 'dict',
      label: { zh: '接口类型', en: 'Type' },
      dict: { code: 'api_scope_type' },
      required: '请选择接口权限类型',
      search: 'equal',
      width: 110,
    },
    scopeRemarkField(),
  ],
  actions: [scopeSettingAction()],
});

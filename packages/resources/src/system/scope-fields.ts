import type { ActionDef, FieldDef, ResourceDef } from '../define';

/** What 数据权限 and 接口权限 share (docs/domain-model.md#数据权限-datascope): platform rows with their audit
 * columns, written by every verb, newest first. */
export const scopeFrame = {
  tenant: false,
  audit: true,
  softDelete: true,
  write: 'all',
  drawerWidth: 880,
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
} satisfies Partial<ResourceDef>;

/** A scope's menu, name and code; `kind` (数据 or 接口) words the messages. */
export const scopeHeadFields = (kind: '数据' | '接口'): FieldDef[] => [
  {
    name: 'menuId',
    kind: 'ref',
    label: { zh: '所属菜单', en: 'Menu' },
    required: '请选择所属菜单',
    ref: { resource: 'menu', labelField: 'name' },
    search: 'equal',
    list: false,
  },
  {
    name: 'scopeName',
    kind: 'string',
    label: { zh: '权限名称', en: 'Name' },
    required: `请输入${kind}权限名称`,
    maxLength: 255,
    search: 'like',
  },
  {
    name: 'resourceCode',
    kind: 'string',
    label: { zh: '权限编号', en: 'Code' },
    required: `请输入${kind}权限编号`,
    maxLength: 255,
    search: 'like',
  },
];

/** The scope's remark, last in its form. */
export const scopeRemarkField = (): FieldDef => ({
  name: 'remark',
  kind: 'string',
  label: { zh: '备注', en: 'Remark' },
  maxLength: 255,
  list: false,
});

/** 权限配置: the screen's own row action (the scopes of the menu picked in its tree). */
export const scopeSettingAction = (): ActionDef => ({
  name: 'setting',
  label: { zh: '权限配置', en: 'Configure' },
  placement: 'row',
});

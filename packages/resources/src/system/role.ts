import { defineResource } from '../define';

/** 角色管理 — docs/domain-model.md#角色管理-role (Role is a plain entity: no audit columns, a tree).
 * Server special cases: `list` answers the forest (RoleVO with children, parentName); `grant` replaces
 * menus, data scopes and API scopes of every listed role; only administrators may create the alias
 * `administrator` (无权限创建超管角色！); `tree` hides the `admin` alias from callers without it. */
export const roleResource = defineResource({
  name: 'role',
  label: { zh: '角色管理', en: 'Roles' },
  path: '/api/blade-system/role',
  table: 'blade_role',
  schema: 'migration',
  permission: 'role',
  menu: { parent: 'authority', sort: 1, icon: 'TeamOutlined', path: '/authority/role' },
  tenant: true,
  platformWide: true,
  audit: false,
  softDelete: true,
  drawerWidth: 600,
  tree: { parentField: 'parentId', labelField: 'roleName', forest: true },
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: [
    {
      name: 'roleName',
      kind: 'string',
      label: { zh: '角色名称', en: 'Role name' },
      required: '请输入角色名称',
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'roleAlias',
      kind: 'string',
      label: { zh: '角色别名', en: 'Alias' },
      required: '请输入角色别名',
      maxLength: 255,
      pattern: { regex: '^[A-Za-z][A-Za-z0-9_]*$', message: '角色别名只能包含字母、数字和下划线' },
      unique: '角色别名已存在',
      search: 'like',
    },
    {
      name: 'parentId',
      kind: 'parent',
      label: { zh: '上级角色', en: 'Parent role' },
      ref: { resource: 'role', labelField: 'roleName' },
      defaultValue: '0',
      list: false,
    },
    {
      name: 'sort',
      kind: 'int',
      label: { zh: '角色排序', en: 'Sort' },
      required: '请输入角色排序',
      min: 0,
      sortable: true,
      width: 90,
    },
  ],
  actions: [{ name: 'grant', label: { zh: '权限设置', en: 'Grant' }, placement: 'toolbar' }],
});

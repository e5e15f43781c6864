import { defineResource } from '../define';

/** 租户产品包 — docs/domain-model.md#租户产品包-tenantpackage: search on packageName, drawer 600 wide, page
 * size 10, no view button. `menuId` is a multi-select of the menu tree sent comma-joined. A tenant's
 * menus are limited to its package (server side, not expressed here). */
export const tenantPackageResource = defineResource({
  name: 'tenantPackage',
  label: { zh: '租户产品包', en: 'Tenant packages' },
  path: '/api/blade-system/tenant-package',
  table: 'blade_tenant_package',
  schema: 'migration',
  permission: 'tenantpackage',
  screens: ['/system/tenantpackage'],
  menu: { parent: 'settings', sort: 11, icon: 'AppstoreOutlined' },
  tenant: false,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  standard: ['add', 'edit', 'delete'],
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'packageName',
      kind: 'string',
      label: { zh: '产品包名称', en: 'Package name' },
      required: '请输入产品包名称',
      maxLength: 50,
      search: 'like',
      sortable: true,
    },
    {
      name: 'menuId',
      kind: 'ref',
      label: { zh: '菜单列表', en: 'Menus' },
      required: '请选择菜单',
      ref: { resource: 'menu', labelField: 'name', multiple: true },
      list: false,
    },
    {
      name: 'remark',
      kind: 'text',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      multiline: true,
    },
  ],
});

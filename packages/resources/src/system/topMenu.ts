import { defineResource } from '../define';

/** 顶部菜单 — docs/domain-model.md#顶部菜单-topmenu (list ordered by sort). `grant` ({topMenuIds,
 * menuIds}, replaces blade_top_menu_setting) is the server's own route behind `topmenu_setting`. */
export const topMenuResource = defineResource({
  name: 'topMenu',
  label: { zh: '顶部菜单', en: 'Top menus' },
  path: '/api/blade-system/topmenu',
  table: 'blade_top_menu',
  schema: 'migration',
  permission: 'topmenu',
  menu: { parent: 'settings', sort: 5, icon: 'AppstoreOutlined', path: '/system/topmenu' },
  tenant: true,
  audit: true,
  softDelete: true,
  write: 'all',
  drawerWidth: 600,
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: [
    {
      name: 'name',
      kind: 'string',
      label: { zh: '菜单名称', en: 'Name' },
      required: '请输入菜单名称',
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'code',
      kind: 'string',
      label: { zh: '菜单编号', en: 'Code' },
      required: '请输入菜单编号',
      maxLength: 255,
      unique: '菜单编号已存在',
      search: 'like',
    },
    {
      // An antd icon name, as blade_menu.source.
      name: 'source',
      kind: 'string',
      label: { zh: '菜单图标', en: 'Icon' },
      maxLength: 255,
    },
    {
      name: 'path',
      kind: 'string',
      label: { zh: '路由地址', en: 'Path' },
      maxLength: 255,
      list: false,
    },
    {
      name: 'sort',
      kind: 'int',
      label: { zh: '菜单排序', en: 'Sort' },
      required: '请输入菜单排序',
      min: 0,
      sortable: true,
      width: 90,
    },
  ],
  actions: [{ name: 'setting', label: { zh: '菜单配置', en: 'Assign menus' }, placement: 'toolbar' }],
});

import { defineResource } from '../define';

/** 菜单管理: the menu API is the server's own (apps/server/src/system/menu-routes.ts), not a generated
 * resource: this definition drives the screen only and is not in `resources` (the engine must not
 * generate routes for it). Lazy tree by parentId (button rows included), LIKE search on name / code /
 * alias / path, and the Module Federation remote name and entry URL (the entry once per remote, on its
 * root menu: remote-entries.ts). */
export const menuResource = defineResource({
  name: 'menu',
  label: { zh: '菜单管理', en: 'Menus' },
  path: '/api/blade-system/menu',
  table: 'blade_menu',
  schema: 'migration',
  permission: 'menu',
  tenant: false,
  audit: false,
  softDelete: true,
  drawerWidth: 880,
  tree: { parentField: 'parentId', labelField: 'name', lazy: true },
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
      name: 'nameEn',
      kind: 'string',
      label: { zh: '英文名称', en: 'English name' },
      maxLength: 255,
      list: false,
    },
    {
      name: 'code',
      kind: 'string',
      label: { zh: '菜单编号', en: 'Code' },
      required: '请输入菜单编号',
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'alias',
      kind: 'string',
      label: { zh: '菜单别名', en: 'Alias' },
      maxLength: 255,
      search: 'like',
      width: 100,
    },
    { name: 'path', kind: 'string', label: { zh: '路由地址', en: 'Path' }, maxLength: 255, search: 'like' },
    {
      name: 'parentId',
      kind: 'parent',
      label: { zh: '上级菜单', en: 'Parent' },
      ref: { resource: 'menu', labelField: 'name' },
      defaultValue: '0',
      list: false,
    },
    { name: 'source', kind: 'string', label: { zh: '菜单图标', en: 'Icon' }, maxLength: 255, width: 100 },
    {
      name: 'category',
      kind: 'int',
      label: { zh: '菜单类型', en: 'Type' },
      required: '请选择菜单类型',
      defaultValue: 1,
      options: [
        { value: 1, label: { zh: '菜单', en: 'Menu' } },
        { value: 2, label: { zh: '按钮', en: 'Button' } },
      ],
      width: 90,
    },
    {
      name: 'action',
      kind: 'int',
      label: { zh: '按钮功能', en: 'Button place' },
      defaultValue: 0,
      options: [
        { value: 0, label: { zh: '无', en: 'None' } },
        { value: 1, label: { zh: '工具栏', en: 'Toolbar' } },
        { value: 2, label: { zh: '操作栏', en: 'Row' } },
        { value: 3, label: { zh: '工具操作栏', en: 'Both' } },
      ],
      list: false,
    },
    {
      name: 'isOpen',
      kind: 'int',
      label: { zh: '新窗口', en: 'New window' },
      defaultValue: 1,
      options: [
        { value: 1, label: { zh: '否', en: 'No' } },
        { value: 2, label: { zh: '是', en: 'Yes' } },
      ],
      list: false,
    },
    {
      name: 'sort',
      kind: 'int',
      label: { zh: '菜单排序', en: 'Sort' },
      required: '请输入菜单排序',
      min: 0,
      width: 80,
    },
    {
      name: 'remote',
      kind: 'string',
      label: { zh: '远程模块名称', en: 'Remote name' },
      maxLength: 64,
      pattern: { regex: '^[A-Za-z][A-Za-z0-9_]*$', message: '远程模块名称只能包含字母、数字和下划线' },
      width: 110,
    },
    {
      name: 'remoteEntry',
      kind: 'string',
      label: { zh: '远程模块地址', en: 'Remote entry URL' },
      maxLength: 1000,
      pattern: { regex: '^(/|https?://)', message: '远程模块地址必须以 / 或 http(s):// 开头' },
      // one entry per remote, on its root menu: shown in the list there, refused on the menus below
      width: 220,
      help: {
        zh: '只在远程模块的根菜单上填写，下级菜单沿用它；不填则为 /remotes/<名称>/mf-manifest.json',
        en: "Only on the remote's root menu; the menus below use it. Empty: /remotes/<name>/mf-manifest.json",
      },
    },
    { name: 'query', kind: 'string', label: { zh: '路由参数', en: 'Query' }, maxLength: 1000, list: false },
    { name: 'remark', kind: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  ],
});

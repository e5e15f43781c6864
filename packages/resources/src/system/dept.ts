import { defineResource } from '../define';

/** 机构管理 — docs/domain-model.md#机构管理-dept (BladeX dept_category; plain entity, lazy tree). Server special
 * cases: `ancestors` is computed on submit (top level "0"; child = parent.ancestors + "," + parentId);
 * self-parent → 父节点不可选择自身!, unknown parent → 上级部门不存在!, cross-tenant move → 不允许跨租户迁移部门，请联系运维处理; `list` answers
 * the forest, `lazy-list` / `lazy-tree?parentId`. */
export const deptResource = defineResource({
  name: 'dept',
  label: { zh: '机构管理', en: 'Departments' },
  path: '/api/blade-system/dept',
  table: 'blade_dept',
  schema: 'migration',
  permission: 'dept',
  screens: ['/system/dept'],
  menu: { parent: 'settings', sort: 2, icon: 'ApartmentOutlined' },
  tenant: true,
  platformWide: true,
  audit: false,
  softDelete: true,
  drawerWidth: 600,
  tree: { parentField: 'parentId', labelField: 'deptName', lazy: true },
  // A dept row is its own department: "own dept (and below)" scopes compare its id.
  dataScope: { deptColumn: 'id' },
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: [
    {
      name: 'deptName',
      kind: 'string',
      label: { zh: '机构名称', en: 'Name' },
      required: '请输入机构名称',
      maxLength: 45,
      search: 'like',
    },
    {
      name: 'fullName',
      kind: 'string',
      label: { zh: '机构全称', en: 'Full name' },
      required: '请输入机构全称',
      maxLength: 45,
      search: 'like',
    },
    {
      name: 'parentId',
      kind: 'parent',
      label: { zh: '上级机构', en: 'Parent' },
      ref: { resource: 'dept', labelField: 'deptName' },
      defaultValue: '0',
      list: false,
    },
    {
      name: 'deptCategory',
      kind: 'dict',
      label: { zh: '机构类型', en: 'Category' },
      dict: { code: 'org_category' },
      required: '请选择机构类型',
      defaultValue: 1,
      search: 'equal',
      width: 100,
    },
    {
      name: 'sort',
      kind: 'int',
      label: { zh: '排序', en: 'Sort' },
      required: '请输入排序',
      min: 0,
      sortable: true,
      width: 80,
    },
    {
      name: 'remark',
      kind: 'text',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      multiline: true,
      list: false,
    },
    {
      name: 'ancestors',
      kind: 'string',
      label: { zh: '祖级列表', en: 'Ancestors' },
      maxLength: 2000,
      form: false,
      list: false,
      view: false,
    },
  ],
});

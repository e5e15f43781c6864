import { defineResource, type FieldDef } from '../define';

const derived = (prefix: string, zh: string, en: string): FieldDef[] => [
  {
    name: `${prefix}Code`,
    kind: 'string',
    label: { zh: `${zh}区划编号`, en: `${en} code` },
    maxLength: 12,
    form: false,
    list: false,
  },
  {
    name: `${prefix}Name`,
    kind: 'string',
    label: { zh: `${zh}名称`, en: `${en} name` },
    maxLength: 32,
    form: false,
    list: false,
  },
];

/** 行政区划 — docs/domain-model.md#行政区划-region (plain entity: no tenant, audit or soft delete).
 * The vocabulary assumes a bigint `id` key; blade_region's key is `code` (varchar(12)) and there is no
 * `id` column, so the server must special-case this resource:
 * - key column `code`: `detail?code=`, `remove?id=` (the value is a code), and `submit` inserts when the
 *   code does not exist yet, else updates it (the code itself is not editable);
 * - `parentCode` holds a code string (root "00"), not a snowflake id; `lazy-list` / `lazy-tree?parentCode`
 *   answer `id`/`parentId` = code/parentCode with `hasChildren`; `select?code` (default "00");
 * - `ancestors` and the province…village code/name columns are derived from the parent chain on submit;
 * - the wire name of `region_level` is `level` (rows must be serialised through the definition);
 * - removal is a hard delete and must refuse a region that still has children. */
export const regionResource = defineResource({
  name: 'region',
  label: { zh: '行政区划', en: 'Regions' },
  path: '/api/blade-system/region',
  table: 'blade_region',
  schema: 'migration',
  permission: 'region',
  screens: ['/system/region'],
  menu: { parent: 'base', sort: 1, icon: 'EnvironmentOutlined' },
  tenant: false,
  audit: false,
  softDelete: false,
  write: 'all',
  drawerWidth: 600,
  importable: true,
  exportable: true,
  tree: { parentField: 'parentCode', labelField: 'name', lazy: true, keyField: 'code', root: '00' },
  defaultSort: [
    { field: 'sort', direction: 'asc' },
    { field: 'code', direction: 'asc' },
  ],
  fields: [
    {
      name: 'parentCode',
      kind: 'string',
      pattern: { regex: '^[0-9]{2,12}$', message: '上级区划编号只能是2到12位数字' },
      defaultValue: '00',
      label: { zh: '上级区划', en: 'Parent' },
      ref: { resource: 'region', labelField: 'name' },
      maxLength: 12,
      disabledOn: ['edit'],
      list: false,
    },
    {
      name: 'code',
      kind: 'string',
      label: { zh: '区划编号', en: 'Code' },
      required: '请输入区划编号',
      maxLength: 12,
      pattern: { regex: '^[0-9]{2,12}$', message: '区划编号只能是2到12位数字' },
      unique: '区划编号已存在',
      disabledOn: ['edit'],
      search: 'likeright',
      sortable: true,
      width: 130,
    },
    {
      name: 'name',
      kind: 'string',
      label: { zh: '区划名称', en: 'Name' },
      required: '请输入区划名称',
      maxLength: 32,
      search: 'like',
    },
    {
      name: 'level',
      column: 'region_level',
      kind: 'dict',
      label: { zh: '区划等级', en: 'Level' },
      dict: { code: 'region' },
      required: '请选择区划等级',
      search: 'equal',
      width: 100,
    },
    {
      name: 'sort',
      kind: 'int',
      label: { zh: '区划排序', en: 'Sort' },
      required: '请输入区划排序',
      min: 0,
      sortable: true,
      width: 90,
    },
    {
      name: 'remark',
      kind: 'string',
      label: { zh: '区划备注', en: 'Remark' },
      maxLength: 255,
      list: false,
    },
    {
      name: 'ancestors',
      kind: 'string',
      label: { zh: '祖区划编号', en: 'Ancestors' },
      maxLength: 255,
      form: false,
      list: false,
    },
    ...derived('province', '省级', 'Province'),
    ...derived('city', '市级', 'City'),
    ...derived('district', '区级', 'District'),
    ...derived('town', '镇级', 'Town'),
    ...derived('village', '村级', 'Village'),
  ],
  actions: [{ name: 'debug', label: { zh: '调试', en: 'Debug' }, placement: 'toolbar' }],
});

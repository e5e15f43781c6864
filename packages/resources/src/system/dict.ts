import { defineResource, type FieldDef } from '../define';

/** antd's preset tag colours: a status value's tag takes its item's colour (DictTag). */
const TAG_COLORS: [string, string, string][] = [
  ['default', '默认(灰)', 'Default (grey)'],
  ['processing', '进行中(蓝, 动态)', 'Processing'],
  ['blue', '蓝色', 'Blue'],
  ['geekblue', '极客蓝', 'Geek blue'],
  ['cyan', '青色', 'Cyan'],
  ['green', '绿色', 'Green'],
  ['lime', '青柠', 'Lime'],
  ['gold', '金色', 'Gold'],
  ['orange', '橙色', 'Orange'],
  ['volcano', '火山红', 'Volcano'],
  ['red', '红色', 'Red'],
  ['magenta', '洋红', 'Magenta'],
  ['purple', '紫色', 'Purple'],
];

/** The dictionary fields, shared by the platform (dict) and business (dictBiz) dictionaries
 * (docs/front-end.md#pickers-and-widgets). One table holds both levels: a header row per code (parentId 0,
 * the "parent table": code, dictValue, sort, isSealed, remark) and its items (the "child tree table", which
 * adds dictValueBo — the Tibetan name — parentId and dictKey).
 * Not expressible yet (see report): in the child table `code` is disabled on add and edit as well;
 * `dictKey`, `dictValueBo` and `parentId` belong to the child table only, and a header's dictKey is "-1";
 * `parentId` is optional with the prompt 请选择上级字典; a backdrop click does not close the drawer;
 * (code, dictKey) is unique (当前字典键值已存在!). The spec's 250 / 300 wide operation columns hid the
 * 字典名称 column beside the tables: the column is sized to its buttons, the rarer ones under 更多. */
export const dictFields = (resource: string): FieldDef[] => [
  {
    name: 'code',
    kind: 'string',
    label: { zh: '字典编号', en: 'Code' },
    required: '请输入字典编号',
    maxLength: 255,
    pattern: { regex: '^[A-Za-z0-9_.-]+$', message: '字典编号只能包含字母、数字和 _ . -' },
    search: 'like',
    sortable: true,
    // long codes (iot_alarm_handle_status) end in an ellipsis, so the name beside them stays in view
    width: 140,
  },
  {
    name: 'dictValue',
    kind: 'string',
    label: { zh: '字典名称', en: 'Name' },
    required: '请输入字典名称',
    maxLength: 255,
    search: 'like',
  },
  {
    name: 'dictValueBo',
    kind: 'string',
    label: { zh: '藏文名称', en: 'Tibetan name' },
    maxLength: 255,
  },
  {
    name: 'parentId',
    kind: 'parent',
    label: { zh: '上级字典', en: 'Parent' },
    ref: { resource, labelField: 'dictValue' },
    defaultValue: '0',
    disabledOn: ['add', 'edit'],
    list: false,
  },
  {
    name: 'dictKey',
    kind: 'string',
    label: { zh: '字典键值', en: 'Key' },
    // Required for items only (a header's key is -1); the server checks it: 请输入字典键值.
    maxLength: 255,
  },
  {
    name: 'sort',
    kind: 'int',
    label: { zh: '字典排序', en: 'Sort' },
    required: '请输入字典排序',
    sortable: true,
    width: 100,
  },
  {
    name: 'isSealed',
    kind: 'flag',
    label: { zh: '封存', en: 'Sealed' },
    dict: { code: 'yes_no' },
    required: '请选择封存',
    defaultValue: 0,
    search: 'equal',
    width: 100,
  },
  {
    name: 'remark',
    kind: 'string',
    label: { zh: '字典备注', en: 'Remark' },
    maxLength: 255,
  },
  {
    // An item's tag colour: status columns showing this dictionary colour the value's tag with it.
    name: 'color',
    kind: 'string',
    label: { zh: '标签颜色', en: 'Tag colour' },
    maxLength: 32,
    options: TAG_COLORS.map(([value, zh, en]) => ({ value, label: { zh, en } })),
    width: 100,
  },
];

/** 系统字典 (blade_dict, global) — served at /dict-horizontal/index and /dict-vertical/index. Server
 * special cases: parent-list (headers), child-list?parentId, tree; a change drops the dictionary cache
 * for that code. The vertical screen's buttons are `dict_vertical_*` (same resource, second menu), which
 * the server accepts as well. */
export const dictResource = defineResource({
  name: 'dict',
  label: { zh: '系统字典', en: 'Dictionaries' },
  path: '/api/blade-system/dict',
  table: 'blade_dict',
  schema: 'migration',
  permission: 'dict',
  menu: { parent: 'settings', sort: 7, icon: 'BookOutlined', path: '/dict-horizontal/index' },
  permissionAliases: ['dict_vertical'],
  tenant: false,
  audit: false,
  softDelete: true,
  drawerWidth: 880,
  tree: { parentField: 'parentId', labelField: 'dictValue' },
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: dictFields('dict'),
  actions: [
    {
      name: 'seal',
      label: { zh: '封存', en: 'Seal' },
      placement: 'row',
      toggle: { field: 'isSealed', value: 1, label: { zh: '解封', en: 'Unseal' } },
    },
  ],
});

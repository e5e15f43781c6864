import { defineResource } from '../../define';

/** 模型原型 (blade-develop/model-prototype: CRUD, POST submit-list, GET select?modelId): a data model's
 * columns as the code generator should present them (label, list, form, search). Edited inside the
 * 数据模型 screen, so it shares that screen's button codes. */
export const modelPrototypeResource = defineResource({
  name: 'modelPrototype',
  label: { zh: '模型原型', en: 'Model prototype' },
  path: '/api/blade-develop/model-prototype',
  table: 'blade_model_prototype',
  permission: 'model',
  tenant: false,
  audit: true,
  softDelete: true,
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: [
    {
      name: 'modelId',
      kind: 'ref',
      label: { zh: '数据模型', en: 'Data model' },
      ref: { resource: 'model', labelField: 'modelName' },
      required: '请选择数据模型',
      search: 'equal',
    },
    {
      name: 'jdbcName',
      kind: 'string',
      label: { zh: '物理列名', en: 'Column' },
      required: '请输入物理列名',
      maxLength: 64,
      search: 'like',
    },
    { name: 'jdbcType', kind: 'string', label: { zh: '物理类型', en: 'Column type' }, maxLength: 64 },
    { name: 'comment', kind: 'string', label: { zh: '注释', en: 'Comment' }, maxLength: 255 },
    { name: 'propertyName', kind: 'string', label: { zh: '属性名', en: 'Property' }, maxLength: 64 },
    { name: 'propertyType', kind: 'string', label: { zh: '属性类型', en: 'Property type' }, maxLength: 64 },
    { name: 'isList', kind: 'flag', label: { zh: '列表显示', en: 'In list' }, defaultValue: 1 },
    { name: 'isForm', kind: 'flag', label: { zh: '表单显示', en: 'In form' }, defaultValue: 1 },
    { name: 'isQuery', kind: 'flag', label: { zh: '查询条件', en: 'Searched' }, defaultValue: 0 },
    { name: 'dictCode', kind: 'string', label: { zh: '字典编号', en: 'Dictionary' }, maxLength: 64 },
    { name: 'sort', kind: 'int', label: { zh: '排序', en: 'Order' }, sortable: true },
  ],
});

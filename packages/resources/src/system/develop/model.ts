import { auditField, defineResource } from '../../define';

/** 数据模型 (blade-develop/model: CRUD, table-list?datasourceId, table-info, model-prototype): a table
 * of a data source the code generator works from. */
export const modelResource = defineResource({
  name: 'model',
  label: { zh: '数据模型', en: 'Data models' },
  path: '/api/blade-develop/model',
  table: 'blade_model',
  permission: 'model',
  screens: ['/tool/model'],
  menu: { parent: 'tool', sort: 2, icon: 'DatabaseOutlined' },
  pickers: ['code*'],
  tenant: false,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  labelField: 'modelName',
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'datasourceId',
      kind: 'ref',
      label: { zh: '数据源', en: 'Datasource' },
      ref: { resource: 'datasource', labelField: 'name' },
      required: '请选择数据源',
    },
    {
      name: 'modelName',
      kind: 'string',
      label: { zh: '模型名称', en: 'Name' },
      required: '请输入模型名称',
      maxLength: 64,
      search: 'like',
      sortable: true,
    },
    {
      name: 'modelTable',
      kind: 'string',
      label: { zh: '模型表名', en: 'Table' },
      required: '请输入模型表名',
      maxLength: 64,
      pattern: { regex: '^[a-z][a-z0-9_]*$', message: '表名只能包含小写字母、数字和下划线' },
      search: 'like',
    },
    {
      name: 'modelCode',
      kind: 'string',
      label: { zh: '模型编号', en: 'Code' },
      maxLength: 64,
      pattern: { regex: '^[A-Za-z][A-Za-z0-9]*$', message: '模型编号只能包含字母和数字' },
      help: { zh: '生成的定义名,如 partyDuty', en: 'The generated definition name, e.g. partyDuty' },
    },
    { name: 'remark', kind: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
    auditField('createTime', { search: 'range' }),
  ],
});

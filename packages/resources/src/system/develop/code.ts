import { auditField, defineResource } from '../../define';

/** The domains a generated definition may belong to (its list and remote). */
export const CODE_DOMAINS = [
  { value: 'party', label: { zh: '党建', en: 'Party' } },
  { value: 'community', label: { zh: '社区', en: 'Community' } },
  { value: 'system', label: { zh: '系统', en: 'System' } },
  { value: 'workflow', label: { zh: '流程', en: 'Workflow' } },
];

/** 代码生成 (blade_code, docs/domain-model.md#代码生成-code: list, POST gen-code with ids
 * and system, POST copy, detail, remove, submit). From a data model's table it generates this project's
 * artefacts: the definition file for packages/resources, the route-map line, the menu and button rows
 * and the dictionary stubs, previewed in the screen and downloaded as a zip. */
export const codeResource = defineResource({
  name: 'code',
  label: { zh: '代码生成', en: 'Code generator' },
  path: '/api/blade-develop/code',
  table: 'blade_code',
  permission: 'code',
  screens: ['/tool/code'],
  menu: { parent: 'tool', sort: 1, icon: 'CodeOutlined' },
  tenant: false,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'codeName',
      kind: 'string',
      label: { zh: '模块名称', en: 'Module' },
      required: '请输入模块名称',
      maxLength: 64,
      search: 'like',
      sortable: true,
    },
    {
      name: 'modelId',
      kind: 'ref',
      label: { zh: '数据模型', en: 'Data model' },
      ref: { resource: 'model', labelField: 'modelName' },
      required: '请选择数据模型',
    },
    {
      name: 'serviceName',
      kind: 'string',
      label: { zh: '所属领域', en: 'Domain' },
      maxLength: 64,
      options: CODE_DOMAINS,
      required: '请选择所属领域',
      search: 'equal',
    },
    {
      name: 'apiPath',
      kind: 'string',
      label: { zh: '接口路径', en: 'API path' },
      maxLength: 200,
      required: '请输入接口路径',
      help: { zh: '形如 /api/app-foo/foo', en: 'Like /api/app-foo/foo' },
    },
    {
      name: 'webPath',
      kind: 'string',
      label: { zh: '菜单路径', en: 'Menu path' },
      maxLength: 200,
      required: '请输入菜单路径',
      help: { zh: '形如 /party/foo', en: 'Like /party/foo' },
    },
    {
      name: 'menuCode',
      kind: 'string',
      label: { zh: '菜单编号', en: 'Menu code' },
      maxLength: 64,
      required: '请输入菜单编号',
      pattern: { regex: '^[a-z][a-z0-9_]*$', message: '菜单编号只能包含小写字母、数字和下划线' },
      help: { zh: '也是按钮编号的前缀', en: 'Also the prefix of the button codes' },
    },
    { name: 'remark', kind: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
    auditField('createTime', { search: 'range' }),
  ],
  actions: [
    { name: 'gen', label: { zh: '代码生成', en: 'Generate' }, placement: 'toolbar' },
    {
      name: 'copy',
      label: { zh: '复制', en: 'Copy' },
      placement: 'row',
      verb: 'copy',
      idParam: 'id',
    },
    { name: 'preview', label: { zh: '预览', en: 'Preview' }, placement: 'row', code: 'code_view' },
  ],
});

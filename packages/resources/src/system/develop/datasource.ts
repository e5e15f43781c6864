import { auditField, defineResource } from '../../define';

/** `driverClass` values: the server's own database, or a PostgreSQL or MySQL server by its JDBC URL. */
export const BUILTIN_DRIVER = 'builtin';
export const MYSQL_DRIVER = 'com.mysql.cj.jdbc.Driver';
export const DATASOURCE_DRIVERS = [
  { value: BUILTIN_DRIVER, label: { zh: '本系统数据库', en: "This system's database" } },
  { value: 'org.postgresql.Driver', label: { zh: 'PostgreSQL', en: 'PostgreSQL' } },
  { value: MYSQL_DRIVER, label: { zh: 'MySQL', en: 'MySQL' } },
];

/** 数据源管理 (blade_datasource, docs/domain-model.md#数据源管理-datasource): databases the code generator
 * reads tables from. The password is stored encrypted and never sent back; left empty on edit it keeps
 * the stored one. Platform data: only the platform tenant maintains it. */
export const datasourceResource = defineResource({
  name: 'datasource',
  label: { zh: '数据源管理', en: 'Datasources' },
  path: '/api/blade-develop/datasource',
  table: 'blade_datasource',
  permission: 'datasource',
  screens: ['/tool/datasource'],
  menu: { parent: 'tool', sort: 3, icon: 'DatabaseOutlined' },
  pickers: ['model*', 'code*'],
  tenant: false,
  audit: true,
  softDelete: true,
  write: 'all',
  drawerWidth: 600,
  labelField: 'name',
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'name',
      kind: 'string',
      label: { zh: '名称', en: 'Name' },
      required: '请输入名称',
      maxLength: 100,
      unique: '数据源名称已存在',
      search: 'like',
      sortable: true,
    },
    {
      name: 'driverClass',
      kind: 'string',
      label: { zh: '驱动类', en: 'Driver' },
      maxLength: 100,
      options: DATASOURCE_DRIVERS,
      required: '请选择驱动类',
      search: 'equal',
    },
    {
      name: 'url',
      kind: 'string',
      label: { zh: '连接地址', en: 'URL' },
      maxLength: 500,
      help: {
        zh: '如 jdbc:postgresql://127.0.0.1:5432/tongxin 或 jdbc:mysql://127.0.0.1:3306/tongxin;本系统数据库不填',
        en: 'e.g. jdbc:postgresql://127.0.0.1:5432/tongxin or jdbc:mysql://127.0.0.1:3306/tongxin',
      },
    },
    { name: 'username', kind: 'string', label: { zh: '用户名', en: 'User' }, maxLength: 50 },
    {
      name: 'password',
      kind: 'string',
      label: { zh: '密码', en: 'Password' },
      maxLength: 500,
      secret: true,
      list: false,
      view: false,
      help: {
        zh: '加密保存,不再显示;修改时留空则保持原密码',
        en: 'Stored encrypted; leave empty to keep it',
      },
    },
    { name: 'remark', kind: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
    auditField('createTime', { search: 'range' }),
  ],
});

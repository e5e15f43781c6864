import { auditField, defineResource } from '../define';

/** What a secret parameter's value reads as on every answer (list, detail, export, detail-by-key); sent
 * back unchanged on save, it keeps the stored value. */
export const SECRET_PARAM_MASK = '******';

/** A parameter whose key's last part names a secret (`hik.appSecret`, `sms.secretKey`): its value is
 * sealed at rest and never sent back in clear, only as SECRET_PARAM_MASK (empty while unset). */
export const isSecretParam = (key: unknown): boolean =>
  typeof key === 'string' && /secret/i.test(key.slice(key.lastIndexOf('.') + 1));

/** 参数管理 — docs/domain-model.md#参数管理-param. Each tenant keeps its own parameters; the platform
 * tenant's also hold the platform-wide ones (param-keys.ts declares which keys are which). The platform
 * administrator sees and manages every tenant's. */
export const paramResource = defineResource({
  name: 'param',
  label: { zh: '参数管理', en: 'Parameters' },
  path: '/api/blade-system/param',
  table: 'blade_param',
  schema: 'migration',
  permission: 'param',
  screens: ['/system/param'],
  menu: { parent: 'settings', sort: 6, icon: 'ControlOutlined' },
  tenant: true,
  platformWide: true,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'paramName',
      kind: 'string',
      label: { zh: '参数名称', en: 'Name' },
      required: '请输入参数名称',
      maxLength: 255,
      search: 'like',
      sortable: true,
    },
    {
      name: 'paramKey',
      kind: 'string',
      label: { zh: '参数键名', en: 'Key' },
      required: '请输入参数键名',
      maxLength: 255,
      unique: '参数键名已存在',
      search: 'like',
      sortable: true,
    },
    {
      name: 'paramValue',
      kind: 'text',
      label: { zh: '参数键值', en: 'Value' },
      required: '请输入参数键值',
      maxLength: 2000,
      multiline: true,
      help: {
        zh: '键名以 Secret 结尾的密钥类参数保存后只显示 ******，不修改即保留原值',
        en: 'A key ending in Secret is a secret: shown as ******, kept when left unchanged',
      },
    },
    { name: 'remark', kind: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
    auditField('createTime', { search: 'range' }),
  ],
});

import { auditField, type ActionDef, type FieldDef, type Label, type TransitionDef } from '../../define';

/** What 对象存储 and 短信配置 share (docs/domain-model.md#对象存储-oss): a provider's credentials, the
 * secret never sent back and kept when left empty on edit. */
export const credentialFields = (): FieldDef[] => [
  {
    name: 'accessKey',
    kind: 'string',
    label: { zh: 'accessKey', en: 'Access key' },
    maxLength: 255,
    list: false,
  },
  {
    name: 'secretKey',
    kind: 'string',
    label: { zh: 'secretKey', en: 'Secret key' },
    maxLength: 255,
    secret: true,
    list: false,
    view: false,
    help: { zh: '保存后不再显示;修改时留空则保持原密钥', en: 'Never shown again; leave empty to keep it' },
  },
];

/** The closing fields of a connector configuration: its remark, whether it is the tenant's enabled one
 * (`status` of the audit group: 1 no, `enabled` yes; set by 启用 only) and when it was made. */
export const connectorTail = (enabled: number): FieldDef[] => [
  { name: 'remark', kind: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  {
    name: 'status',
    kind: 'int',
    label: { zh: '是否启用', en: 'Enabled' },
    options: [
      { value: 1, label: { zh: '否', en: 'No' } },
      { value: enabled, label: { zh: '是', en: 'Yes' } },
    ],
    group: 'audit',
    form: false,
    width: 100,
  },
  auditField('createTime', { search: 'range' }),
];

/** 启用: makes the configuration the tenant's one (`POST enable?id`), on configurations not enabled. */
export const enableConnector = (confirm: Label): ActionDef => ({
  name: 'enable',
  label: { zh: '启用', en: 'Enable' },
  placement: 'row',
  verb: 'enable',
  idParam: 'id',
  confirm,
  when: { field: 'status', in: [1] },
});

/** The moves 启用 makes (the `enable` verb, once the configuration answered): `status` → `enabled`, from
 * any state (enabling the enabled one again is allowed, as before); then the tenant's other enabled
 * configuration is `superseded` (→ 1), each through its own transition (the server's afterTransition). */
export const enableTransition = (enabled: number): TransitionDef[] => [
  { name: 'enable', field: 'status', to: enabled, on: { verb: 'enable' } },
  { name: 'superseded', field: 'status', from: [enabled], to: 1, on: { verb: 'enable' } },
];

/** The frame of a connector definition: tenant rows with audit columns, newest first. */
export const connectorFrame = {
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  defaultSort: [{ field: 'createTime', direction: 'desc' as const }],
};

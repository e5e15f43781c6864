import { defineResource } from '../../define';
import {
  connectorFrame,
  connectorTail,
  credentialFields,
  enableConnector,
  enableTransition,
} from './connector-fields';

/** The providers an 短信配置 may name: 1 records the message in the general log only (the default,
 * for development and demos), 2 Aliyun (dysmsapi SendSms), 3 Tencent Cloud (sms SendSms, API 3.0). */
export const SMS_CATEGORIES = [
  { value: 1, label: { zh: '仅记录日志', en: 'Log only' } },
  { value: 2, label: { zh: '阿里云', en: 'Aliyun' } },
  { value: 3, label: { zh: '腾讯云', en: 'Tencent Cloud' } },
];
/** `status` of a configuration: 1 not enabled, 2 the tenant's enabled configuration (as 对象存储). */
export const SMS_ENABLED = 2;

/** 短信配置 (blade_sms, docs/domain-model.md#短信配置-sms: CRUD, enable, POST
 * endpoint/send-message with code, phones, params). The secret key is never sent back; left empty
 * on edit it keeps the stored one. 发送测试 sends the template to the numbers given. */
export const smsResource = defineResource({
  name: 'sms',
  label: { zh: '短信配置', en: 'SMS' },
  path: '/api/blade-resource/sms',
  table: 'blade_sms',
  permission: 'sms',
  screens: ['/resource/sms'],
  menu: { parent: 'resource', sort: 2, icon: 'MessageOutlined' },
  ...connectorFrame,
  fields: [
    {
      name: 'category',
      kind: 'int',
      label: { zh: '分类', en: 'Provider' },
      options: SMS_CATEGORIES,
      required: '请选择分类',
      search: 'equal',
      width: 120,
    },
    {
      name: 'smsCode',
      kind: 'string',
      label: { zh: '资源编号', en: 'Code' },
      required: '请输入资源编号',
      maxLength: 32,
      unique: '资源编号已存在',
      search: 'like',
      sortable: true,
    },
    {
      name: 'templateId',
      kind: 'string',
      label: { zh: '模板ID', en: 'Template' },
      required: '请输入模板ID',
      maxLength: 64,
    },
    { name: 'signName', kind: 'string', label: { zh: '短信签名', en: 'Signature' }, maxLength: 64 },
    {
      name: 'appId',
      kind: 'string',
      label: { zh: '应用ID', en: 'App id' },
      maxLength: 64,
      list: false,
      help: { zh: '腾讯云的 SdkAppId', en: "Tencent's SdkAppId" },
    },
    ...credentialFields(),
    { name: 'regionId', kind: 'string', label: { zh: '地域', en: 'Region' }, maxLength: 255, list: false },
    {
      name: 'endpoint',
      kind: 'string',
      label: { zh: '接口地址', en: 'Endpoint' },
      maxLength: 255,
      list: false,
      help: { zh: '留空使用服务商的官方地址', en: "Empty: the provider's own" },
    },
    ...connectorTail(SMS_ENABLED),
  ],
  states: { field: 'status' },
  transitions: enableTransition(SMS_ENABLED),
  actions: [
    enableConnector({ zh: '确定启用该短信配置?', en: 'Enable this SMS configuration?' }),
    {
      name: 'send',
      label: { zh: '发送测试', en: 'Send test' },
      placement: 'row',
      verb: 'send-test',
      idParam: 'id',
      reason: {
        field: 'phones',
        label: { zh: '手机号(多个用逗号分隔)', en: 'Mobile numbers (comma separated)' },
        required: '请输入手机号',
        maxLength: 200,
      },
    },
  ],
});

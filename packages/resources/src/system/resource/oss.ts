import { defineResource } from '../../define';
import {
  connectorFrame,
  connectorTail,
  credentialFields,
  enableConnector,
  enableTransition,
} from './connector-fields';

/** The stores an 对象存储 configuration may name: the server's disk, or an S3-compatible endpoint. */
export const OSS_CATEGORIES = [
  { value: 1, label: { zh: '本地存储', en: 'Local disk' } },
  { value: 2, label: { zh: 'MinIO', en: 'MinIO' } },
  { value: 3, label: { zh: '阿里云OSS', en: 'Aliyun OSS' } },
  { value: 4, label: { zh: '腾讯云COS', en: 'Tencent COS' } },
  { value: 5, label: { zh: '七牛云', en: 'Qiniu' } },
  { value: 6, label: { zh: '其它S3兼容存储', en: 'Other S3-compatible' } },
];
/** `status` of a configuration: BladeX's 1 (not enabled) and 2 (the tenant's enabled store). */
export const OSS_ENABLED = 2;

/** 对象存储 (blade_oss, docs/domain-model.md#对象存储-oss: CRUD, POST enable?id).
 * One configuration per tenant is enabled (启用): uploads go to it. The secret key is never sent back;
 * left empty on edit it keeps the stored one. */
export const ossResource = defineResource({
  name: 'oss',
  label: { zh: '对象存储', en: 'Object storage' },
  path: '/api/blade-resource/oss',
  table: 'blade_oss',
  permission: 'oss',
  screens: ['/resource/oss'],
  menu: { parent: 'resource', sort: 1, icon: 'CloudOutlined' },
  ...connectorFrame,
  fields: [
    {
      name: 'category',
      kind: 'int',
      label: { zh: '分类', en: 'Category' },
      options: OSS_CATEGORIES,
      required: '请选择分类',
      search: 'equal',
      width: 130,
    },
    {
      name: 'ossCode',
      kind: 'string',
      label: { zh: '资源编号', en: 'Code' },
      required: '请输入资源编号',
      maxLength: 32,
      unique: '资源编号已存在',
      pattern: { regex: '^[A-Za-z0-9_-]+$', message: '资源编号只能包含字母、数字、_ 和 -' },
      search: 'like',
      sortable: true,
    },
    {
      name: 'endpoint',
      kind: 'string',
      label: { zh: '资源地址', en: 'Endpoint' },
      maxLength: 255,
      help: { zh: '本地存储不填', en: 'Empty for local disk' },
    },
    ...credentialFields(),
    {
      name: 'bucketName',
      kind: 'string',
      label: { zh: '空间名', en: 'Bucket' },
      maxLength: 255,
      // part of every request path to the store: S3's naming rules, nothing else
      rule: 'bucketName',
    },
    { name: 'appId', kind: 'string', label: { zh: '应用ID', en: 'App id' }, maxLength: 255, list: false },
    { name: 'region', kind: 'string', label: { zh: '地域简称', en: 'Region' }, maxLength: 255, list: false },
    ...connectorTail(OSS_ENABLED),
  ],
  states: { field: 'status' },
  transitions: enableTransition(OSS_ENABLED),
  actions: [
    enableConnector({ zh: '确定启用该存储?上传的文件将存入它', en: 'Enable this store for new uploads?' }),
  ],
});

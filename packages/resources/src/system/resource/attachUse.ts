import { auditField, defineResource } from '../../define';

/** 附件使用位置 (blade_attach_use): which records use an attachment, one row per record and upload field
 * (`files`/`images`) holding the attachment's link. The server keeps the rows as records are written and
 * removed through the engine; 附件管理 shows them in a tab of the attachment's drawer. Read-only. */
export const attachUseResource = defineResource({
  name: 'attachUse',
  label: { zh: '使用位置', en: 'Used in' },
  path: '/api/blade-resource/attach-use',
  table: 'blade_attach_use',
  permission: 'attach',
  tenant: true,
  audit: true,
  softDelete: false,
  version: false,
  readOnly: true,
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'attachId',
      kind: 'ref',
      label: { zh: '附件', en: 'Attachment' },
      ref: { resource: 'attach', labelField: 'originalName' },
      required: true,
      search: 'equal',
      list: false,
    },
    {
      name: 'resourceName',
      kind: 'string',
      label: { zh: '资源', en: 'Resource' },
      maxLength: 64,
      required: true,
      list: false,
    },
    {
      name: 'resourceLabel',
      kind: 'string',
      label: { zh: '所在功能', en: 'Screen' },
      maxLength: 100,
      width: 140,
    },
    {
      name: 'fieldName',
      kind: 'string',
      label: { zh: '字段名', en: 'Field name' },
      maxLength: 64,
      required: true,
      list: false,
    },
    {
      name: 'fieldLabel',
      kind: 'string',
      label: { zh: '字段', en: 'Field' },
      maxLength: 100,
      width: 120,
    },
    {
      name: 'recordId',
      kind: 'long',
      label: { zh: '记录ID', en: 'Record id' },
      required: true,
      index: true,
      width: 180,
    },
    {
      name: 'recordLabel',
      kind: 'string',
      label: { zh: '记录', en: 'Record' },
      maxLength: 200,
    },
    auditField('createTime', { label: { zh: '引用时间', en: 'Since' }, list: true }),
  ],
});

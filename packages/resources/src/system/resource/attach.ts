import { auditField, defineResource } from '../../define';

/** 附件管理 (blade_attach, docs/domain-model.md#附件管理-attach): every file uploaded through `put-file-attach`, with
 * its size, type and uploader, and the records using it (a tab of its drawer). Files are added by uploading,
 * never by a form; removing one removes the stored object too, and a file still in use is not removed
 * (the system domain's hooks). */
export const attachResource = defineResource({
  name: 'attach',
  label: { zh: '附件管理', en: 'Attachments' },
  path: '/api/blade-resource/attach',
  table: 'blade_attach',
  schema: 'migration',
  permission: 'attach',
  screens: ['/resource/attach'],
  menu: {
    parent: 'resource',
    sort: 3,
    icon: 'FolderOutlined',
    buttons: ['upload', 'download', 'delete', 'view'],
  },
  tenant: true,
  audit: true,
  softDelete: true,
  version: false,
  standard: ['delete', 'view'],
  drawerWidth: 800,
  // where the file is used: the records whose upload fields hold its link (server: engine/crud/attachment-uses.ts)
  details: [{ resource: 'attachUse', foreignKey: 'attachId' }],
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
  fields: [
    {
      name: 'originalName',
      kind: 'string',
      label: { zh: '附件原名', en: 'File name' },
      maxLength: 500,
      search: 'like',
      sortable: true,
    },
    {
      name: 'extension',
      kind: 'string',
      label: { zh: '扩展名', en: 'Extension' },
      maxLength: 20,
      search: 'equal',
      width: 90,
    },
    {
      name: 'contentType',
      kind: 'string',
      label: { zh: '文件类型', en: 'Type' },
      maxLength: 100,
      width: 160,
    },
    {
      name: 'attachSize',
      kind: 'long',
      label: { zh: '附件大小(字节)', en: 'Size (bytes)' },
      sortable: true,
      width: 130,
    },
    {
      name: 'createUser',
      kind: 'ref',
      label: { zh: '上传人', en: 'Uploader' },
      ref: { resource: 'user', labelField: 'realName' },
      readOnly: true,
      search: 'equal',
      width: 120,
    },
    {
      name: 'name',
      kind: 'string',
      label: { zh: '附件名称', en: 'Stored name' },
      maxLength: 500,
      list: false,
    },
    {
      name: 'link',
      kind: 'files',
      label: { zh: '附件地址', en: 'Link' },
      maxLength: 1000,
      list: false,
      readOnly: true,
    },
    auditField('createTime', {
      label: { zh: '上传时间', en: 'Uploaded' },
      list: true,
      search: 'range',
      sortable: true,
    }),
  ],
  actions: [
    { name: 'upload', label: { zh: '上传', en: 'Upload' }, placement: 'toolbar' },
    { name: 'download', label: { zh: '下载', en: 'Download' }, placement: 'row' },
  ],
});

import { auditField, defineResource } from '../define';
import { appUserField, communityField } from './shared-fields';

/** 浏览记录 — docs/domain-model.md#浏览记录-browselog: written by the resident app, read here by content, user and
 * date. */
export const browseLogResource = defineResource({
  name: 'browseLog',
  label: { zh: '浏览记录', en: 'Browse log' },
  path: '/api/app_browse_log/browselog',
  table: 'app_browse_log',
  permission: 'browse_log',
  screens: ['/statistics/browselog'],
  menu: { parent: 'statistics', sort: 2, icon: 'FileSearchOutlined' },
  readOnly: true,
  tenant: true,
  audit: true,
  softDelete: true,
  dataScope: { deptColumn: 'community_id' },
  exportable: true,
  drawerWidth: 600,
  labelField: 'targetTitle',
  defaultSort: [{ field: 'browseTime', direction: 'desc' }],
  fields: [
    {
      name: 'targetType',
      kind: 'dict',
      label: { zh: '内容类型', en: 'Content type' },
      dict: { code: 'browse_target_type', valueType: 'string' },
      required: '请选择内容类型',
      maxLength: 32,
      search: 'equal',
    },
    {
      name: 'targetId',
      kind: 'long',
      label: { zh: '内容ID', en: 'Content id' },
      required: true,
      search: 'equal',
      list: false,
    },
    {
      name: 'targetTitle',
      kind: 'string',
      label: { zh: '标题', en: 'Title' },
      maxLength: 200,
      search: 'like',
    },
    { name: 'sectionId', kind: 'long', label: { zh: '栏目', en: 'Section' }, list: false, view: false },
    appUserField({ zh: '浏览人', en: 'Reader' }),
    communityField(undefined),
    {
      name: 'browseTime',
      kind: 'datetime',
      label: { zh: '浏览时间', en: 'Time' },
      required: true,
      search: 'range',
      sortable: true,
    },
    { name: 'durationSeconds', kind: 'int', label: { zh: '停留(秒)', en: 'Seconds' } },
    { name: 'clientType', kind: 'dict', label: { zh: '终端', en: 'Client' }, dict: { code: 'client_type' } },
    { name: 'ip', kind: 'string', label: { zh: 'IP', en: 'IP' }, maxLength: 64, list: false },
    // rows written in bulk are filtered by when they were recorded: an index reads that range
    auditField('createTime', { index: true, view: true }),
  ],
});

import { defineResource } from '../../define';
import { createByField, createTimeField, LOG_BASE, logBody, logText } from './log-fields';

/** 操作审计: every write through the resource engine (add, edit, remove, state changes): who, which
 * record, and its values before and after (secrets left out). Read-only. */
export const logAuditResource = defineResource({
  ...LOG_BASE,
  name: 'logAudit',
  label: { zh: '操作审计', en: 'Audit trail' },
  path: '/api/blade-log/audit',
  table: 'blade_log_audit',
  permission: 'log_audit',
  screens: ['/monitor/log/audit'],
  menu: { parent: 'log', sort: 5, icon: 'AuditOutlined' },
  fields: [
    logText('resourceName', '资源', 'Resource', 64, { search: 'equal', width: 140 }),
    logText('tableName', '数据表', 'Table', 64, { list: false }),
    logText('recordId', '记录ID', 'Record id', 64, { search: 'equal', width: 180 }),
    {
      name: 'action',
      kind: 'string',
      label: { zh: '操作', en: 'Action' },
      maxLength: 16,
      options: [
        { value: 'insert', label: { zh: '新增', en: 'Add' } },
        { value: 'update', label: { zh: '修改', en: 'Edit' } },
        { value: 'remove', label: { zh: '删除', en: 'Remove' } },
        { value: 'verb', label: { zh: '状态变更', en: 'State change' } },
        { value: 'reveal', label: { zh: '查看敏感信息', en: 'Revealed personal data' } },
      ],
      search: 'equal',
      width: 100,
    },
    { name: 'userId', kind: 'long', label: { zh: '用户ID', en: 'User id' }, list: false, search: 'equal' },
    createByField,
    logBody('beforeData', { zh: '修改前', en: 'Before' }),
    logBody('afterData', { zh: '修改后', en: 'After' }),
    createTimeField,
  ],
});

import { defineResource } from '../../define';
import {
  createByField,
  createTimeField,
  LOG_BASE,
  logBody,
  logText,
  requestFields,
  serverFields,
} from './log-fields';

/** 接口日志 (blade_log_api, docs/domain-model.md#接口日志-logapi): every API call of a signed-in user,
 * written in batches after the answer. Read-only. */
export const logApiResource = defineResource({
  ...LOG_BASE,
  name: 'logApi',
  label: { zh: '接口日志', en: 'API log' },
  path: '/api/blade-log/api',
  table: 'blade_log_api',
  schema: 'migration',
  permission: 'log_api',
  screens: ['/monitor/log/api'],
  menu: { parent: 'log', sort: 2, icon: 'FileTextOutlined' },
  fields: [
    logText('type', '日志类型', 'Type', 1, { search: 'equal', width: 80 }),
    logText('title', '日志标题', 'Title', 255, { search: 'like' }),
    ...serverFields,
    ...requestFields(),
    logBody('params', { zh: '操作提交的数据', en: 'Parameters' }),
    logText('time', '执行时间(ms)', 'Time (ms)', 64, { width: 110 }),
    createByField,
    createTimeField,
  ],
});

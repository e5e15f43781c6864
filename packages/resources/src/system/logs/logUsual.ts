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

/** 通用日志 (blade_log_usual, docs/domain-model.md#通用日志-logusual): events the server records (forced
 * logouts, retention runs, start-up). Read-only. */
export const logUsualResource = defineResource({
  ...LOG_BASE,
  name: 'logUsual',
  label: { zh: '通用日志', en: 'General log' },
  path: '/api/blade-log/usual',
  table: 'blade_log_usual',
  schema: 'migration',
  permission: 'log_usual',
  screens: ['/monitor/log/usual'],
  menu: { parent: 'log', sort: 1, icon: 'FileTextOutlined' },
  fields: [
    logText('logLevel', '日志级别', 'Level', 10, { search: 'equal', width: 90 }),
    logText('logId', '日志业务id', 'Event', 100, { search: 'equal' }),
    logText('logData', '日志数据', 'Data', 4000, { search: 'like' }),
    ...serverFields,
    ...requestFields(),
    logBody('params', { zh: '操作提交的数据', en: 'Parameters' }),
    createByField,
    createTimeField,
  ],
});

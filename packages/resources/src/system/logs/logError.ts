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

/** 错误日志 (blade_log_error, docs/domain-model.md#错误日志-logerror): the server's unexpected failures and
 * the browsers' uploaded local error logs (service `web-client`). Read-only. */
export const logErrorResource = defineResource({
  ...LOG_BASE,
  name: 'logError',
  label: { zh: '错误日志', en: 'Error log' },
  path: '/api/blade-log/error',
  table: 'blade_log_error',
  schema: 'migration',
  permission: 'log_error',
  screens: ['/monitor/log/error'],
  menu: { parent: 'log', sort: 3, icon: 'FileTextOutlined' },
  fields: [
    logText('exceptionName', '异常名', 'Exception', 255, { search: 'like' }),
    logText('message', '异常信息', 'Message', 4000, { search: 'like' }),
    ...serverFields,
    ...requestFields(1000),
    logText('fileName', '文件名', 'File', 1000, { list: false }),
    { name: 'lineNumber', kind: 'int', label: { zh: '错误行数', en: 'Line' }, list: false },
    logBody('stackTrace', { zh: '堆栈', en: 'Stack trace' }),
    logBody('params', { zh: '操作提交的数据', en: 'Parameters' }),
    createByField,
    createTimeField,
  ],
});

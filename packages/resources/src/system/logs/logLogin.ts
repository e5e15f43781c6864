import { defineResource } from '../../define';
import { createTimeField, LOG_BASE, logText } from './log-fields';

/** 登录日志: every sign-in attempt with its outcome (the token call, password and captcha grants), written
 * in batches after the answer. Read-only. */
export const logLoginResource = defineResource({
  ...LOG_BASE,
  name: 'logLogin',
  label: { zh: '登录日志', en: 'Login log' },
  path: '/api/blade-log/login',
  table: 'blade_log_login',
  permission: 'log_login',
  screens: ['/monitor/log/login'],
  menu: { parent: 'log', sort: 4, icon: 'FileTextOutlined' },
  fields: [
    logText('account', '登录账号', 'Account', 64, { search: 'like', width: 140 }),
    { name: 'userId', kind: 'long', label: { zh: '用户ID', en: 'User id' }, list: false },
    {
      name: 'success',
      kind: 'int',
      label: { zh: '登录结果', en: 'Outcome' },
      options: [
        { value: 1, label: { zh: '成功', en: 'Succeeded' } },
        { value: 0, label: { zh: '失败', en: 'Failed' } },
      ],
      search: 'equal',
      width: 100,
    },
    logText('message', '提示信息', 'Message', 255),
    logText('grantType', '授权类型', 'Grant type', 32, { list: false }),
    logText('remoteIp', '登录IP', 'IP', 255, { search: 'likeright', width: 140 }),
    logText('userAgent', '用户代理', 'User agent', 1000, { list: false }),
    createTimeField,
  ],
});

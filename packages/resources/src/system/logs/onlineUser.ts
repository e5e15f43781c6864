import { columnOnly, defineResource } from '../../define';

/** 在线用户: the open sessions (one per sign-in, kept until logout, a forced logout or the refresh token's
 * expiry). 强制下线 revokes the session's tokens at once. */
export const onlineUserResource = defineResource({
  name: 'onlineUser',
  label: { zh: '在线用户', en: 'Online users' },
  path: '/api/blade-system/online-user',
  table: 'blade_online_session',
  permission: 'online_user',
  screens: ['/monitor/online'],
  menu: { parent: 'log', sort: 6, icon: 'TeamOutlined' },
  tenant: true,
  audit: false,
  softDelete: false,
  version: false,
  readOnly: true,
  platformWide: true,
  defaultSort: [{ field: 'loginTime', direction: 'desc' }],
  fields: [
    {
      name: 'sessionId',
      kind: 'string',
      label: { zh: '会话', en: 'Session' },
      maxLength: 64,
      list: false,
      index: true,
    },
    { name: 'userId', kind: 'long', label: { zh: '用户ID', en: 'User id' }, list: false, index: true },
    { name: 'account', kind: 'string', label: { zh: '账号', en: 'Account' }, maxLength: 64, search: 'like' },
    { name: 'nickName', kind: 'string', label: { zh: '姓名', en: 'Name' }, maxLength: 64 },
    { name: 'clientId', kind: 'string', label: { zh: '客户端', en: 'Client' }, maxLength: 64, list: false },
    {
      name: 'remoteIp',
      kind: 'string',
      label: { zh: '登录IP', en: 'IP' },
      maxLength: 255,
      search: 'likeright',
    },
    {
      name: 'userAgent',
      kind: 'string',
      label: { zh: '用户代理', en: 'User agent' },
      maxLength: 1000,
      list: false,
    },
    {
      name: 'loginTime',
      kind: 'datetime',
      label: { zh: '登录时间', en: 'Signed in' },
      search: 'range',
      sortable: true,
    },
    { name: 'lastTime', kind: 'datetime', label: { zh: '最近活动', en: 'Last active' }, sortable: true },
    { name: 'expireTime', kind: 'datetime', label: { zh: '过期时间', en: 'Expires' }, index: true },
    // the refresh token the session accepts next (rotation: a refresh token used twice ends the session)
    columnOnly({
      name: 'refreshJti',
      kind: 'string',
      label: { zh: '刷新令牌标识', en: 'Refresh token id' },
      maxLength: 64,
      secret: true,
    }),
  ],
  actions: [
    {
      name: 'kick',
      label: { zh: '强制下线', en: 'Force logout' },
      placement: 'row',
      verb: 'kick',
      confirm: { zh: '确定将该用户强制下线?', en: 'Force this session out?' },
      danger: true,
    },
  ],
});

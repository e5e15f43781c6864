import type { FieldDef, Label, ResourceDef } from '../../define';

/** What the log definitions share: read-only, tenant rows without audit columns, newest first, the
 * platform administrator reading every tenant's. */
export const LOG_BASE = {
  tenant: true,
  audit: false,
  softDelete: false,
  version: false,
  readOnly: true,
  platformWide: true,
  drawerWidth: 880,
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
} satisfies Partial<ResourceDef>;

const text = (
  name: string,
  zh: string,
  en: string,
  maxLength: number,
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  kind: 'string',
  label: { zh, en },
  maxLength,
  ...extra,
});

export const logText = text;

/** A long text shown only in the record's view (stack traces, parameters, before/after). */
export const logBody = (name: string, label: Label): FieldDef => ({
  name,
  kind: 'text',
  label,
  maxLength: 100000,
  list: false,
  multiline: true,
});

/** The columns every BladeX log table has: the serving instance, the request and who made it. */
export const serverFields: FieldDef[] = [
  text('serviceId', '服务ID', 'Service', 32, { search: 'equal', list: false }),
  text('serverHost', '服务器名', 'Host', 255, { list: false }),
  text('serverIp', '服务器IP', 'Server IP', 255, { list: false }),
  text('env', '系统环境', 'Environment', 255, { list: false }),
];

/** The request's columns; the error log keeps longer URIs than the others. */
export const requestFields = (uriLength = 255): FieldDef[] => [
  text('method', '操作方式', 'Method', 10, { search: 'equal', width: 90 }),
  text('requestUri', '请求URI', 'Request URI', uriLength, { search: 'like' }),
  text('userAgent', '用户代理', 'User agent', 1000, { list: false }),
  text('remoteIp', '操作IP地址', 'IP', 255, { search: 'likeright' }),
  text('methodClass', '方法类', 'Class', 255, { list: false }),
  text('methodName', '方法名', 'Method name', 255, { list: false }),
];

export const createByField = text('createBy', '操作人', 'User', 64, { search: 'like', width: 120 });

/** The time a log row was written: the column BladeX names create_time, searched by a date range. */
export const createTimeField: FieldDef = {
  name: 'createTime',
  kind: 'datetime',
  label: { zh: '创建时间', en: 'Time' },
  search: 'range',
  sortable: true,
  width: 170,
};

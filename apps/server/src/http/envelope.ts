import type { R } from '@tongxin/resources';

/** The BladeX response envelope `{code, success, data, msg}` (wire.ts) as the server answers it: `data`
 * may be null. The HTTP status mirrors `code`. */
export type Envelope<T = unknown> = R<T | null>;

export const MSG = {
  success: '操作成功',
  noData: '暂无承载数据',
  failure: '操作失败',
  unauthorized: '请求未授权',
  missingToken: '缺失令牌,鉴权失败',
  forbidden: '请求被拒绝,缺少操作权限',
  notFound: '404 没找到请求',
  methodNotAllowed: '不支持当前请求方法',
  mediaType: '不支持当前媒体类型',
  badBody: '请求体格式错误',
  tooLarge: '请求体过大',
  serverError: '服务器异常,请稍后再试',
  storeUnavailable: '服务暂时不可用,请稍后再试',
  tooDeep: '请求内容嵌套层级过深',
  recordNotFound: '数据不存在或已被删除',
} as const;

export function ok<T>(data: T | null | undefined, msg?: string): Envelope<T> {
  const empty = data === null || data === undefined;
  return {
    code: 200,
    success: true,
    data: empty ? null : data,
    msg: msg ?? (empty ? MSG.noData : MSG.success),
  };
}

export function done(msg: string = MSG.success): Envelope<null> {
  return { code: 200, success: true, data: null, msg };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, success: false, data: null, msg };
}

/** An error a handler throws on purpose; its code and message reach the client unchanged. */
export class ApiError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg: string = MSG.unauthorized) => new ApiError(401, msg);
export const forbidden = (msg: string = MSG.forbidden) => new ApiError(403, msg);
export const notFound = (msg: string = MSG.recordNotFound) => new ApiError(404, msg);

/** The response rules (docs/front-end.md#the-http-client) as a pure decision, so every branch is
 * unit-testable. */
export const UNKNOWN_ERROR = '未知错误';

export type ResponseOutcome =
  | { kind: 'ok' }
  | { kind: 'whitelisted'; status: number }
  | { kind: 'unauthorized'; status: 401; message: string }
  | { kind: 'error'; status: number; message: string };

interface BodyFields {
  code?: unknown;
  error_code?: unknown;
  msg?: unknown;
  error_description?: unknown;
}

const asBody = (data: unknown): BodyFields => (data && typeof data === 'object' ? (data as BodyFields) : {});
const asCode = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n !== 0 ? n : undefined;
};
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Code from the body (`code`, or `error_code` of the token endpoint), else the HTTP status. */
export function statusOf(httpStatus: number, data: unknown): number {
  const body = asBody(data);
  return asCode(body.error_code) ?? asCode(body.code) ?? httpStatus;
}

/** msg, else error_description, else 未知错误. */
export function messageOf(data: unknown): string {
  const body = asBody(data);
  return asText(body.msg) ?? asText(body.error_description) ?? UNKNOWN_ERROR;
}

export function classifyResponse(
  httpStatus: number,
  data: unknown,
  statusWhiteList: readonly number[],
): ResponseOutcome {
  const status = statusOf(httpStatus, data);
  if (statusWhiteList.includes(status)) return { kind: 'whitelisted', status };
  if (status === 401) return { kind: 'unauthorized', status, message: messageOf(data) };
  if (status !== 200) return { kind: 'error', status, message: messageOf(data) };
  return { kind: 'ok' };
}

/** Rejection value of a non-200 answer. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

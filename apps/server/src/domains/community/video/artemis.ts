/** A small client of Hikvision iSecure Center's OpenAPI gateway (Artemis): every call is a signed POST
 * of JSON (HMAC-SHA256 of the method, Accept, Content-Type, the x-ca-* headers and the path, keyed by
 * the app secret, as Artemis' own SDK signs), answered `{code: '0', data}`; lists come in pages
 * (`pageNo`, `pageSize`, `total`, `list`). */
import { createHmac, randomUUID } from 'node:crypto';
import { type OutboundPolicy, OutboundRefused } from '../../../http/outbound.js';

export interface ArtemisConfig {
  /** `https://10.0.0.5:443` (scheme, host, port; no path) */
  host: string;
  appKey: string;
  appSecret: string;
}

export class ArtemisError extends Error {}

const ACCEPT = '*/*';
const CONTENT_TYPE = 'application/json';
const SIGNED = ['x-ca-key', 'x-ca-nonce', 'x-ca-timestamp'];
const PAGE_SIZE = 500;
/** A guard against a platform that never stops paging. */
const MAX_PAGES = 200;

/** The string Artemis signs for a request without Content-MD5 and Date. */
export function stringToSign(method: string, path: string, headers: Record<string, string>): string {
  const lines = [method.toUpperCase(), ACCEPT, CONTENT_TYPE];
  const signed = SIGNED.map((h) => `${h}:${headers[h]}`);
  return `${[...lines, ...signed].join('\n')}\n${path}`;
}

export function signature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64');
}

/** One signed call through the outbound policy (a refused address is its message, nothing sent);
 * answers `data`, or throws an ArtemisError with the platform's message. */
export async function artemisPost<T>(
  outbound: OutboundPolicy,
  config: ArtemisConfig,
  api: string,
  body: unknown,
): Promise<T> {
  const path = `/artemis${api}`;
  const headers: Record<string, string> = {
    'x-ca-key': config.appKey,
    'x-ca-nonce': randomUUID(),
    'x-ca-timestamp': String(Date.now()),
  };
  const sign = signature(config.appSecret, stringToSign('POST', path, headers));
  let res: { status: number; text: string };
  try {
    res = await outbound.request(`${config.host.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        ...headers,
        accept: ACCEPT,
        'content-type': CONTENT_TYPE,
        'x-ca-signature-headers': SIGNED.join(','),
        'x-ca-signature': sign,
      },
      body: JSON.stringify(body),
      timeoutMs: 15_000,
    });
  } catch (e) {
    if (e instanceof OutboundRefused) throw new ArtemisError(e.message);
    throw new ArtemisError('海康平台连接失败，请检查平台地址');
  }
  let answer: { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  try {
    answer = JSON.parse(res.text) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (res.status === 401 || res.status === 403)
    throw new ArtemisError('海康平台拒绝了签名，请检查 appKey 和 appSecret');
  const ok = res.status >= 200 && res.status < 300;
  if (!ok || !answer || String(answer.code) !== '0')
    throw new ArtemisError(`海康平台返回错误: ${String(answer?.msg ?? `HTTP ${res.status}`).slice(0, 200)}`);
  return answer.data as T;
}

interface PageData<T> {
  total?: number;
  list?: T[];
}

/** Every row of a paged Artemis list. */
export async function artemisAll<T>(
  outbound: OutboundPolicy,
  config: ArtemisConfig,
  api: string,
  body: Record<string, unknown> = {},
): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
    const data = await artemisPost<PageData<T>>(outbound, config, api, {
      ...body,
      pageNo,
      pageSize: PAGE_SIZE,
    });
    const list = data?.list ?? [];
    rows.push(...list);
    if (!list.length || rows.length >= Number(data?.total ?? 0)) break;
  }
  return rows;
}

import type { Row } from '../../../db/database.js';
import { type OutboundPolicy, OutboundRefused } from '../../../http/outbound.js';

/** One message to send: the numbers (11-digit mainland mobiles) and the template's parameters. */
export interface SmsMessage {
  phones: string[];
  params: Record<string, string>;
}

/** What a provider reads of an 短信配置 row. */
export interface SmsConfig {
  templateId: string;
  signName: string;
  appId: string;
  accessKey: string;
  secretKey: string;
  regionId: string;
  endpoint: string;
}

export const configOf = (row: Row): SmsConfig => ({
  templateId: String(row.template_id ?? ''),
  signName: String(row.sign_name ?? ''),
  appId: String(row.app_id ?? ''),
  accessKey: String(row.access_key ?? ''),
  secretKey: String(row.secret_key ?? ''),
  regionId: String(row.region_id ?? ''),
  endpoint: String(row.endpoint ?? '').replace(/\/+$/, ''),
});

/** A provider refused or failed: the message names why, for the screen. */
export class SmsFailure extends Error {}

/** How long a provider may take to answer (tests shorten it). */
export const smsTiming = { timeoutMs: 10_000 };

/** Every provider behind one call: sends through the outbound policy or throws an SmsFailure. */
export interface SmsProvider {
  send(config: SmsConfig, message: SmsMessage, outbound: OutboundPolicy): Promise<void>;
}

/** An HTTP call to a provider through the outbound policy, with the timeout: an address the policy
 * refuses is its message (nothing was sent); a timeout or a failed connection is an SmsFailure. */
export async function providerFetch(
  outbound: OutboundPolicy,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<unknown> {
  let text: string;
  let status: number;
  try {
    ({ text, status } = await outbound.request(url, { ...init, timeoutMs: smsTiming.timeoutMs }));
  } catch (e) {
    if (e instanceof OutboundRefused) throw new SmsFailure(e.message);
    const name = (e as { name?: string }).name;
    throw new SmsFailure(name === 'TimeoutError' ? '短信服务商响应超时' : '无法连接短信服务商');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SmsFailure(`短信服务商返回了无法识别的应答 (HTTP ${status})`);
  }
}

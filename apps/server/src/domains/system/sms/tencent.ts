import { createHash, createHmac } from 'node:crypto';
import type { OutboundPolicy } from '../../../http/outbound.js';
import { providerFetch, SmsFailure, type SmsConfig, type SmsMessage, type SmsProvider } from './provider.js';

const ENDPOINT = 'https://sms.tencentcloudapi.com';
const SERVICE = 'sms';
const VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const hmac = (key: string | Buffer, v: string) => createHmac('sha256', key).update(v).digest();

/** The Authorization header of a TC3-HMAC-SHA256 signed POST (Tencent Cloud API 3.0). */
export function tencentAuthorization(o: {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${o.host}\n`,
    'content-type;host',
    sha256(o.payload),
  ].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256(canonical)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${o.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', signing).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${o.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string; PhoneNumber?: string }[];
  };
}

/** Tencent Cloud 短信 (SendSms 2021-01-11). */
export const tencentSms: SmsProvider = {
  async send(config: SmsConfig, message: SmsMessage, outbound: OutboundPolicy) {
    const endpoint = config.endpoint || ENDPOINT;
    const host = new URL(endpoint).host;
    const payload = JSON.stringify({
      PhoneNumberSet: message.phones.map((p) => `+86${p}`),
      SmsSdkAppId: config.appId,
      SignName: config.signName,
      TemplateId: config.templateId,
      TemplateParamSet: Object.values(message.params),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = (await providerFetch(outbound, `${endpoint}/`, {
      method: 'POST',
      headers: {
        Authorization: tencentAuthorization({
          secretId: config.accessKey,
          secretKey: config.secretKey,
          host,
          payload,
          timestamp,
        }),
        'Content-Type': CONTENT_TYPE,
        'X-TC-Action': 'SendSms',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Version': VERSION,
        'X-TC-Region': config.regionId || 'ap-guangzhou',
      },
      body: payload,
    })) as TencentAnswer;
    const error = answer.Response?.Error;
    if (error) throw new SmsFailure(`腾讯云: ${error.Message ?? error.Code ?? '发送失败'}`);
    const failed = (answer.Response?.SendStatusSet ?? []).find((s) => s.Code !== 'Ok');
    if (failed) throw new SmsFailure(`腾讯云: ${failed.Message ?? failed.Code ?? '发送失败'}`);
  },
};

import { createHmac, randomUUID } from 'node:crypto';
import type { OutboundPolicy } from '../../../http/outbound.js';
import { providerFetch, SmsFailure, type SmsConfig, type SmsMessage, type SmsProvider } from './provider.js';

const ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** RFC 3986 encoding as Aliyun's RPC signature wants it. */
export const aliyunEncode = (v: string): string =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signed query of an RPC call (signature version 1.0, HMAC-SHA1 over `GET&%2F&<canonical>`). */
export function aliyunSignedQuery(params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
    .join('&');
  const toSign = `GET&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  const signature = createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
  return `Signature=${aliyunEncode(signature)}&${canonical}`;
}

/** Aliyun 短信服务 (dysmsapi 2017-05-25 SendSms). */
export const aliyunSms: SmsProvider = {
  async send(config: SmsConfig, message: SmsMessage, outbound: OutboundPolicy) {
    const params: Record<string, string> = {
      AccessKeyId: config.accessKey,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phones.join(','),
      RegionId: config.regionId || 'cn-hangzhou',
      SignName: config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: config.templateId,
      TemplateParam: JSON.stringify(message.params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const url = `${config.endpoint || ENDPOINT}/?${aliyunSignedQuery(params, config.secretKey)}`;
    const answer = (await providerFetch(outbound, url, { method: 'GET' })) as {
      Code?: string;
      Message?: string;
    };
    if (answer.Code !== 'OK') throw new SmsFailure(`阿里云: ${answer.Message ?? answer.Code ?? '发送失败'}`);
  },
};

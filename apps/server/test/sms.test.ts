import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsTiming } from '../src/domains/system/sms/provider.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 短信配置: providers behind one call (log-only, Aliyun, Tencent against local fakes that check the
// signatures), send-message, the shared mobile rule, a rate limit per number, a clear timeout message.
const BASE = '/api/blade-resource/sms';
let s: TestServer;
let admin: string;
let fake: Server;
let endpoint: string;
const received: { provider: string; phones: string[]; params: unknown }[] = [];
let stall = false;

const enc = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun's RPC signature, written out again from the documentation. */
function aliyunValid(url: URL): boolean {
  const params = [...url.searchParams.entries()].filter(([k]) => k !== 'Signature');
  const canonical = params
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  const expected = createHmac('sha1', 'ali-secret&')
    .update(`GET&%2F&${enc(canonical)}`)
    .digest('base64');
  return url.searchParams.get('Signature') === expected;
}

/** Tencent's TC3-HMAC-SHA256 signature, written out again from the documentation. */
function tencentValid(req: IncomingMessage, body: string): boolean {
  const ts = Number(req.headers['x-tc-timestamp']);
  const date = new Date(ts * 1000).toISOString().slice(0, 10);
  const hash = (v: string) => createHash('sha256').update(v).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${hash(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${hash(canonical)}`;
  const k = (key: string | Buffer, v: string) => createHmac('sha256', key).update(v).digest();
  const signature = createHmac('sha256', k(k(k('TC3tc-secret', date), 'sms'), 'tc3_request'))
    .update(toSign)
    .digest('hex');
  return (
    req.headers.authorization ===
    `TC3-HMAC-SHA256 Credential=tc-id/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`
  );
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (stall) return; // never answers
      res.setHeader('content-type', 'application/json');
      const url = new URL(req.url!, 'http://fake');
      if (req.method === 'GET') {
        if (!aliyunValid(url))
          return res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: '签名错误' }));
        const phones = url.searchParams.get('PhoneNumbers')!.split(',');
        received.push({
          provider: 'aliyun',
          phones,
          params: JSON.parse(url.searchParams.get('TemplateParam')!),
        });
        if (phones.includes('13900000000'))
          return res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控' }));
        return res.end(JSON.stringify({ Code: 'OK', Message: 'OK' }));
      }
      if (!tencentValid(req, body))
        return res.end(JSON.stringify({ Response: { Error: { Code: 'AuthFailure', Message: '签名错误' } } }));
      const json = JSON.parse(body);
      received.push({ provider: 'tencent', phones: json.PhoneNumberSet, params: json.TemplateParamSet });
      res.end(
        JSON.stringify({
          Response: {
            SendStatusSet: json.PhoneNumberSet.map((p: string) => ({ Code: 'Ok', PhoneNumber: p })),
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  // the fake provider is on this machine: the platform allows exactly it (test/outbound-policy.test.ts)
  s = await startTestServer({ outboundAllowHosts: [`127.0.0.1:${port}`] });
  admin = await login(s.app);
});
afterAll(async () => {
  fake.closeAllConnections();
  fake.close();
  await s.close();
});

const create = async (body: Record<string, unknown>) => {
  const res = await call(s.app, admin, 'POST', `${BASE}/submit`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
};
const aliyun = () => ({
  category: 2,
  templateId: 'SMS_1',
  signName: '同心',
  accessKey: 'ali-id',
  secretKey: 'ali-secret',
  endpoint,
});

describe('sms', () => {
  it('sends through Aliyun with a valid signature and logs the send with masked numbers', async () => {
    await create({ ...aliyun(), smsCode: 'ali' });
    const res = await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, {
      code: 'ali',
      phones: '13800000001',
      params: '{"code":"1234"}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('发送成功');
    expect(received.at(-1)).toEqual({
      provider: 'aliyun',
      phones: ['13800000001'],
      params: { code: '1234' },
    });
    await s.ctx.logs.flush();
    const log = (await call(s.app, admin, 'GET', '/api/blade-log/usual/list?logId=sms')).json().data
      .records[0];
    expect(log.logData).toContain('138****0001');
    expect(log.logData).not.toContain('13800000001');
  });

  it('sends through Tencent with a valid TC3 signature, and through the enabled configuration without a code', async () => {
    const id = await create({
      category: 3,
      smsCode: 'tc',
      templateId: '100',
      appId: '1400000000',
      signName: '同心',
      accessKey: 'tc-id',
      secretKey: 'tc-secret',
      endpoint,
    });
    expect((await call(s.app, admin, 'POST', `${BASE}/enable?id=${id}`)).statusCode).toBe(200);
    const res = await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, {
      phones: '13800000002',
      params: { a: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(received.at(-1)).toEqual({ provider: 'tencent', phones: ['+8613800000002'], params: ['1'] });
  });

  it("names the provider's refusal, bad numbers by the shared rule, and limits each number's rate", async () => {
    const refused = await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, {
      code: 'ali',
      phones: '13900000000',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('短信发送失败: 阿里云: 触发天级流控');
    const bad = await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, {
      code: 'ali',
      phones: '1380000',
    });
    expect(bad.json().msg).toBe('手机号码长度不为11位: 1380000');
    expect(
      (await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, { code: 'ali' })).json().msg,
    ).toBe('请输入手机号');
    const first = await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, {
      code: 'ali',
      phones: '13800000003',
    });
    expect(first.statusCode).toBe(200);
    const again = await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, {
      code: 'ali',
      phones: '13800000003',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('发送过于频繁,请稍后再试: 138****0003');
  });

  it('answers a provider that does not answer with a timeout message', async () => {
    smsTiming.timeoutMs = 300;
    stall = true;
    try {
      const res = await call(s.app, admin, 'POST', `${BASE}/endpoint/send-message`, {
        code: 'ali',
        phones: '13800000004',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('短信发送失败: 短信服务商响应超时');
    } finally {
      stall = false;
      smsTiming.timeoutMs = 10_000;
    }
  });

  it('keeps the secret key, sends a test, and asks a provider for its keys', async () => {
    const id = await create({ category: 1, smsCode: 'log', templateId: 'T1' });
    const test = await call(s.app, admin, 'POST', `${BASE}/send-test?id=${id}`, { phones: '13800000005' });
    expect(test.statusCode, test.body).toBe(200);
    const detail = (await call(s.app, admin, 'GET', `${BASE}/detail?id=${id}`)).json().data;
    expect(detail).not.toHaveProperty('secretKey');
    const noKey = await call(s.app, admin, 'POST', `${BASE}/submit`, {
      category: 2,
      smsCode: 'x1',
      templateId: 'T',
    });
    expect(noKey.json().msg).toBe('请输入accessKey');
    const ali = (await call(s.app, admin, 'GET', `${BASE}/list?smsCode=ali`)).json().data.records[0];
    const edited = await call(s.app, admin, 'POST', `${BASE}/submit`, { ...ali, remark: '改' });
    expect(edited.statusCode, edited.body).toBe(200);
    const row = await s.db.kysely
      .selectFrom('blade_sms')
      .select('secret_key')
      .where('id', '=', ali.id)
      .executeTakeFirst();
    expect(row?.secret_key).toBe('ali-secret');
  });
});

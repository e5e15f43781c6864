import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from './harness.js';

// A JSON body nested 10,000 deep parsed fine but overflowed the stack of the first recursive walker
// (the write validator's JSON.stringify of an object value): a 500. Now the nesting is checked before
// anything walks the body, and the answer is a 400 in Chinese; ordinary nesting still passes.

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await login(s.app);
});
afterAll(() => s.close());

const post = (url: string, payload: string) =>
  s.app.inject({
    method: 'POST',
    url,
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
    payload,
  });

const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deeply nested JSON bodies', () => {
  it('refuses a body nested 10,000 deep with a 400, on every kind of route', async () => {
    for (const [url, body] of [
      ['/api/blade-system/post/submit', `{"postName":${nestedObject(10_000)},"category":1,"postCode":"x"}`],
      ['/api/blade-system/post/submit', `{"postName":${nestedArray(10_000)}}`],
      ['/api/blade-auth/oauth/logout', nestedArray(10_000)],
      ['/api/blade-desk/notice/submit', nestedObject(10_000)],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, msg: '请求内容嵌套层级过深' });
    }
  });

  it('nothing was written by the refused calls, and the session is still good', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/blade-system/post/list?postCode=x',
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.records.filter((r: { postCode: string }) => r.postCode === 'x')).toEqual([]);
  });

  it('takes a body nested 64 deep, and brackets inside strings do not count', async () => {
    const deepButAllowed = `{"postName":"n","postCode":"c1","category":1,"remark":${nestedArray(63)}}`;
    const allowed = await post('/api/blade-system/post/submit', deepButAllowed);
    expect(allowed.json().msg).not.toBe('请求内容嵌套层级过深');
    expect(allowed.statusCode).not.toBe(500);
    const bracketsInText = JSON.stringify({
      postName: '[[[[{{{{'.repeat(8),
      postCode: 'c2',
      category: 1,
      sort: 1,
    });
    const res = await post('/api/blade-system/post/submit', bracketsInText);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a rich-text field of 10,000 nested elements is sanitised, not a 500', async () => {
    const html = `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`;
    const res = await post(
      '/api/blade-desk/notice/submit',
      JSON.stringify({ title: 'deep', category: 1, releaseTime: '2024-01-01 00:00:00', content: html }),
    );
    expect(res.statusCode, res.body.slice(0, 200)).not.toBe(500);
  });
});

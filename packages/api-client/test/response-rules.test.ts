import { describe, expect, it } from 'vitest';
import { classifyResponse, messageOf, statusOf, UNKNOWN_ERROR } from '../src/http/response-rules';

describe('response rules', () => {
  it('takes the code from the body before the HTTP status', () => {
    expect(statusOf(200, { code: 400, msg: 'x' })).toBe(400);
    expect(statusOf(400, { error_code: 400, error_description: '用户名或密码不正确' })).toBe(400);
    expect(statusOf(200, { code: '401' })).toBe(401);
  });

  it('falls back to the HTTP status when the body has no code', () => {
    expect(statusOf(200, { key: 'k', image: 'data:' })).toBe(200);
    expect(statusOf(500, 'Internal error')).toBe(500);
    expect(statusOf(404, null)).toBe(404);
  });

  it('prefers error_code over code (token endpoint failures)', () => {
    expect(statusOf(200, { error_code: 401, code: 200 })).toBe(401);
  });

  it('message: msg, else error_description, else 未知错误', () => {
    expect(messageOf({ msg: '参数错误', error_description: 'other' })).toBe('参数错误');
    expect(messageOf({ msg: '', error_description: '验证码不正确' })).toBe('验证码不正确');
    expect(messageOf({})).toBe(UNKNOWN_ERROR);
    expect(messageOf('plain text')).toBe('未知错误');
  });

  it('200 is ok', () => {
    expect(classifyResponse(200, { code: 200, success: true, msg: '操作成功', data: 1 }, [])).toEqual({
      kind: 'ok',
    });
  });

  it('whitelisted codes are rejected silently', () => {
    expect(classifyResponse(200, { code: 400, msg: 'x' }, [400])).toEqual({
      kind: 'whitelisted',
      status: 400,
    });
    expect(classifyResponse(401, { code: 401, msg: 'x' }, [401])).toEqual({
      kind: 'whitelisted',
      status: 401,
    });
  });

  it('401 is unauthorized, with the server message', () => {
    expect(classifyResponse(401, { code: 401, msg: '请求未授权' }, [])).toEqual({
      kind: 'unauthorized',
      status: 401,
      message: '请求未授权',
    });
    expect(classifyResponse(401, {}, [])).toEqual({
      kind: 'unauthorized',
      status: 401,
      message: UNKNOWN_ERROR,
    });
  });

  it('any other non-200 is an error with msg / error_description / 未知错误', () => {
    expect(classifyResponse(403, { code: 403, msg: '缺少权限' }, [])).toEqual({
      kind: 'error',
      status: 403,
      message: '缺少权限',
    });
    expect(classifyResponse(400, { error_code: 400, error_description: '用户名或密码不正确' }, [])).toEqual({
      kind: 'error',
      status: 400,
      message: '用户名或密码不正确',
    });
    expect(classifyResponse(500, '', [])).toEqual({ kind: 'error', status: 500, message: UNKNOWN_ERROR });
  });
});

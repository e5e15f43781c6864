import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_CLIENT_META } from '@tongxin/resources';
import { website } from '../src/config';
import { http, refreshLock } from '../src/http/client';
import { configureHttp } from '../src/http/hooks';
import { ApiError } from '../src/http/response-rules';
import { clearTokens, getToken, saveTokenResponse } from '../src/session/token-store';
import { ok, tokenResponse, useAdapter } from './adapter';

const BASIC = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';
const notifyError = vi.fn();
const onUnauthorized = vi.fn();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearTokens();
  notifyError.mockReset();
  onUnauthorized.mockReset();
  configureHttp({ notifyError, onUnauthorized });
});

describe('request headers', () => {
  it('sends the Basic client header and no token when logged out', async () => {
    const sent = useAdapter(() => ok(1));
    await http.get('/api/x');
    expect(sent[0]!.headers.get('Authorization')).toBe(BASIC);
    expect(sent[0]!.headers.get('Blade-Auth')).toBeUndefined();
  });

  it('sends the client the server named in the page, as UTF-8, else the built-in one', async () => {
    const meta = (name: string, content: string) => {
      const tag = document.createElement('meta');
      tag.name = name;
      tag.content = content;
      return document.head.appendChild(tag);
    };
    const tags = [
      meta(BROWSER_CLIENT_META.clientId, 'shell'),
      meta(BROWSER_CLIENT_META.clientSecret, 'geheim:秘密'),
    ];
    try {
      const sent = useAdapter(() => ok(1));
      await http.get('/api/x');
      const basic = sent[0]!.headers.get('Authorization') as string;
      const bytes = Uint8Array.from(atob(basic.replace('Basic ', '')), (c) => c.charCodeAt(0));
      expect(new TextDecoder().decode(bytes)).toBe('shell:geheim:秘密');
    } finally {
      for (const tag of tags) tag.remove();
    }
    const sent = useAdapter(() => ok(1));
    await http.get('/api/x');
    expect(sent[0]!.headers.get('Authorization')).toBe(BASIC);
  });

  it('sends Blade-Auth and a bearer Authorization when a token exists', async () => {
    saveTokenResponse(tokenResponse('T1'));
    const sent = useAdapter(() => ok(1));
    await http.get('/api/x');
    expect(sent[0]!.headers.get('Blade-Auth')).toBe('bearer T1');
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer T1');
  });

  it('sends no token when meta.isToken is false', async () => {
    saveTokenResponse(tokenResponse('T1'));
    const sent = useAdapter(() => ok(1));
    await http.get('/api/x', { meta: { isToken: false } });
    expect(sent[0]!.headers.get('Blade-Auth')).toBeUndefined();
    expect(sent[0]!.headers.get('Authorization')).toBe(BASIC);
  });

  it('sends no Basic header when authorization is false', async () => {
    const sent = useAdapter(() => ok(1));
    await http.get('/api/x', { authorization: false });
    expect(sent[0]!.headers.get('Authorization')).toBeUndefined();
  });

  it('sends credentials, times out after 20 minutes, resolves statuses 200-500', () => {
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.timeout).toBe(1_200_000);
    const validate = http.defaults.validateStatus!;
    expect([200, 401, 500].map(validate)).toEqual([true, true, true]);
    expect([199, 501, 502].map(validate)).toEqual([false, false, false]);
  });
});

describe('response handling', () => {
  it('resolves a 200 envelope', async () => {
    useAdapter(() => ok({ a: 1 }));
    const res = await http.get('/api/x');
    expect(res.data.data).toEqual({ a: 1 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows msg and rejects on a non-200 code', async () => {
    useAdapter(() => ({ status: 400, data: { code: 400, success: false, msg: '参数校验失败', data: null } }));
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('参数校验失败');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('uses the body code even when HTTP says 200', async () => {
    useAdapter(() => ({ status: 200, data: { code: 500, success: false, msg: '业务异常' } }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 500, message: '业务异常' });
  });

  it('shows error_description of a token failure', async () => {
    useAdapter(() => ({ status: 400, data: { error_code: 400, error_description: '用户名或密码不正确' } }));
    await expect(http.post('/api/blade-auth/oauth/token')).rejects.toMatchObject({
      message: '用户名或密码不正确',
    });
    expect(notifyError).toHaveBeenCalledWith('用户名或密码不正确');
  });

  it('shows 未知错误 when the body has no message', async () => {
    useAdapter(() => ({ status: 500, data: '' }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 500, message: '未知错误' });
    expect(notifyError).toHaveBeenCalledWith('未知错误');
  });

  it('logs out locally on 401', async () => {
    saveTokenResponse(tokenResponse('T1'));
    useAdapter(() => ({ status: 401, data: { code: 401, success: false, msg: '请求未授权' } }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects whitelisted codes silently', async () => {
    website.statusWhiteList.push(409);
    try {
      useAdapter(() => ({ status: 409, data: { code: 409, msg: 'conflict' } }));
      await expect(http.get('/api/x')).rejects.toMatchObject({ status: 409 });
      expect(notifyError).not.toHaveBeenCalled();
      expect(onUnauthorized).not.toHaveBeenCalled();
    } finally {
      website.statusWhiteList.pop();
    }
  });

  it('reports network failures (status > 500) and rejects', async () => {
    useAdapter(() => ({ status: 502, data: 'Bad gateway' }));
    await expect(http.get('/api/x')).rejects.toThrow('502');
    expect(notifyError).toHaveBeenCalledTimes(1);
  });
});

describe('token refresh', () => {
  it('refreshes with the refresh_token grant, Basic header and tenant', async () => {
    saveTokenResponse(tokenResponse('T1'));
    const sent = useAdapter((config) =>
      config.url?.endsWith('/oauth/token') ? { status: 200, data: tokenResponse('T2') } : ok(1),
    );
    await expect(refreshLock.run()).resolves.toBe('T2');
    const call = sent[0]!;
    expect(call.params).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-T1',
      tenantId: '000000',
      scope: 'all',
    });
    expect(call.headers.get('Tenant-Id')).toBe('000000');
    expect(call.headers.get('Authorization')).toBe(BASIC);
    expect(call.headers.get('Blade-Auth')).toBeUndefined();
    expect(getToken()).toBe('T2');
  });

  it('calls made during a refresh wait for it and go out with the new token', async () => {
    saveTokenResponse(tokenResponse('T1'));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent = useAdapter(async (config) => {
      if (config.url?.endsWith('/oauth/token')) {
        await gate;
        return { status: 200, data: tokenResponse('T2') };
      }
      return ok(config.url);
    });
    const refreshing = refreshLock.run();
    const calls = [http.get('/api/a'), http.get('/api/b')];
    await new Promise((r) => setTimeout(r, 10));
    expect(sent.map((c) => c.url)).toEqual(['/api/blade-auth/oauth/token']);
    release();
    await refreshing;
    await Promise.all(calls);
    const business = sent.filter((c) => !c.url?.endsWith('/oauth/token'));
    expect(business.map((c) => c.headers.get('Blade-Auth'))).toEqual(['bearer T2', 'bearer T2']);
  });

  it('a 401 answered to an old token is retried once with the refreshed token', async () => {
    saveTokenResponse(tokenResponse('T1'));
    const sent = useAdapter((config) => {
      if (config.headers.get('Blade-Auth') === 'bearer T1') {
        saveTokenResponse(tokenResponse('T2'));
        return { status: 401, data: { code: 401, msg: 'expired' } };
      }
      return ok('fresh');
    });
    const res = await http.get('/api/x');
    expect(res.data.data).toBe('fresh');
    expect(sent).toHaveLength(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('refused refresh', () => {
  it('a refresh token the server refuses ends the session', async () => {
    saveTokenResponse(tokenResponse('T1'));
    useAdapter(() => ({ status: 400, data: { error_code: 400, error_description: '刷新令牌已失效' } }));
    await expect(refreshLock.run()).rejects.toMatchObject({ status: 400 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 on the refresh call logs out once (not twice)', async () => {
    saveTokenResponse(tokenResponse('T1'));
    useAdapter(() => ({ status: 401, data: { error_code: 401, error_description: '令牌已失效' } }));
    await expect(refreshLock.run()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCaptcha, loginByUsername, sendLogs } from '../src/calls/auth';
import { getMenuRoutes, toPermissionMap } from '../src/calls/menu';
import { updatePassword } from '../src/calls/user';
import { configureHttp } from '../src/http/hooks';
import { md5Hex } from '../src/md5';
import { checkTokenOnce } from '../src/session/token-check';
import { clearTokens, saveTokenResponse } from '../src/session/token-store';
import { createRefreshLock } from '../src/http/refresh-lock';
import { ok, tokenResponse, useAdapter } from './adapter';

beforeEach(() => {
  localStorage.clear();
  clearTokens();
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
});

describe('md5', () => {
  it('hashes to lowercase hex', () => {
    expect(md5Hex('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
  });
});

describe('login call', () => {
  it('captcha grant: md5 password, query params and captcha headers', async () => {
    const sent = useAdapter(() => ({ status: 200, data: tokenResponse('T') }));
    const res = await loginByUsername(
      { tenantId: '000000', username: 'admin', password: 'admin', captchaKey: 'k1', captchaCode: 'ab12' },
      true,
    );
    expect(res.access_token).toBe('T');
    const call = sent[0]!;
    expect(call.method).toBe('post');
    expect(call.url).toBe('/api/blade-auth/oauth/token');
    expect(call.params).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    });
    expect(call.headers.get('Tenant-Id')).toBe('000000');
    expect(call.headers.get('Captcha-Key')).toBe('k1');
    expect(call.headers.get('Captcha-Code')).toBe('ab12');
    expect(call.headers.get('Authorization')).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
  });

  it('password grant without captcha headers when the server turned the captcha off', async () => {
    const sent = useAdapter(() => ({ status: 200, data: tokenResponse('T') }));
    await loginByUsername({ tenantId: '000001', username: 'u', password: 'p' }, false);
    expect(sent[0]!.params.grant_type).toBe('password');
    expect(sent[0]!.headers.get('Captcha-Key')).toBeUndefined();
  });

  it('reads the bare captcha answer', async () => {
    useAdapter(() => ({ status: 200, data: { key: '', image: '', captchaEnabled: false } }));
    await expect(getCaptcha()).resolves.toEqual({ key: '', image: '', captchaEnabled: false });
  });
});

describe('other calls', () => {
  it('routes: envelope data, topMenuId only when given', async () => {
    const sent = useAdapter(() => ok([{ id: '1', path: '/system' }]));
    await expect(getMenuRoutes()).resolves.toHaveLength(1);
    await getMenuRoutes('9');
    expect(sent[0]!.params).toEqual({});
    expect(sent[1]!.params).toEqual({ topMenuId: '9' });
  });

  it('buttons: leaves (no children property) become code → true', () => {
    expect(
      toPermissionMap([
        { code: 'param', children: [{ code: 'param_add' }, { code: 'param_edit' }] },
        { code: 'user', children: [] },
        { code: 'top_leaf' },
      ]),
    ).toEqual({ param_add: true, param_edit: true, top_leaf: true });
  });

  it('update-password sends md5 hex values', async () => {
    const sent = useAdapter(() => ok(null));
    await updatePassword('old', 'new', 'new');
    expect(sent[0]!.params).toEqual({
      oldPassword: md5Hex('old'),
      newPassword: md5Hex('new'),
      newPassword1: md5Hex('new'),
    });
  });

  it('log upload posts the logs to oauth/logout', async () => {
    const sent = useAdapter(() => ok(null));
    await sendLogs([{ type: 'error', message: 'm', url: '/x', time: 't' }]);
    expect(sent[0]!.method).toBe('post');
    expect(sent[0]!.url).toBe('/api/blade-auth/oauth/logout');
    expect(JSON.parse(sent[0]!.data as string)).toHaveLength(1);
  });
});

describe('token check (every 10 s)', () => {
  it('refreshes only with a token that is tokenTime seconds old, and not while locked', async () => {
    const refresh = vi.fn(async () => 'T2');
    const lock = createRefreshLock(refresh);
    expect(checkTokenOnce({ lock, now: () => Date.now() + 4_000_000 })).toBeUndefined();
    saveTokenResponse(tokenResponse('T1'), 0);
    expect(checkTokenOnce({ lock, now: () => 2_999_000 })).toBeUndefined();
    const first = checkTokenOnce({ lock, now: () => 3_000_000 });
    expect(first).toBeDefined();
    expect(checkTokenOnce({ lock, now: () => 3_000_000 })).toBeUndefined();
    await first;
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

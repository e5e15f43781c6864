// Issue 10 item 8: a remote opened on its own (its dev server) asks for a sign-in when the browser holds
// no session, then shows its pages with the user in the shared session store.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { lazy } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearTokens, getToken, http, md5Hex } from '@tongxin/api-client';
import { StandaloneApp } from '../src/standalone/StandaloneApp';
import { REMOTE_API_VERSION, useSessionStore } from '../src/session';

const calls: { url: string; params: Record<string, string>; headers: Record<string, string> }[] = [];
const token = {
  access_token: 'T',
  refresh_token: 'R',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  real_name: '管理员',
  role_name: 'administrator',
};

function DutyPage() {
  return <p>值班页面 {useSessionStore((s) => s.user?.account)}</p>;
}

const module = {
  apiVersion: REMOTE_API_VERSION,
  namespace: 'party',
  i18n: { 'zh-CN': {}, en: {} },
  routes: {
    '/party/partyduty': lazy(async () => ({ default: DutyPage })),
  },
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  http.defaults.adapter = async (config) => {
    const url = config.url ?? '';
    calls.push({
      url,
      params: (config.params ?? {}) as Record<string, string>,
      headers: Object.fromEntries(Object.entries(config.headers ?? {}).map(([k, v]) => [k, String(v)])),
    });
    const data = url.endsWith('/oauth/captcha')
      ? { key: 'k1', image: 'data:image/png;base64,AA==', captchaEnabled: true }
      : url.endsWith('/oauth/token')
        ? token
        : null;
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
});
beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  clearTokens();
  useSessionStore.getState().reset();
});
afterEach(cleanup);

describe('a remote on its own', () => {
  it('signs in first (with the captcha the server asks for), then shows its pages', async () => {
    render(<StandaloneApp module={module} />);
    expect(await screen.findByText('远程模块 party 独立运行，请先登录')).toBeTruthy();
    expect(screen.queryByText(/值班页面/)).toBeNull();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin' } });
    await screen.findByAltText('验证码');
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('值班页面 admin')).toBeTruthy();
    const login = calls.find((c) => c.url.endsWith('/oauth/token'))!;
    expect(login.params).toMatchObject({
      tenantId: '000000',
      username: 'admin',
      password: md5Hex('admin'),
      grant_type: 'captcha',
    });
    expect(login.headers).toMatchObject({ 'Captcha-Key': 'k1', 'Captcha-Code': 'ab12' });
    expect(getToken()).toBe('T');
    expect(useSessionStore.getState().user?.account).toBe('admin');

    // signing out asks again
    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    expect(await screen.findByText('远程模块 party 独立运行，请先登录')).toBeTruthy();
    expect(getToken()).toBe('');
  });

  it('opens straight on its pages with a session the browser kept', async () => {
    render(<StandaloneApp module={module} />);
    await screen.findByText('远程模块 party 独立运行，请先登录');
    cleanup();
    const { saveTokenResponse } = await import('@tongxin/api-client');
    saveTokenResponse(token as never);
    render(<StandaloneApp module={module} />);
    expect(await screen.findByText('值班页面 admin')).toBeTruthy();
    await waitFor(() => expect(useSessionStore.getState().user?.account).toBe('admin'));
  });
});

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearTokens, configureHttp, getToken, http, md5Hex } from '@tongxin/api-client';
import LoginPage from '../src/login/LoginPage';
import { Toasts } from '../src/notify/Toasts';
import { useToastStore } from '../src/notify/toast-store';
import { initShellI18n } from './shell-i18n';

let captchaEnabled = true;
let tenantInfo: unknown = null;
const sent: { url: string; params: Record<string, string>; headers: Record<string, unknown> }[] = [];

const token = (access: string) => ({
  access_token: access,
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  user_name: 'admin',
  nick_name: '管理员',
  real_name: '管理员',
  account: 'admin',
  role_name: 'administrator',
  role_id: '1',
  dept_id: '1',
  post_id: '1',
  avatar: '',
  oauth_id: '',
  license: '',
});

beforeAll(async () => {
  await initShellI18n();
  configureHttp({
    notifyError: (m) => useToastStore.getState().push('error', m),
    onUnauthorized: () => undefined,
  });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    sent.push({ url: config.url ?? '', params, headers: config.headers.toJSON() });
    const reply = (status: number, data: unknown) => ({ data, status, statusText: '', headers: {}, config });
    if (config.url?.endsWith('/oauth/captcha'))
      return reply(
        200,
        captchaEnabled
          ? { key: 'k1', image: 'data:image/svg+xml;base64,PHN2Zy8+', captchaEnabled: true }
          : { key: '', image: '', captchaEnabled: false },
      );
    if (config.url?.endsWith('/tenant/info'))
      return reply(200, { code: 200, success: true, msg: '', data: tenantInfo });
    if (config.url?.endsWith('/oauth/token'))
      return params.password === md5Hex('admin')
        ? reply(200, token('T-ok'))
        : reply(400, { error_code: 400, error_description: '用户名或密码不正确' });
    return reply(404, { code: 404, msg: 'none' });
  };
});

beforeEach(() => {
  sent.length = 0;
  clearTokens();
  captchaEnabled = true;
  tenantInfo = null;
});
afterEach(cleanup);

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Toasts />
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<div>home</div>} />
      </Routes>
    </MemoryRouter>,
  );

describe('login page', () => {
  it('is titled 登录 and shows tenant, account, password and the captcha by default', async () => {
    renderLogin();
    expect(document.title).toBe('登录');
    expect(screen.getByLabelText('租户编号')).toBeTruthy();
    expect(await screen.findByAltText('验证码')).toBeTruthy();
    expect(screen.getByLabelText('验证码')).toBeTruthy();
  });

  it('hides the captcha when the server turned it off', async () => {
    captchaEnabled = false;
    renderLogin();
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/oauth/captcha'))).toBe(true));
    await waitFor(() => expect(screen.queryByLabelText('验证码')).toBeNull());
  });

  it('hides the tenant field when tenant/info recognises the domain', async () => {
    tenantInfo = { tenantId: '100001', tenantName: 'x', domain: 'localhost' };
    renderLogin();
    await waitFor(() => expect(screen.queryByLabelText('租户编号')).toBeNull());
  });

  it('checks required fields before calling the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/oauth/token'))).toBe(false);
  });

  it('checks the tenant code with the rule the server uses before calling it', async () => {
    captchaEnabled = false;
    renderLogin();
    await waitFor(() => expect(screen.queryByLabelText('验证码')).toBeNull());
    fireEvent.change(screen.getByLabelText('租户编号'), { target: { value: "000000' or 1=1" } });
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('租户编号格式不正确')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/oauth/token'))).toBe(false);
    // the message now belongs to the field's label: find the input by name
    fireEvent.change(document.querySelector('input[name=tenantId]')!, { target: { value: ' 000000 ' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('home')).toBeTruthy();
    expect(sent.find((s) => s.url.endsWith('/oauth/token'))!.params.tenantId).toBe('000000');
  });

  it("shows the server's error_description and does not log in", async () => {
    captchaEnabled = false;
    renderLogin();
    await waitFor(() => expect(screen.queryByLabelText('验证码')).toBeNull());
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码不正确')).toBeTruthy();
    expect(getToken()).toBe('');
  });

  it('logs in with the md5 password and the captcha grant, then leaves /login', async () => {
    renderLogin();
    await screen.findByAltText('验证码');
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('home')).toBeTruthy();
    const call = sent.find((s) => s.url.endsWith('/oauth/token'))!;
    expect(call.params).toMatchObject({
      grant_type: 'captcha',
      password: md5Hex('admin'),
      tenantId: '000000',
    });
    expect(call.headers).toMatchObject({
      'Captcha-Key': 'k1',
      'Captcha-Code': 'ab12',
      'Tenant-Id': '000000',
    });
    expect(getToken()).toBe('T-ok');
  });
});

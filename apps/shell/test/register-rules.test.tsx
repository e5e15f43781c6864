import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp, http, type TokenResponse } from '@tongxin/api-client';
import { RegisterDialog } from '../src/dialogs/RegisterDialog';
import { useAuthStore } from '../src/session/auth-store';
import { initShellI18n } from './shell-i18n';

// The registration dialog checks the tenant code and the account with the server's rules and sends
// them as checked (trimmed); the password needs 8 characters (the shared password rule: the server sees
// only its md5).

const sent: Record<string, string>[] = [];

beforeAll(async () => {
  await initShellI18n();
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    // the captcha the dialog asks for first: switched off here (the login page shows none)
    if (config.url?.includes('/oauth/captcha')) {
      const data = { key: '', image: '', captchaEnabled: false };
      return { data, status: 200, statusText: 'OK', headers: {}, config };
    }
    sent.push((config.params ?? {}) as Record<string, string>);
    const data = { code: 200, success: true, msg: '注册申请已提交,请等待管理员审核', data: null };
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  // a third-party login without a user (user_id -1) and without a tenant
  useAuthStore.setState({ user: { user_id: '-1', tenant_id: '', account: '' } as TokenResponse });
});
afterAll(cleanup);

const input = (name: string) => document.querySelector<HTMLInputElement>(`input#${name}`)!;

describe('registration dialog', () => {
  it('refuses a bad tenant code or account, then sends both trimmed', async () => {
    render(
      <MemoryRouter>
        <App>
          <RegisterDialog />
        </App>
      </MemoryRouter>,
    );
    await waitFor(() => expect(input('tenantId')).toBeTruthy());
    const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    fireEvent.change(input('tenantId'), { target: { value: '1000 01' } });
    fireEvent.change(input('account'), { target: { value: '拉姆' } });
    fireEvent.change(input('password'), { target: { value: 'secret' } });
    fireEvent.change(input('password2'), { target: { value: 'secret' } });
    submit();
    expect(await screen.findByText('租户编号格式不正确')).toBeTruthy();
    expect(await screen.findByText('登录账号只能包含字母、数字和 _ . @ -')).toBeTruthy();
    expect(await screen.findByText('密码长度不能少于8位')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(input('tenantId'), { target: { value: ' 100001 ' } });
    fireEvent.change(input('account'), { target: { value: ' lhamo ' } });
    fireEvent.change(input('password'), { target: { value: 'secret-8' } });
    fireEvent.change(input('password2'), { target: { value: 'secret-8' } });
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ tenantId: '100001', account: 'lhamo' });
  });
});

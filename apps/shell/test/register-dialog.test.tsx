import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, type TokenResponse } from '@tongxin/api-client';
import { RegisterDialog } from '../src/dialogs/RegisterDialog';
import { shellEn } from '../src/i18n/shell-en';
import { shellZh } from '../src/i18n/shell-zh';
import { useAuthStore } from '../src/session/auth-store';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'zh-CN',
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    resources: { 'zh-CN': { shell: shellZh }, en: { shell: shellEn } },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('账号注册 (a social login without an account)', () => {
  it('asks for the captcha the server shows and sends it with the registration', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      data: { key: 'K1', image: 'data:image/svg+xml;base64,PHN2Zy8+', captchaEnabled: true },
    });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { code: 200, success: true, data: null } });
    useAuthStore.setState({
      user: { user_id: '-1', tenant_id: '100001', account: 'lhamo', nick_name: '拉姆' } as TokenResponse,
    });
    render(
      <MemoryRouter>
        <App>
          <RegisterDialog />
        </App>
      </MemoryRouter>,
    );
    const [password, password2] = (await screen.findAllByLabelText(/密码/)) as HTMLInputElement[];
    fireEvent.change(password!, { target: { value: 'secret-1' } });
    fireEvent.change(password2!, { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab3cd' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, , config] = post.mock.calls[0]!;
    expect(url).toBe('/api/blade-user/register-guest');
    expect(config?.headers).toMatchObject({ 'Captcha-Key': 'K1', 'Captcha-Code': 'ab3cd' });
    expect(config?.params).toMatchObject({ tenantId: '100001', account: 'lhamo' });
    expect(config?.params).not.toHaveProperty('captchaKey');
  });
});

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import ProfilePage from '../src/pages/ProfilePage';
import { initShellI18n } from './shell-i18n';

// The profile form checks phone and email with the user definition's rules (the server's): the spec's
// phone messages, and nothing is sent while a value is refused.

const posted: unknown[] = [];

beforeAll(async () => {
  await initShellI18n();
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const reply = (data: unknown) => ({
      data: { code: 200, success: true, msg: '操作成功', data },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    });
    if (config.url === '/api/blade-user/info')
      return reply({ id: '1', realName: '管理员', name: 'admin', phone: '', email: '' });
    posted.push(typeof config.data === 'string' ? JSON.parse(config.data) : config.data);
    return reply(null);
  };
});
beforeEach(() => {
  posted.length = 0;
});
afterEach(cleanup);

const input = (name: string) => document.querySelector<HTMLInputElement>(`input#${name}`)!;

describe('profile form', () => {
  it('refuses a bad mobile number or email with the shared rules, then saves good ones', async () => {
    render(
      <App>
        <ProfilePage />
      </App>,
    );
    await waitFor(() => expect(input('realName').value).toBe('管理员'));
    const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));

    fireEvent.change(input('phone'), { target: { value: '1380013800' } });
    submit();
    expect(await screen.findByText('手机号码长度不为11位')).toBeTruthy();
    fireEvent.change(input('phone'), { target: { value: '12800138000' } });
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy();
    fireEvent.change(input('phone'), { target: { value: '13800138000' } });
    fireEvent.change(input('email'), { target: { value: 'a@b' } });
    submit();
    expect(await screen.findByText('电子邮箱格式不正确')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(input('email'), { target: { value: 'a@b.cn' } });
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ phone: '13800138000', email: 'a@b.cn' });
  });

  it('asks for a new password of 8 characters at least, then sends it', async () => {
    render(
      <App>
        <ProfilePage />
      </App>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '修改密码' }));
    await waitFor(() => expect(input('newPassword')).toBeTruthy());
    fireEvent.change(input('oldPassword'), { target: { value: 'admin' } });
    fireEvent.change(input('newPassword'), { target: { value: '1234567' } });
    fireEvent.change(input('newPassword1'), { target: { value: '1234567' } });
    fireEvent.click(screen.getAllByRole('button', { name: /提\s*交/ }).at(-1)!);
    expect(await screen.findByText('新密码长度不能少于8位')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(input('newPassword'), { target: { value: 'Lhasa-river-8' } });
    fireEvent.change(input('newPassword1'), { target: { value: 'Lhasa-river-8' } });
    fireEvent.click(screen.getAllByRole('button', { name: /提\s*交/ }).at(-1)!);
    await waitFor(() => expect(posted).toHaveLength(1));
  });
});

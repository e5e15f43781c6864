import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToken, http } from '@tongxin/api-client';
import { SwitchDialog } from '../src/dialogs/SwitchDialog';
import { shellEn } from '../src/i18n/shell-en';
import { shellZh } from '../src/i18n/shell-zh';
import { useMenuStore } from '../src/menu/menu-store';

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

const tree = (url: string) =>
  url.includes('/dept/')
    ? [{ id: '11', title: '八廓街道', children: [{ id: '12', title: '冲赛康社区' }] }]
    : [{ id: '21', title: '管理员' }];

describe('切换部门 (switch mode)', () => {
  it('requires a department and a role, then refreshes the token with Dept-Id / Role-Id', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => ({ data: { data: tree(url) } }));
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      data: { access_token: 'SWITCHED', refresh_token: 'R2', user_id: '1', dept_id: '12', role_id: '21' },
    });
    useMenuStore.setState({ loaded: true });
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <App>
          <SwitchDialog open onClose={onClose} />
        </App>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择部门')).toBeTruthy();
    expect(await screen.findByText('请选择角色')).toBeTruthy();

    const [dept, role] = screen.getAllByRole('combobox');
    const pick = async (box: HTMLElement, text: string) => {
      fireEvent.mouseDown(box);
      const option = await waitFor(() => {
        const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) =>
          el.textContent?.includes(text),
        );
        if (!found) throw new Error(`no option ${text}`);
        return found;
      });
      fireEvent.click(option);
    };
    await pick(dept!, '冲赛康社区');
    await pick(role!, '管理员');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, , config] = post.mock.calls[0]!;
    expect(url).toBe('/api/blade-auth/oauth/token');
    expect(config?.headers).toMatchObject({ 'Dept-Id': '12', 'Role-Id': '21' });
    expect(config?.params).toMatchObject({ grant_type: 'refresh_token' });
    expect(getToken()).toBe('SWITCHED');
    // the menus of the new role are read again
    expect(useMenuStore.getState().loaded).toBe(false);
  });
});

// Issue 3 proof: login (wrong password → the server's message), reload keeps the session, logout.
import { expect, test } from '@playwright/test';
import {
  fillLogin,
  loginAsAdmin,
  openParamPage,
  paramRows,
  switchTab,
  tabLabels,
  userMenu,
} from '../helpers/shell';

test('a wrong password shows the server message and does not log in', async ({ page }) => {
  await fillLogin(page, 'admin', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码不正确' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('登录');
});

test('login opens the home tab; a reload keeps the session and the open tabs', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.locator('.tx-content')).toContainText('欢迎使用同心');
  await openParamPage(page);
  await expect(page).toHaveTitle('参数管理');

  await page.reload();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(paramRows(page).first()).toBeVisible();
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);
  await switchTab(page, '首页', /\/wel\/index$/);
});

test('logout asks for confirmation, then ends the session', async ({ page }) => {
  await loginAsAdmin(page);
  await userMenu(page, '退出登录');
  const dialog = page.getByRole('dialog').filter({ hasText: '退出系统, 是否继续?' });
  await expect(dialog).toBeVisible();

  // cancelling keeps the session
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/wel\/index$/);

  await userMenu(page, '退出登录');
  await page
    .getByRole('dialog')
    .filter({ hasText: '退出系统, 是否继续?' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('账号')).toBeVisible();

  // the token is gone: a deep link goes back to /login
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/login$/);
});

// Issue 3 proof: menu → tab → remote page, the tab rules, keep-alive.
import { expect, test } from '@playwright/test';
import {
  loginAsAdmin,
  openParamPage,
  paramSearch,
  switchTab,
  tab,
  tabLabels,
  userMenu,
} from '../helpers/shell';

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('a menu click opens a tab with the system remote page (参数管理)', async ({ page }) => {
  await openParamPage(page);
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);
  await expect(tab(page, '参数管理')).toHaveClass(/ant-tabs-tab-active/);
  // the remote's screen is real: the server's rows and the remote's own labels
  await expect(page.getByRole('button', { name: /搜\s*索$/ })).toBeVisible();
  await expect(page.locator('.tx-content .ant-table-thead')).toBeVisible();
  // opening the same menu again does not add a tab
  await switchTab(page, '首页', /\/wel\/index$/);
  await openParamPage(page);
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);
});

test('the path identifies a tab: another query on the same path reuses it and keeps that query', async ({
  page,
}) => {
  await openParamPage(page);
  await page.goto('/system/param?x=1');
  // the page shows once the URL's tab is open (the tabs follow the URL)
  await expect(paramSearch(page)).toBeVisible();
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);
  await expect(tab(page, '参数管理')).toHaveClass(/ant-tabs-tab-active/);
  // back to the tab: it opens with the query it was last opened with
  await switchTab(page, '首页', /\/wel\/index$/);
  await switchTab(page, '参数管理', /\/system\/param\?x=1$/);
  await expect(paramSearch(page)).toBeVisible();
});

test('keep-alive: text typed in a remote page survives switching tabs', async ({ page }) => {
  await openParamPage(page);
  await paramSearch(page).fill('锁定次数');
  await switchTab(page, '首页', /\/wel\/index$/);
  await expect(page.locator('.tx-content')).toContainText('欢迎使用同心');
  await switchTab(page, '参数管理', /\/system\/param$/);
  await expect(paramSearch(page)).toHaveValue('锁定次数');
});

test('closing the active tab activates the previous one; home cannot close; close all returns home', async ({
  page,
}) => {
  await openParamPage(page);
  await userMenu(page, '控制台');
  await expect(page).toHaveURL(/\/wel\/dashboard$/);
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理', '控制台']);

  // the home tab has no close button
  await expect(tab(page, '首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);

  // close the active (last) tab → the previous tab becomes active
  await tab(page, '控制台').locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);
  await expect(tab(page, '参数管理')).toHaveClass(/ant-tabs-tab-active/);
  await expect(page).toHaveTitle('参数管理');

  // close all → only home remains, and it is active
  await userMenu(page, '控制台');
  await expect(page).toHaveURL(/\/wel\/dashboard$/);
  await page.getByTestId('tab-actions').click();
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect.poll(() => tabLabels(page)).toEqual(['首页']);
  await expect(page).toHaveTitle('首页');
});

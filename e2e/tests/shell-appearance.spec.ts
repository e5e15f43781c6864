// Issue 3 proof: theme switch (theme-dark is really dark, also inside a remote) and zh → en.
import { expect, test, type Locator } from '@playwright/test';
import { hoverMenu, loginAsAdmin, openParamPage, switchTab, tab } from '../helpers/shell';

/** Relative luminance (0 black … 1 white) of an element's computed background colour. */
const luminance = (locator: Locator) =>
  locator.evaluate((el) => {
    const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });

test('theme-dark switches the shell and the remote page to a dark palette', async ({ page }) => {
  await loginAsAdmin(page);
  await openParamPage(page);
  const remoteTable = page.locator('.tx-content .ant-table').locator('visible=true').first();
  expect(await luminance(remoteTable)).toBeGreaterThan(0.8);

  await page.getByRole('button', { name: '主题' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '黑色主题' });
  await dialog.locator('[data-theme-option="theme-dark"]').click();
  await expect(dialog.locator('[data-theme-option="theme-dark"] .anticon-check')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(page.locator('body')).toHaveAttribute('data-theme', 'theme-dark');
  // the remote's antd table gets the dark algorithm through the shared ConfigProvider
  await expect.poll(() => luminance(remoteTable)).toBeLessThan(0.2);
  await switchTab(page, '首页', /\/wel\/index$/);
  const card = page.locator('.tx-content .ant-card').locator('visible=true').first();
  await expect.poll(() => luminance(card)).toBeLessThan(0.2);

  // the choice is kept across a reload
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'theme-dark');
});

test('the language switch turns shell, menu and remote labels into English', async ({ page }) => {
  await loginAsAdmin(page);
  await openParamPage(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await hoverMenu(page, page.getByTestId('language-switch'), 'English');

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(tab(page, 'Home')).toBeVisible();
  await expect(page.getByTestId('tab-actions')).toContainText('Tab actions');
  await expect(page.locator('.tx-sider').getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);
  // the remote's labels follow the one i18next instance
  const cjk = /[\u4e00-\u9fff]/;
  const head = page.locator('.tx-content .ant-table-thead').locator('visible=true');
  await expect(page.getByRole('button', { name: /Search$/ }).locator('visible=true')).toBeVisible();
  await expect(head).not.toHaveText(cjk);

  // kept after a reload (stored under `language`), and back to Chinese
  await page.reload();
  await expect(tab(page, 'Home')).toBeVisible();
  await hoverMenu(page, page.getByTestId('language-switch'), '中文');
  await expect(tab(page, '首页')).toBeVisible();
  await expect(page.getByRole('button', { name: /搜\s*索$/ }).locator('visible=true')).toBeVisible();
  await expect(head).toHaveText(cjk);
});

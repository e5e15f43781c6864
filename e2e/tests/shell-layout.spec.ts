// Issue 10 proof: the page fills the window without a browser margin or a document scrollbar, and the
// home page names the user's department.
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../helpers/shell';

test.use({ viewport: { width: 1440, height: 900 } });

test('no document margin or scrollbar on /wel/index at 1440×900; 部门 is a name', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.locator('.tx-content')).toContainText('欢迎使用同心');
  // the layout has settled once the sidebar's menus are in
  await expect(page.locator('.tx-sider').getByRole('menuitem').first()).toBeVisible();
  const documentBox = () =>
    page.evaluate(() => {
      const root = document.documentElement;
      return {
        margin: getComputedStyle(document.body).margin,
        overflowY: root.scrollHeight - root.clientHeight,
        overflowX: root.scrollWidth - root.clientWidth,
      };
    });
  await expect.poll(documentBox).toEqual({ margin: '0px', overflowY: 0, overflowX: 0 });

  // the seeded admin belongs to 同心平台: its name, never its id
  const dept = page
    .locator('.ant-descriptions-item-label')
    .filter({ hasText: /^部门$/ })
    .locator('xpath=following-sibling::*[1]');
  await expect(dept).toHaveText('同心平台');
});

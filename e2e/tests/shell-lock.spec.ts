// Issue 3 proof: the lock asks for a lock password first, forces /lock, and unlocks with it; issue 10:
// unlocking returns to the page that was locked.
import { expect, test } from '@playwright/test';
import { loginAsAdmin, openParamPage, paramSearch } from '../helpers/shell';

test('lock asks for a lock password, holds the session at /lock, and unlocks to the locked page', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await openParamPage(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '设置锁屏密码' });
  await expect(dialog).toBeVisible();
  // the password is required
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('lock-1234');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();

  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByText('屏幕已锁定')).toBeVisible();

  // a locked session is forced back to /lock, also after a reload
  await page.goto('/system/user');
  await expect(page).toHaveURL(/\/lock$/);

  const input = page.getByPlaceholder('请输入锁屏密码');
  await input.fill('wrong');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page.getByRole('alert')).toHaveText('解锁密码错误,请重新输入');
  await expect(page).toHaveURL(/\/lock$/);

  await input.fill('lock-1234');
  await input.press('Enter');
  // back to the page that was locked, not to the home page
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(paramSearch(page)).toBeVisible();

  // unlocking clears the lock password: the next lock asks for one again
  await page.getByRole('button', { name: '锁屏' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: '设置锁屏密码' })).toBeVisible();
});

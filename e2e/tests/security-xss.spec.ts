import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../helpers/shell';
import { login, openDrawer, rowAction } from './system-helpers';

// Stored XSS: markup saved through the API into text fields the UI shows (a parameter's name and value,
// a user's names, a dictionary's name and an item of it) renders as inert text in the tables, the view
// drawer and the edit form. A payload that ran would set window.__xss, open a dialog or leave its
// element in the page.

const stamp = Date.now().toString().slice(-6);
const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '<svg onload=__xss=1>'; // 20 characters: fits a user's name fields

interface Created {
  paramId?: string;
  userId?: string;
  dictId?: string;
}
const created: Created = {};

test.beforeAll(async ({ request }) => {
  const api = await adminApi(request);
  const param = await api<{ id: string }>('post', '/api/blade-system/param/submit', {
    paramName: `XSS参数${stamp}${IMG}`,
    paramKey: `xss.${stamp}`,
    paramValue: `${SCRIPT}${IMG}"><svg onload=window.__xss=1>`,
    remark: IMG,
  });
  created.paramId = param.id;
  const [role] = await api<{ id: string }[]>('get', '/api/blade-system/role/select');
  const [dept] = await api<{ id: string }[]>('get', '/api/blade-system/dept/select');
  const [post] = await api<{ id: string }[]>('get', '/api/blade-system/post/select');
  const user = await api<{ id: string }>('post', '/api/blade-user/submit', {
    account: `xss${stamp}`,
    password: 'xss-pass-123',
    name: SVG,
    realName: `<b>${stamp}</b>`,
    userType: 1,
    roleId: role!.id,
    deptId: dept!.id,
    postId: post!.id,
  });
  created.userId = user.id;
  const dict = await api<{ id: string }>('post', '/api/blade-system/dict/submit', {
    code: `xss_${stamp}`,
    dictValue: `XSS字典${IMG}`,
    sort: 1,
    isSealed: 0,
    remark: SCRIPT,
  });
  created.dictId = dict.id;
  await api('post', '/api/blade-system/dict/submit', {
    parentId: dict.id,
    code: `xss_${stamp}`,
    dictKey: '1',
    dictValue: `选项${SCRIPT}`,
    dictValueBo: IMG,
    sort: 1,
    isSealed: 0,
  });
});

test.afterAll(async ({ request }) => {
  const api = await adminApi(request);
  if (created.paramId) await api('post', `/api/blade-system/param/remove?ids=${created.paramId}`);
  if (created.userId) await api('post', `/api/blade-user/remove?ids=${created.userId}`);
  if (created.dictId) {
    const items = await api<{ records: { id: string }[] }>(
      'get',
      `/api/blade-system/dict/list?code_equal=xss_${stamp}&size=50`,
    );
    const ids = items.records.map((r) => r.id).filter((id) => id !== created.dictId);
    if (ids.length) await api('post', `/api/blade-system/dict/remove?ids=${ids.join(',')}`);
    await api('post', `/api/blade-system/dict/remove?ids=${created.dictId}`);
  }
});

/** Records every sign of a payload that ran: dialogs, and (checked on demand) the global flag and
 * elements the payloads would have created. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return async (where: string) => {
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      where,
    ).toBeUndefined();
    expect(dialogs, where).toEqual([]);
    expect(await page.locator('img[src="x"]').count(), where).toBe(0);
    expect(await page.locator('svg[onload]').count(), where).toBe(0);
    expect(await page.locator('.tx-content b').filter({ hasText: stamp }).count(), where).toBe(0);
  };
}

/** Searches the screen's card (named by its title) by one field; returns the card. */
async function search(page: Page, card: string, label: string, value: string) {
  const pane = page.locator('.tx-card').filter({ hasText: card }).first();
  const form = pane.locator('.tx-search');
  await form.locator('.ant-form-item').filter({ hasText: label }).locator('input').fill(value);
  await form.getByRole('button', { name: /搜\s*索/ }).click();
  return pane;
}

test('a parameter holding markup shows it as text in the list, the view and the edit form', async ({
  page,
}) => {
  const inert = watch(page);
  await login(page);
  await page.goto('/system/param');
  const pane = await search(page, '参数管理', '参数名称', `XSS参数${stamp}`);
  const row = pane.locator('.ant-table-row').filter({ hasText: `XSS参数${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`XSS参数${stamp}${IMG}`);
  await expect(row).toContainText(SCRIPT);
  await inert('param list');

  await row.getByRole('button', { name: /查\s*看/ }).click();
  let drawer = openDrawer(page);
  await expect(drawer.locator('.ant-descriptions')).toContainText(SCRIPT);
  await expect(drawer.locator('.ant-descriptions')).toContainText(IMG);
  await inert('param view');
  await drawer.locator('.ant-drawer-extra button').click();
  await expect(drawer).toBeHidden();

  await row.getByRole('button', { name: /编\s*辑/ }).click();
  drawer = openDrawer(page);
  await expect(drawer.getByLabel('参数名称')).toHaveValue(`XSS参数${stamp}${IMG}`);
  await expect(drawer.getByLabel('参数键值')).toHaveValue(`${SCRIPT}${IMG}"><svg onload=window.__xss=1>`);
  await inert('param edit');
});

test("a user's names holding markup show as text in the user list and view", async ({ page }) => {
  const inert = watch(page);
  await login(page);
  await page.goto('/system/user');
  const pane = await search(page, '用户管理', '用户姓名', stamp);
  const row = pane.locator('.ant-table-row').filter({ hasText: `<b>${stamp}</b>` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SVG);
  await inert('user list');
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = openDrawer(page);
  await expect(drawer.locator('.ant-descriptions')).toContainText(SVG);
  await expect(drawer.locator('.ant-descriptions')).toContainText(`<b>${stamp}</b>`);
  await inert('user view');
});

test('a dictionary and its item holding markup show as text in both tables', async ({ page }) => {
  const inert = watch(page);
  await login(page);
  await page.goto('/dict-horizontal/index');
  const pane = await search(page, '系统字典', '字典编号', `xss_${stamp}`);
  const header = pane.locator('.ant-table-row').filter({ hasText: `xss_${stamp}` });
  await expect(header).toHaveCount(1);
  await expect(header).toContainText(`XSS字典${IMG}`);
  await inert('dictionary list');
  await rowAction(page, header, '字典配置');
  const item = page.getByTestId('dict-child').locator('.ant-table-row').filter({ hasText: '选项' });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`选项${SCRIPT}`);
  await expect(item).toContainText(IMG);
  await inert('dictionary items');
});

import { expect, type Locator, test } from '@playwright/test';
import { adminApi, apiToken } from '../helpers/shell';
import { login, openDrawer, rowAction } from './system-helpers';

// Stored files are served through links the server signs in its answers (or to a signed-in user of the
// file's tenant with a token header): the screens keep showing the pictures of upload fields, rich text
// and avatars, while the bare file path answers a stranger 401.

/** A 1×1 PNG the browser decodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The image has loaded and decoded (a refused link leaves it broken, naturalWidth 0). */
async function expectShown(img: Locator) {
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', /\/files\/\d{8}\/[0-9a-f]{32}\.png\?sig=/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
}

test('pictures of upload fields, rich text and the avatar show through signed links', async ({
  page,
  request,
}) => {
  const call = await adminApi(request);
  const stamp = Date.now().toString().slice(-6);
  const token = await apiToken(request);
  const put = await request.post('/api/blade-resource/oss/endpoint/put-file-attach', {
    headers: { 'Blade-Auth': `bearer ${token}` },
    multipart: { file: { name: `图${stamp}.png`, mimeType: 'image/png', buffer: PNG } },
  });
  const { link } = (await put.json()).data as { link: string };
  const path = link.split('?')[0]!;
  // a stranger gets nothing from the file's path; the signed link opens without a login
  expect((await request.get(path, { headers: {} })).status()).toBe(401);
  expect((await request.get(link)).status()).toBe(200);

  const section = `签名栏目${stamp}`;
  await call('post', '/api/app-party-section/partysection/submit', {
    sectionName: section,
    sort: 1,
    icon: JSON.stringify([{ originalName: 'icon.png', link }]),
  });
  const title = `带图通知${stamp}`;
  await call('post', '/api/blade-desk/notice/submit', {
    title,
    category: 1,
    releaseTime: '2026-01-01 08:00:00',
    content: `<p>通知</p><img src="${link}" alt="图">`,
  });
  await call('post', '/api/blade-user/update-info', { avatar: link });

  await login(page);
  // the avatar in the top bar
  await expectShown(page.locator('.ant-avatar img[src*="/files/"]').first());

  // the upload field's picture card when the record is edited
  await page.goto('/party/partysection');
  const row = page.locator('.ant-table-row').filter({ hasText: section }).first();
  await rowAction(page, row, /编\s*辑/);
  const form = openDrawer(page);
  await expectShown(form.locator('.ant-upload-list img').first());
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await expect(form).toBeHidden();

  // a picture just uploaded in a form: its card links to the file through the signed link of the
  // upload's answer (antd draws the thumbnail itself from the chosen file)
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const added = openDrawer(page);
  const uploaded = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file-attach'));
  await added
    .locator('.ant-form-item')
    .filter({ has: page.locator('label[title="图标"]') })
    .locator('input[type="file"]')
    .setInputFiles({ name: `新图${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  expect((await uploaded).status()).toBe(200);
  const card = added.locator('.ant-upload-list a[href*="/files/"]').first();
  await expect(card).toHaveAttribute('href', /\/files\/\d{8}\/[0-9a-f]{32}\.png\?sig=/);
  expect((await request.get((await card.getAttribute('href'))!)).status()).toBe(200);
  await added.getByRole('button', { name: /取\s*消/ }).click();

  // the rich text's picture in the notice's view
  await page.goto('/desk/notice');
  const notice = page.locator('.ant-table-row').filter({ hasText: title }).first();
  await rowAction(page, notice, /查\s*看/);
  const view = page.getByRole('dialog').filter({ visible: true }).last();
  await expectShown(view.locator('.tx-richtext-view img').first());
});

test.afterAll(async ({ request }) => {
  // the administrator's avatar as the other walks expect it
  const call = await adminApi(request);
  await call('post', '/api/blade-user/update-info', { avatar: '' });
});

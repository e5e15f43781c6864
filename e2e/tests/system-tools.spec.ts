import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApi } from '../helpers/shell';
import {
  confirm,
  expectMessage,
  login,
  openDrawer,
  opened,
  rowAction,
  save,
  searchRecords,
} from './system-helpers';

/** Resolves the server's packages (s3rver is its test dependency). */
const serverRequire = createRequire(path.resolve(import.meta.dirname, '../../apps/server/package.json'));

// Issue 15 in the browser: logs, 在线用户 with 强制下线, 对象存储 → 附件管理 (upload, download, where used),
// 代码生成 preview.

test('an online user forced out by the administrator is refused at their next request', async ({
  browser,
}) => {
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await login(userPage, 'nimaciren', '123456');

  const page = await (await browser.newContext()).newPage();
  await login(page);
  await page.goto('/monitor/online');
  const pane = page.locator('.tx-card').first();
  await pane
    .locator('.tx-search .ant-form-item')
    .filter({ hasText: '账号' })
    .locator('input')
    .fill('nimaciren');
  const sessions = await searchRecords(page, pane, 'nimaciren');
  const rows = pane.locator('.ant-table-row').filter({ hasText: 'nimaciren' });
  expect(sessions.length).toBeGreaterThan(0);
  await expect(rows).toHaveCount(sessions.length);
  // earlier walks may have signed the same account in too: force every one of its sessions out
  for (let left = sessions.length; left > 0; left--) {
    await rowAction(page, rows.first(), /强制下线/);
    await confirm(page, '强制下线');
    await expectMessage(page, '操作成功');
    await expect(rows).toHaveCount(left - 1);
  }

  // the user's next request answers 401 and the shell goes to the login page
  await userPage.reload();
  await userPage.waitForURL((url) => url.pathname.startsWith('/login'));

  // the general log names the forced logout; the login log the user's sign-in
  await page.goto('/monitor/log/usual');
  await expect(page.locator('.ant-table-row').filter({ hasText: 'force-logout' }).first()).toBeVisible();
  await page.goto('/monitor/log/login');
  await expect(page.locator('.ant-table-row').filter({ hasText: 'nimaciren' }).first()).toBeVisible();
  await page.goto('/monitor/log/api');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
});

test('a file uploaded in 附件管理 goes to the enabled S3 store, is listed and downloads', async ({
  page,
  request,
}) => {
  // a local S3-compatible server (s3rver, the server's test dependency) as the store to switch to
  type S3Class = new (o: object) => S3Server;
  const loaded = serverRequire('s3rver') as S3Class | { default: S3Class };
  const S3rver = typeof loaded === 'function' ? loaded : loaded.default;
  const dir = mkdtempSync(path.join(tmpdir(), 'tongxin-e2e-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'e2e' }],
  });
  const { port } = await s3.run();
  try {
    await uploadToS3(page, request, `http://127.0.0.1:${port}`);
  } finally {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

interface S3Server {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

async function uploadToS3(page: Page, request: APIRequestContext, endpoint: string) {
  const call = await adminApi(request);
  const code = `s3${Date.now().toString().slice(-6)}`;
  // the store is on this machine: the platform allows exactly its address (outbound.allowHosts, a
  // platform parameter the seed declares), else the server refuses to reach an internal address
  type Param = { id: string; tenantId: string; paramKey: string; paramName: string; paramValue: string };
  const found = await call<{ records: Param[] }>(
    'get',
    '/api/blade-system/param/list?paramKey=outbound.allowHosts&current=1&size=50',
  );
  const row = found.records.find((r) => r.paramKey === 'outbound.allowHosts' && r.tenantId === '000000');
  const seeded = row && {
    id: row.id,
    paramName: row.paramName,
    paramKey: row.paramKey,
    paramValue: row.paramValue,
  };
  const { id: paramId } = await call<{ id: string }>('post', '/api/blade-system/param/submit', {
    ...(seeded ?? { paramName: '外部连接允许主机', paramKey: 'outbound.allowHosts' }),
    paramValue: new URL(endpoint).host,
  });
  // afterwards the platform's value again; an empty value is the same as no row (the declared default)
  const restore = () =>
    seeded?.paramValue
      ? call('post', '/api/blade-system/param/submit', seeded)
      : call('post', `/api/blade-system/param/remove?ids=${paramId}`);
  try {
    const { id } = await call<{ id: string }>('post', '/api/blade-resource/oss/submit', {
      category: 2,
      ossCode: code,
      endpoint,
      bucketName: 'e2e',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
    });
    try {
      await switchAndUpload(page, code);
    } finally {
      // the tenant's uploads go back to the server's own store for the other tests
      await call('post', `/api/blade-resource/oss/remove?ids=${id}`);
    }
  } finally {
    await restore();
  }
}

async function switchAndUpload(page: Page, code: string) {
  await login(page);

  // 对象存储: enable the new S3 configuration
  await page.goto('/resource/oss');
  const ossRow = page.locator('.ant-table-row').filter({ hasText: code }).first();
  await rowAction(page, ossRow, /启\s*用/);
  await confirm(page, '启用');
  await expectMessage(page, '操作成功');
  await expect(ossRow).toContainText('是');

  // 附件管理: upload through the toolbar, see it listed, download it
  await page.goto('/resource/attach');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /上\s*传/ }).click();
  await (
    await chooser
  ).setFiles({ name: 'e2e说明.txt', mimeType: 'text/plain', buffer: Buffer.from('e2e attachment') });
  await expectMessage(page, '上传成功');
  const row = page.locator('.ant-table-row').filter({ hasText: 'e2e说明.txt' }).first();
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await rowAction(page, row, /下\s*载/);
  const file = await download;
  expect(file.suggestedFilename()).toBe('e2e说明.txt');
  expect(new URL(file.url()).pathname).toMatch(/^\/files\/o\d+\/\d{8}\/[0-9a-f]{32}\.txt$/);
  expect(await readFile((await file.path())!, 'utf8')).toBe('e2e attachment');
}

test('the code generator previews the definition made from a table', async ({ page, request }) => {
  const call = await adminApi(request);
  const stamp = Date.now().toString().slice(-6);
  const source = await call<{ id: string }>('post', '/api/blade-develop/datasource/submit', {
    name: `本库${stamp}`,
    driverClass: 'builtin',
  });
  const model = await call<{ id: string }>('post', '/api/blade-develop/model/submit', {
    datasourceId: source.id,
    modelName: `便民电话${stamp}`,
    modelTable: 'app_contact_phone',
    modelCode: 'contactSample',
  });
  await call('post', '/api/blade-develop/code/submit', {
    codeName: `生成${stamp}`,
    modelId: model.id,
    serviceName: 'community',
    apiPath: '/api/app-contact-sample/contactsample',
    webPath: '/community/contactsample',
    menuCode: 'contact_sample',
  });
  await login(page);
  await page.goto('/tool/code');
  const row = page
    .locator('.ant-table-row')
    .filter({ hasText: `生成${stamp}` })
    .first();
  await rowAction(page, row, /预\s*览/);
  const dialog = await opened(page.getByRole('dialog').filter({ hasText: '代码预览' }));
  await expect(dialog.getByTestId('code-preview').first()).toContainText(
    'export const contactSampleResource = defineResource',
  );
  await expect(dialog.getByTestId('code-preview').first()).toContainText("table: 'app_contact_phone'");
});

test('a file uploaded in a form shows where it is used in 附件管理, which will not delete it', async ({
  page,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const section = `图标栏目${stamp}`;
  const fileName = `栏目图标${stamp}.txt`;
  await login(page);

  // 活动栏目: a record whose upload field (图标) holds the file
  await page.goto('/party/partysection');
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const drawer = openDrawer(page);
  await expect(drawer).toBeVisible();
  await drawer
    .locator('.ant-form-item')
    .filter({ has: page.locator('label[title="栏目名称"]') })
    .locator('input')
    .first()
    .fill(section);
  const uploaded = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file-attach'));
  await drawer
    .locator('.ant-form-item')
    .filter({ has: page.locator('label[title="图标"]') })
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('icon') });
  expect((await uploaded).status()).toBe(200);
  await save(page, drawer);
  await expectMessage(page, '新增成功');

  // 附件管理: the file's drawer names the record in its 使用位置 tab
  await page.goto('/resource/attach');
  const row = page.locator('.ant-table-row').filter({ hasText: fileName }).first();
  await expect(row).toBeVisible();
  await rowAction(page, row, /查\s*看/);
  const view = openDrawer(page);
  await view.getByRole('tab', { name: '使用位置' }).click();
  const use = view.locator('.ant-table-row').filter({ hasText: section }).first();
  await expect(use).toBeVisible();
  await expect(use).toContainText('活动栏目');
  await expect(use).toContainText('图标');
  await page.keyboard.press('Escape');

  // deleting it is refused with where it is used (the shell's error toast); the row stays
  await rowAction(page, row, /删\s*除/);
  await confirm(page);
  await expect(page.locator('.tx-toast-error')).toContainText(
    `附件「${fileName}」仍被活动栏目「${section}」的图标使用`,
  );
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(row).toBeVisible();
});

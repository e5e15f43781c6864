// Issue 10, Module Federation as a separate team ships a remote:
// - a remote served from another origin (a host sending long-lived caching on every file) renders with
//   its stylesheet, font and images under the Content-Security-Policy, and so does an external page a
//   menu opens in a tab;
// - a redeploy while the page is open leads to 刷新以更新 and then to the new version (never two in one
//   page), whose page still sees the signed-in user;
// - a remote that hangs falls back after ~15 s, not 120 s.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { watchViolations } from '../helpers/csp';
import { startRemoteOrigin, type RemoteOrigin } from '../helpers/remote-origin';
import {
  addRemoteTree,
  adminApi,
  loginAsAdmin,
  openMenu,
  removeMenus,
  roleGrants,
  setRoleGrants,
  switchTab,
  tab,
} from '../helpers/shell';

const port = Number(new URL(baseURL).port) + 1;
const work = path.join(os.tmpdir(), `tongxin-e2e-${port}-remotes`);
const builds = { v1: path.join(work, 'v1'), v2: path.join(work, 'v2') };
const live = path.join(work, 'live');
let origin: RemoteOrigin;
/** The root menus this spec adds (their pages below them go with them). */
const MENUS = ['probe', 'hang', 'board'];

const buildVersion = (dir: string): string =>
  (
    JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
      metaData: { buildInfo: { buildVersion: string } };
    }
  ).metaData.buildInfo.buildVersion;

/** Copies a build over the served folder, keeping the files of the build before (old chunks stay a while). */
const deploy = (build: string) => cpSync(build, live, { recursive: true });

const visible = (page: Page, testId: string) => page.getByTestId(testId).locator('visible=true');

test.beforeAll(async ({ playwright }) => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(live, { recursive: true });
  const script = path.resolve(import.meta.dirname, '..', 'fixtures', 'probe-remote', 'build.mjs');
  for (const [label, out] of Object.entries(builds)) execFileSync(process.execPath, [script, out, label]);
  origin = await startRemoteOrigin(port);
  origin.serve('probe', live);
  origin.hang('hang');
  mkdirSync(path.join(work, 'pages'));
  writeFileSync(
    path.join(work, 'pages', 'board.html'),
    '<!doctype html><meta charset="utf-8"><h1>外部报表</h1>',
  );
  origin.serve('pages', path.join(work, 'pages'));
  const request = await playwright.request.newContext({ baseURL });
  await removeMenus(request, MENUS); // left by an earlier attempt
  await addRemoteTree(request, {
    remote: 'probe',
    name: '探针模块',
    path: '/probe',
    entry: `${origin.origin}/probe/mf-manifest.json`,
    pages: [
      ['/probe/one', '探针一'],
      ['/probe/two', '探针二'],
    ],
  });
  // an external page a menu opens in a tab (/myiframe)
  const call = await adminApi(request);
  await call('post', '/api/blade-system/menu/submit', {
    parentId: '0',
    code: 'board',
    name: '外部报表',
    path: `${origin.origin}/pages/board.html`,
    source: 'AppstoreOutlined',
    sort: 92,
    category: 1,
    isOpen: 1,
  });
  const board = (
    await call<{ id: string; code: string }[]>('get', '/api/blade-system/menu/list?code=board')
  )[0]!;
  const admin = await roleGrants(call, 'roleAlias=administrator');
  await setRoleGrants(call, { ...admin, menu: [...admin.menu, board.id] });
  await addRemoteTree(request, {
    remote: 'hang',
    name: '挂起模块',
    path: '/hang',
    entry: `${origin.origin}/hang/mf-manifest.json`,
    pages: [['/hang/index', '挂起页面']],
  });
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  // the specs after this one see the seeded menu tree again
  const request = await playwright.request.newContext({ baseURL });
  await removeMenus(request, MENUS);
  await request.dispose();
  await origin?.close();
  rmSync(work, { recursive: true, force: true });
});

test.beforeEach(() => {
  rmSync(live, { recursive: true, force: true });
  deploy(builds.v1);
});

test('a remote on another origin renders with its stylesheet, font and images, without a CSP violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const fromRemote: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(origin.origin) && r.ok()) fromRemote.push(r.request().resourceType());
  });
  await loginAsAdmin(page);
  const policy = (await page.request.get('/wel/index')).headers()['content-security-policy'] ?? '';
  for (const directive of ['style-src', 'font-src', 'img-src', 'connect-src', 'script-src'])
    expect(policy).toMatch(new RegExp(`${directive} [^;]*${origin.origin}`));

  await openMenu(page, '探针模块', '探针一');
  await expect(visible(page, 'probe-build')).toHaveText('构建 v1 · /probe/one');
  // the stylesheet applied, its background image and the <img> came from the remote's origin
  const card = visible(page, 'probe-card');
  await expect(card).toHaveCSS('background-color', 'rgb(1, 2, 3)');
  await expect(card).toHaveCSS('background-image', new RegExp(`${origin.origin}/probe/[0-9a-f]+\\.svg`));
  await expect
    .poll(() => visible(page, 'probe-badge').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // its @font-face font loaded
  const fonts = await page.evaluate(async () => {
    await document.fonts.load('16px ProbeFont', '\ue000');
    const faces: FontFace[] = [];
    document.fonts.forEach((f) => faces.push(f));
    return faces.filter((f) => f.family.replace(/"/g, '') === 'ProbeFont').map((f) => f.status);
  });
  expect(fonts).toEqual(['loaded']);
  for (const kind of ['fetch', 'script', 'stylesheet', 'font', 'image'])
    expect(fromRemote, `a ${kind} from the remote's origin`).toContain(kind);
  expect(await violations()).toEqual([]);
});

test('an external page a menu names shows inside its tab (/myiframe)', async ({ page }) => {
  const violations = await watchViolations(page);
  await loginAsAdmin(page);
  await openMenu(page, '外部报表');
  await page.waitForURL('**/myiframe/urlPath?**');
  await expect(page.frameLocator('iframe[title="外部报表"]').getByRole('heading')).toHaveText('外部报表');
  expect(await violations()).toEqual([]);
});

test('a remote redeployed while the page is open: 刷新以更新, then the new version', async ({ page }) => {
  const entries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/probe/remoteEntry.js')) entries.push(new URL(r.url()).search);
  });
  await loginAsAdmin(page);
  await openMenu(page, '探针模块', '探针一');
  await expect(visible(page, 'probe-build')).toHaveText('构建 v1 · /probe/one');
  expect(entries).toEqual([`?v=${buildVersion(builds.v1)}`]);

  deploy(builds.v2);
  // another page of the remote: still the code this page runs (v1), and the offer to update
  await openMenu(page, '探针模块', '探针二');
  await expect(tab(page, '探针二')).toHaveClass(/ant-tabs-tab-active/);
  await expect(visible(page, 'probe-build')).toHaveText('构建 v1 · /probe/two');
  const refresh = visible(page, 'remote-refresh');
  await expect(refresh).toHaveText(/刷新以更新/);
  await expect(visible(page, 'remote-updated')).toContainText('远程模块 probe 已发布新版本');

  await refresh.click();
  await expect(visible(page, 'probe-build')).toHaveText('构建 v2 · /probe/two');
  // after the reload the remote still reads the signed-in user from the shared session store
  await expect(visible(page, 'probe-user')).toHaveText('用户 admin');
  await expect(page.getByText('构建 v1', { exact: false })).toHaveCount(0);
  await expect(visible(page, 'remote-updated')).toHaveCount(0);
  expect(entries.at(-1)).toBe(`?v=${buildVersion(builds.v2)}`);
});

test('a remote that hangs falls back with 重试 after about 15 s; the shell keeps working', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const started = Date.now();
  await openMenu(page, '挂起模块', '挂起页面');
  await expect(tab(page, '挂起页面')).toHaveClass(/ant-tabs-tab-active/);
  const fallback = page.locator('.tx-content .ant-result').locator('visible=true');
  await expect(fallback).toContainText('远程模块 hang 加载失败：加载超时', { timeout: 40_000 });
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(14_000);
  expect(waited).toBeLessThan(40_000);
  expect(origin.requests).toContain('/hang/mf-manifest.json');
  await expect(visible(page, 'remote-retry')).toBeVisible();
  await switchTab(page, '首页', /\/wel\/index$/);
  await expect(page.locator('.tx-content')).toContainText('欢迎使用同心');
});

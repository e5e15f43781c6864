// Issue 3 proof: an unreachable remote falls back inside its tab while other tabs work; React and
// antd are loaded once per page (Module Federation shared singletons from the shell).
import { expect, test } from '@playwright/test';
import {
  addDeadRemoteMenu,
  loginAsAdmin,
  openMenu,
  openParamPage,
  paramSearch,
  switchTab,
  tab,
} from '../helpers/shell';

test('a remote whose entry is unreachable shows the fallback with retry; other tabs keep working', async ({
  page,
  request,
}) => {
  const label = await addDeadRemoteMenu(request, `offline${Date.now() % 100000}`);
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().startsWith('http://127.0.0.1:9/')) failed.push(r.url());
  });
  await loginAsAdmin(page);
  await openParamPage(page);
  await paramSearch(page).fill('初始密码');

  await openMenu(page, label);
  await expect(tab(page, label)).toHaveClass(/ant-tabs-tab-active/);
  const fallback = page.locator('.tx-content .ant-result').locator('visible=true');
  await expect(fallback).toContainText('模块暂不可用', { timeout: 20_000 });
  await expect(fallback).toContainText(/offline\d+/);
  expect(failed.length).toBeGreaterThan(0);

  // retry tries the entry again and falls back again (it is still unreachable)
  const before = failed.length;
  await page.getByTestId('remote-retry').locator('visible=true').click();
  await expect(fallback).toContainText('模块暂不可用', { timeout: 20_000 });
  await expect.poll(() => failed.length).toBeGreaterThan(before);

  // the shell and the other remote tab still work, with their state
  await switchTab(page, '参数管理', /\/system\/param$/);
  await expect(paramSearch(page)).toHaveValue('初始密码');
  await page
    .getByRole('button', { name: /搜\s*索$/ })
    .locator('visible=true')
    .click();
  // the platform administrator sees every tenant's row of a per-tenant parameter
  await expect(page.getByRole('cell', { name: 'account.initPassword' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'account.failCount' })).toHaveCount(0);
  await switchTab(page, '首页', /\/wel\/index$/);
  await expect(page.locator('.tx-content')).toContainText('欢迎使用同心');
});

test('React, react-dom and antd are shared singletons: loaded once, from the shell', async ({ page }) => {
  const remoteScripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/remotes/'))
      remoteScripts.push(new URL(r.url()).pathname);
  });
  await loginAsAdmin(page);
  await openParamPage(page);

  const shares = await page.evaluate(() => {
    type Share = { from: string; loaded?: boolean; useIn?: string[] };
    const fed = (
      window as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Share>>>> };
      }
    ).__FEDERATION__;
    const out: Record<string, { version: string; from: string; loaded: boolean; useIn: string[] }[]> = {};
    for (const scopes of Object.values(fed.__SHARE__))
      for (const packages of Object.values(scopes))
        for (const [name, versions] of Object.entries(packages))
          for (const [version, share] of Object.entries(versions))
            (out[name] ??= []).push({
              version,
              from: share.from,
              loaded: !!share.loaded,
              useIn: share.useIn ?? [],
            });
    return out;
  });
  for (const name of [
    'react',
    'react-dom',
    'react-dom/client',
    'antd',
    'react-router-dom',
    'i18next',
    'zustand',
  ]) {
    const loaded = (shares[name] ?? []).filter((s) => s.loaded);
    expect(loaded, `${name}: ${JSON.stringify(shares[name])}`).toHaveLength(1);
    expect(loaded[0]!.from, name).toBe('shell');
  }
  // the system remote uses the shell's React rather than its own
  expect(shares.react!.find((s) => s.loaded)!.useIn).toContain('system');

  // and the remote shipped no React/antd code of its own: only its entry and page chunks
  expect(remoteScripts.length).toBeGreaterThan(0);
  const sizes = await page.evaluate(
    (paths) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => paths.some((p) => e.name.endsWith(p)))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).decodedBodySize, 0),
    remoteScripts,
  );
  expect(sizes, remoteScripts.join(', ')).toBeLessThan(300 * 1024);
  const reactCopies = await page.evaluate(() => {
    const hook = (
      window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: { renderers: Map<number, unknown> } }
    ).__REACT_DEVTOOLS_GLOBAL_HOOK__;
    return hook ? hook.renderers.size : -1;
  });
  expect(reactCopies === -1 || reactCopies === 1).toBe(true);
});

import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

test('the product serves the shell and the API on one port', async ({ request, page }) => {
  const captcha = await request.get('/api/blade-auth/oauth/captcha');
  expect(await captcha.json()).toMatchObject({ captchaEnabled: false });
  const login = await request.post(
    `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
    { headers: { Authorization: BASIC, 'Tenant-Id': '000000' } },
  );
  const token = (await login.json()).access_token as string;
  expect(token).toBeTruthy();
  const routes = await request.get('/api/blade-system/menu/routes', {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  const tree = (await routes.json()).data as { remote: string }[];
  expect(tree.map((n) => n.remote).sort()).toEqual(['community', 'party', 'system', 'workflow']);
  for (const remote of ['system', 'party', 'community', 'workflow']) {
    const manifest = await request.get(`/remotes/${remote}/mf-manifest.json`);
    expect(manifest.ok(), remote).toBe(true);
  }
  const response = await page.goto('/');
  expect(response?.ok()).toBe(true);
  await expect(page.locator('#root, #app').first()).toBeAttached();
});

// The Content-Security-Policy the server puts on the shell's pages lets the product run: login, a CRUD
// screen of the system remote, the workflow remote's bpmn-js designer and diagram, and data: images (the
// login captcha) load without one violation, while an inline script is refused.
import { expect, test } from '@playwright/test';
import { watchViolations } from '../helpers/csp';
import { loginAsAdmin, openParamPage } from '../helpers/shell';

test('the shell runs under its Content-Security-Policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/login');
  const policy = res?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("object-src 'none'");

  await loginAsAdmin(page);
  await openParamPage(page);
  expect(await violations()).toEqual([]);

  // The workflow remote: the designer draws with bpmn-js.
  await page.goto('/flow/model');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const canvas = page.getByRole('dialog').filter({ hasText: '流程设计' }).getByTestId('bpmn-designer');
  await expect(canvas.locator('.djs-element[data-element-id="start"]')).toBeVisible();
  await canvas.locator('.djs-element[data-element-id="start"]').click();
  await expect(canvas.locator('.djs-context-pad')).toBeVisible();

  // A data: image, as the captcha is shown.
  const loaded = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')}`;
      }),
  );
  expect(loaded).toBe(true);
  expect(await violations()).toEqual([]);

  // The policy is really in force: an injected inline script does not run.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1';
    document.body.appendChild(s);
    return (window as unknown as { __inline?: number }).__inline === 1;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
});

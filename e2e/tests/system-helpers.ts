import { expect, type Locator, type Page } from '@playwright/test';
import type { FieldDef, ResourceDef } from '../../packages/resources/src/define';
import { resources } from '../../packages/resources/src/index';
import { opened, steady } from '../helpers/motion';

export { opened };

/** Resources whose references are picked from a tree (not the platform-wide ones, picked from a list). */
const TREE_RESOURCES = new Set(resources.filter((r) => r.tree && !r.platformWide).map((r) => r.name));

export async function login(page: Page, account = 'admin', password = 'admin', tenantId = '000000') {
  await page.goto('/login');
  const tenant = page.locator('input[name="tenantId"]');
  if (await tenant.isVisible().catch(() => false)) await tenant.fill(tenantId);
  await page.locator('input[name="username"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('.tx-login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The open drawer (antd keeps closed ones in the DOM). */
export const openDrawer = (page: Page): Locator =>
  page.getByRole('dialog').filter({ hasText: ' · ' }).filter({ visible: true }).last();

/** Fills one form field of a drawer the way a user would, by the field's kind. */
export async function fillField(page: Page, drawer: Locator, field: FieldDef, value: string) {
  const item = drawer
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${field.label.zh}"]`) })
    .first();
  if (field.kind === 'ref' && field.ref?.pick?.tree) return pickFromTreeTable(page, item, value);
  if (field.dict || field.options || field.kind === 'ref' || field.kind === 'parent') {
    // refs to tree resources (and menus) render as a tree select (shared-ui resource/fields.tsx)
    const tree =
      field.ref &&
      (field.ref.resource === 'menu' ||
        field.kind === 'parent' ||
        (field.kind === 'ref' && TREE_RESOURCES.has(field.ref.resource)));
    await item.locator('.ant-select').first().click();
    if (tree) {
      await page.keyboard.type(value);
      const node = page
        .locator('.ant-select-dropdown:visible .ant-select-tree-treenode')
        .filter({ has: page.locator(`[title="${value}"]`) })
        .first();
      await expect(node).toBeVisible();
      // The tree may still be re-rendering its filtered (lazily loaded) nodes when the first click lands:
      // click again until the pick shows in the field.
      await expect(async () => {
        if (!(await node.isVisible())) {
          await item.locator('.ant-select').first().click();
          await page.keyboard.type(value);
        }
        await node
          .locator('.ant-select-tree-checkbox, .ant-select-tree-node-content-wrapper')
          .first()
          .click();
        await expect(item.locator('.ant-select').first()).toContainText(value, { timeout: 2000 });
      }).toPass();
      // close the dropdown by clicking the field's label (Escape may drop a multi-select's pick)
      if (field.ref?.multiple) await item.locator('label').first().click();
    } else {
      // The dropdown just opened is the last one in the page; an empty value takes its first option.
      const option = page
        .locator('.ant-select-dropdown:visible')
        .last()
        .locator('.ant-select-item-option')
        .filter({ hasText: value })
        .first();
      await (await steady(option)).click();
      if (field.ref?.multiple || field.name === 'authorizedGrantTypes')
        await item.locator('label').first().click();
    }
    return;
  }
  const input = item.locator('input, textarea').first();
  await input.fill(value);
}

/** Picks the option `text` of an antd select (its first option when omitted) and waits until the select
 * shows it; an option clicked while its dropdown is still sliding into place is lost, so it tries again. */
export async function choose(page: Page, select: Locator, text?: string): Promise<void> {
  await expect(async () => {
    // a dropdown left open by a lost click would be closed by another click on the select
    const list = page.locator('.ant-select-dropdown:visible').last();
    if (!(await list.isVisible())) await select.click();
    const option = list
      .locator('.ant-select-item-option')
      .filter(text ? { hasText: text } : {})
      .first();
    const label = (await (await steady(option)).innerText()).trim();
    await option.click({ timeout: 5000 });
    await expect(select).toContainText(label, { timeout: 2000 });
  }).toPass();
}

/** A reference chosen in the tree-table selector (`ref.pick.tree`, docs/front-end.md#pickers-and-widgets):
 * opens the dialog, expands closed nodes one at a time (children load lazily) until the row named `value`
 * shows, picks it and confirms; the field then shows the name. */
async function pickFromTreeTable(page: Page, item: Locator, value: string) {
  await item.locator('.ant-select').first().click();
  const dialog = await opened(page.locator('.ant-modal').filter({ visible: true }).last());
  const row = dialog
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: value, exact: true }) });
  await expect(async () => {
    if ((await row.count()) > 0) return;
    const closed = dialog.locator('.ant-table-row-expand-icon-collapsed');
    if ((await closed.count()) > 0) await closed.first().click();
    expect(await row.count()).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  await row.first().locator('input').first().check();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(item.locator('.ant-select').first()).toContainText(value);
}

export async function save(page: Page, drawer: Locator) {
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
}

/** Required fields a user must fill on add (no default, not disabled, shown in the form). */
export const requiredOnAdd = (def: ResourceDef): FieldDef[] =>
  def.fields.filter(
    (f) =>
      typeof f.required === 'string' &&
      f.form !== false &&
      f.defaultValue === undefined &&
      !f.disabledOn?.includes('add') &&
      f.kind !== 'flag',
  );

/** Presses 搜索 in a list's search form and answers the records of the list request it sent (the one whose
 * URL names `term`): counting rows before that answer has rendered races the earlier page. */
export async function searchRecords<T = Record<string, unknown>>(
  page: Page,
  pane: Locator,
  term: string,
): Promise<T[]> {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'GET' && decodeURIComponent(r.url()).includes(term),
  );
  await pane
    .locator('.tx-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  const body = (await (await answered).json()) as { data: { records?: T[] } | T[] };
  return Array.isArray(body.data) ? body.data : (body.data.records ?? []);
}

export async function expectMessage(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text).first()).toBeVisible();
}

/** Presses 确定 in the confirmation dialog once it has finished opening: under load a click during its
 * zoom-in animation can land beside the moving button and be lost. */
export async function confirm(page: Page, text?: string) {
  const dialog = page
    .locator('.ant-modal-confirm')
    .filter({ visible: true })
    .filter(text ? { hasText: text } : {})
    .last();
  await opened(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

/** Runs a row action by its label: its button, or else its entry in the row's 更多 dropdown (rows with
 * many actions keep only the first two as buttons). */
export async function rowAction(page: Page, row: Locator, name: RegExp | string) {
  await expect(row.getByRole('button').first()).toBeVisible();
  const button = row.getByRole('button', { name });
  if ((await button.count()) > 0) return button.first().click();
  await row.getByRole('button', { name: /更多/ }).click();
  const item = page.locator('.ant-dropdown').filter({ visible: true }).getByRole('menuitem', { name });
  await (await steady(item)).click();
}

/** The labels in a row's 更多 dropdown (opened, read, closed again). */
export async function moreActions(page: Page, row: Locator): Promise<string[]> {
  await row.getByRole('button', { name: /更多/ }).click();
  // a dropdown still closing from an earlier open keeps its node for its leave animation: skip it
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').filter({ visible: true });
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  const labels = await menu.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return labels;
}

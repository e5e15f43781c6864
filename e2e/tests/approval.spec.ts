import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { partyArchiveResource as def } from '../../packages/resources/src/party/partyArchive';
import { confirm, expectMessage, fillField, login, openDrawer, rowAction, save } from './system-helpers';

// Approval from the generic screens, on the example definition 党员档案 (partyArchive): an applicant (a
// community secretary) registers a member, which submits it; another secretary rejects it with a comment
// from the generic audit screen /party/partyarchiveaudit; the applicant resubmits from the list; the
// approver passes it. The list's status tag follows every step, and 流程图展示 shows the path taken.

const stamp = Date.now().toString(36).slice(-5);
const memberName = `档案${stamp}`;
const pane = (page: Page): Locator => page.locator('.tx-content .tx-card:visible').first();

async function asUser(browser: Browser, account: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, account, '123456');
  return page;
}

/** An 18-digit id card number with its check digit. */
function idCard(): string {
  const body = `54010219800501${String(Date.now() % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

const field = (name: string) => def.fields.find((f) => f.name === name)!;

async function pickDate(page: Page, drawer: Locator, label: string, value: string) {
  const input = drawer
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('input')
    .first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** The list row of the member, after reloading the list. */
async function memberRow(page: Page): Promise<Locator> {
  await page.goto('/party/partyarchive');
  const row = pane(page).locator('.ant-table-row').filter({ hasText: memberName });
  await expect(row).toHaveCount(1);
  return row;
}

/** Opens the member's task on the audit screen, checks the record and the timeline, and decides it. */
async function audit(page: Page, decision: '通过' | '驳回', comment: string, history: string[]) {
  await page.goto('/party/partyarchiveaudit');
  const row = pane(page).locator('.ant-table-row').filter({ hasText: memberName });
  await row.getByRole('button', { name: /审\s*核/ }).click();
  const drawer = openDrawer(page);
  await expect(drawer.locator('.ant-descriptions')).toContainText(memberName);
  for (const text of history) await expect(drawer.getByTestId('flow-history')).toContainText(text);
  await drawer.getByTestId('audit-comment').fill(comment);
  await drawer.getByRole('button', { name: new RegExp(`^${decision.split('').join('\\s*')}$`) }).click();
  await expectMessage(page, '操作成功');
  await expect(pane(page).locator('.ant-table-row').filter({ hasText: memberName })).toHaveCount(0);
}

test('党员档案登记: submit, reject with a comment, resubmit, pass; status tags and the flow chart', async ({
  browser,
}) => {
  // two users, four screens and a dozen round trips on a busy machine
  test.setTimeout(300_000);
  const applicant = await asUser(browser, 'zhaxidunzhu');
  await applicant.goto('/party/partyarchive');
  await pane(applicant)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const drawer = openDrawer(applicant);
  await fillField(applicant, drawer, field('name'), memberName);
  await fillField(applicant, drawer, field('sex'), '男');
  await fillField(applicant, drawer, field('nation'), '藏族');
  await pickDate(applicant, drawer, '出生日期', '1980-05-01');
  await fillField(applicant, drawer, field('idCard'), idCard());
  await fillField(
    applicant,
    drawer,
    field('phone'),
    `139${String(Date.now() % 100_000_000).padStart(8, '0')}`,
  );
  // the applicant's community branch of the demo party tree
  await fillField(applicant, drawer, field('partyDeptId'), '吉日社区党支部');
  await fillField(applicant, drawer, field('memberType'), '正式党员');
  // the list sorts by 入党日期, newest first: today's member is on the first page among the demo members
  await pickDate(applicant, drawer, '入党日期', new Date().toISOString().slice(0, 10));
  await save(applicant, drawer);
  await expectMessage(applicant, '新增成功');
  await expect(await memberRow(applicant)).toContainText('待审核');

  const approver = await asUser(browser, 'suolangwangdui');
  await audit(approver, '驳回', '请补充证明材料', ['提交申请', '登记审核']);

  let row = await memberRow(applicant);
  await expect(row).toContainText('已驳回');
  await rowAction(applicant, row, '重新提交');
  await confirm(applicant, '重新提交');
  await expectMessage(applicant, '提交成功');
  await expect(await memberRow(applicant)).toContainText('待审核');

  await audit(approver, '通过', '材料齐全,同意登记', ['请补充证明材料', '重新提交']);

  row = await memberRow(applicant);
  await expect(row).toContainText('已通过');
  await rowAction(applicant, row, '流程图展示');
  const chart = applicant.locator('.ant-modal').filter({ hasText: '流程图展示' }).filter({ visible: true });
  await expect(chart.locator('.djs-container')).toBeVisible();
  const timeline = chart.getByTestId('flow-history');
  for (const text of ['提交申请', '登记审核', '修改申请', '请补充证明材料', '材料齐全,同意登记', '审核通过'])
    await expect(timeline).toContainText(text);
});

import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { shareFacilityUserResource as loanDef } from '../../packages/resources/src/community/shareFacilityUser';
import {
  choose,
  confirm,
  expectMessage,
  fillField,
  login,
  openDrawer,
  opened,
  rowAction,
  save,
} from './system-helpers';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const pane = (page: Page): Locator => page.locator('.tx-content .tx-card:visible').first();

/** `yyyy-MM-dd HH:00:00`, `days` from today at `hour`. */
function day(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(hour)}:00:00`;
}

/** A demo account's name and phone (the platform administrator reads it through the API). */
async function userOf(request: APIRequestContext, account: string) {
  const res = await request.post(
    `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
    { headers: { Authorization: BASIC, 'Tenant-Id': '000000' } },
  );
  const token = (await res.json()).access_token as string;
  const page = await request.get(`/api/blade-user/page?account=${account}&tenantId=000000`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  const user = (await page.json()).data.records.find((u: { account: string }) => u.account === account);
  expect(user, account).toBeTruthy();
  // answers mask phones (139****4048); the administrator reveals the whole number
  const whole = await request.get(`/api/blade-user/reveal?id=${user.id}&field=phone`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  return { ...user, phone: (await whole.json()).data.phone } as { realName: string; phone: string };
}

/** Signs in as another demo user in the same page (the stored session goes first). */
async function switchUser(page: Page, account: string) {
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await login(page, account, '123456');
}

/** The facility's 可借数 on 设施管理. */
async function available(page: Page, facility: string): Promise<number> {
  await page.goto('/share/sharefacility');
  const headers = await pane(page).locator('.ant-table-thead th').allInnerTexts();
  const row = pane(page).locator('.ant-table-row').filter({ hasText: facility }).first();
  await expect(row).toBeVisible();
  const cell = row.locator('td').nth(headers.findIndex((h) => h.includes('可借数')));
  return Number((await cell.innerText()).trim());
}

/** 陈静's loan of the 轮椅 on 借用记录, in `state`. */
const loanRow = (page: Page, state: string) =>
  pane(page)
    .locator('.ant-table-row')
    .filter({ hasText: '陈静' })
    .filter({ hasText: '轮椅' })
    .filter({ hasText: state });

/** Picks a user in the user picker of the drawer's field `label` (searched by phone: names repeat). */
async function pickUser(
  page: Page,
  drawer: Locator,
  label: string,
  user: { realName: string; phone: string },
) {
  await drawer
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('.ant-select')
    .first()
    .click();
  const picker = await opened(
    page.locator('.ant-modal').filter({ visible: true }).filter({ hasText: '请选择用户' }).last(),
  );
  await picker.locator('input').nth(2).fill(user.phone);
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  await picker
    .locator('.ant-table-row')
    .filter({ hasText: user.realName })
    .first()
    .locator('.ant-radio-wrapper')
    .click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
}

/** Types a date and time into the drawer's field `label`. */
async function pickDateTime(page: Page, drawer: Locator, label: string, value: string) {
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

/** Opens 陈静's waiting task on the audit screen `path`, checks the loan beside its timeline, passes it. */
async function audit(page: Page, path: string, comment: string) {
  await page.goto(path);
  const row = pane(page).locator('.ant-table-row').filter({ hasText: '陈静' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /审\s*核/ }).click();
  const drawer = openDrawer(page);
  await expect(drawer.locator('.ant-descriptions')).toContainText('轮椅');
  await drawer.getByTestId('audit-comment').fill(comment);
  await drawer.getByRole('button', { name: /^通\s*过$/ }).click();
  await expectMessage(page, '操作成功');
  await expect(pane(page).locator('.ant-table-row').filter({ hasText: '陈静' })).toHaveCount(0);
}

// Community B in one page: a mesh polygon drawn on /map/design is there after a reload; the dashboard's
// and 综合统计's charts render with the demo data; a volunteer activity is settled and the ranking follows;
// a facility is borrowed and returned through both audit routes and the stock follows on 设施管理.

test('map design, dashboards, a settlement and a facility loan through both audits', async ({
  page,
  request,
}) => {
  // a dozen screens and four sign-ins on a busy machine
  test.setTimeout(300_000);
  await login(page);

  // the bell counts the unhandled device alarms (demo: a week of alarms) and lists the latest
  await page.getByRole('button', { name: '消息通知' }).click();
  // the 告警 tab joins the popover once the user's buttons are known: it may not be the open one
  await page.getByRole('tab', { name: /告警/ }).click();
  await expect(page.getByTestId('notice-alarm').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // /map/design: draw a rectangle with leaflet-draw, name it, and find it again after a reload
  await page.goto('/map/design');
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas.locator('.leaflet-draw-draw-rectangle')).toBeVisible();
  await expect(page.getByTestId('map-mesh-item').first()).toBeVisible();
  await canvas.locator('.leaflet-draw-draw-rectangle').click();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog').filter({ hasText: '新建网格' });
  // a retry runs on the same server: its mesh needs a code and name of its own
  const mesh = { code: `E2E00${test.info().retry + 1}`, name: `端到端测试网格${test.info().retry + 1}` };
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('网格编码').fill(mesh.code);
  await dialog.getByLabel('网格名称').fill(mesh.name);
  await choose(page, dialog.locator('.ant-form-item').filter({ hasText: '所属社区' }).locator('.ant-select'));
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('map-mesh-item').filter({ hasText: mesh.name })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('map-mesh-item').filter({ hasText: mesh.code })).toBeVisible();
  await expect(page.locator('.leaflet-overlay-pane path.leaflet-interactive').first()).toBeVisible();

  // /wel/dashboard and /statistics/comprehensive: the charts draw on canvas with the demo data
  await page.goto('/wel/dashboard');
  for (const chart of [
    'chart-browse',
    'chart-publish',
    'chart-requests',
    'chart-score',
    'chart-rank',
    'chart-alarms',
  ])
    await expect(page.locator(`[data-testid="${chart}"][data-rendered="true"] canvas`)).toBeVisible();
  await page.goto('/statistics/comprehensive');
  await expect(page.locator('[data-testid="chart-browse"][data-rendered="true"] canvas')).toBeVisible();

  // 微志愿活动: settle the points of a finished activity once; the ledger gets its rows and the
  // ranking follows (the volunteers' points of the range grow by the activity's score)
  /** The points ranking the dashboard draws (its getScoreRankByDate answer): total points of the top. */
  const ranking = async () => {
    const answer = page.waitForResponse((r) => r.url().includes('/api/scoreflow/getScoreRankByDate'));
    await page.goto('/wel/dashboard');
    const rows = (await (await answer).json()).data as { name: string; score: number }[];
    return rows.reduce((sum, r) => sum + r.score, 0);
  };
  const before = await ranking();
  await page.goto('/volunteer/microvolunteer');
  const activity = page.locator('.ant-table-row').filter({ hasText: '社区植树护绿' }).first();
  await expect(activity).toBeVisible();
  await rowAction(page, activity, '积分结算');
  await confirm(page);
  await expect(
    page.locator('.ant-table-row').filter({ hasText: '社区植树护绿' }).filter({ hasText: '已结算' }),
  ).toBeVisible();
  await page.goto('/score/scoreflow');
  await expect(page.locator('.ant-table-row').filter({ hasText: '社区植树护绿' }).first()).toBeVisible();
  expect(await ranking()).toBeGreaterThan(before);

  // 共享设施 through both audit routes (the volunteer managers approve: 刘洋 passes, 陈静 borrows):
  // requested on 借用记录 (待审核, a unit reserved on 设施管理), passed on /share/sharefacilityaudit,
  // 确认借出, 申请归还 by the borrower, passed on /share/sharefacilityreturnaudit, the unit back
  const borrower = await userOf(request, 'chenjing');
  const stockBefore = await available(page, '轮椅');
  await page.goto('/share/sharefacility2user');
  await pane(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const drawer = openDrawer(page);
  await fillField(
    page,
    drawer,
    loanDef.fields.find((f) => f.name === 'facilityId')!,
    '轮椅',
  );
  await pickUser(page, drawer, '借用人', borrower);
  await pickDateTime(page, drawer, '预计借出', day(1, 9));
  await pickDateTime(page, drawer, '预计归还', day(3, 18));
  await save(page, drawer);
  await expectMessage(page, '新增成功');
  await expect(loanRow(page, '待审核')).toHaveCount(1);
  expect(await available(page, '轮椅')).toBe(stockBefore - 1);

  await switchUser(page, 'liuyang');
  await audit(page, '/share/sharefacilityaudit', '同意借用');
  await page.goto('/share/sharefacility2user');
  await rowAction(page, loanRow(page, '待领取'), '确认借出');
  await expect(loanRow(page, '借用中')).toHaveCount(1);
  expect(await available(page, '轮椅')).toBe(stockBefore - 1);

  await switchUser(page, 'chenjing');
  await page.goto('/share/sharefacility2user');
  await rowAction(page, loanRow(page, '借用中'), '申请归还');
  const ask = await opened(
    page.locator('.ant-modal').filter({ visible: true }).filter({ hasText: '归还情况' }),
  );
  await choose(page, ask.locator('.ant-select').first(), '完好');
  await ask.locator('textarea').fill('用完了，完好归还');
  await ask.getByRole('button', { name: /确\s*定/ }).click();
  await expectMessage(page, '操作成功');
  // still in use, its return waiting for review
  await expect(loanRow(page, '借用中').filter({ hasText: '待审核' })).toHaveCount(1);

  await switchUser(page, 'liuyang');
  await audit(page, '/share/sharefacilityreturnaudit', '已收回，完好');
  await page.goto('/share/sharefacility2user');
  await expect(loanRow(page, '已归还')).toHaveCount(1);
  expect(await available(page, '轮椅')).toBe(stockBefore);
});

test('积分调整 adds points to a resident by hand', async ({ page }) => {
  // 积分调整 (a toolbar action about no row): points added to a resident by hand, with a remark, land
  // in the ledger as 管理员调整
  await login(page);
  await page.goto('/score/scoreflow');
  const firstRow = page.locator('.ant-table-row').first();
  await expect(firstRow).toBeVisible();
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const resident = (
    await firstRow
      .locator('td')
      .nth(headers.findIndex((h) => h.trim() === '用户'))
      .innerText()
  ).trim();
  await page.getByRole('button', { name: '积分调整' }).click();
  const adjust = page.locator('.ant-modal').filter({ visible: true }).filter({ hasText: '调整说明' }).last();
  // the dialog asks for the user, the direction (收入 by default) and the points
  await adjust.locator('.ant-form-item').filter({ hasText: '用户' }).locator('.ant-select').click();
  const picker = page
    .locator('.ant-modal')
    .filter({ visible: true })
    .filter({ hasText: '请选择用户' })
    .last();
  await picker.locator('input').first().fill(resident);
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  await picker
    .locator('.ant-table-row')
    .filter({ hasText: resident })
    .first()
    .locator('.ant-radio-wrapper')
    .click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(adjust.locator('.ant-form-item').filter({ hasText: '调整方向' })).toContainText('收入');
  await adjust.locator('.ant-form-item').filter({ hasText: '调整积分' }).locator('input').fill('8');
  await adjust.locator('textarea').fill('端到端测试补记');
  await adjust.getByRole('button', { name: /确\s*定/ }).click();
  await expect(
    page.locator('.ant-table-row').filter({ hasText: '管理员调整' }).filter({ hasText: resident }).first(),
  ).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { confirm, login, rowAction } from './system-helpers';

// Community B in one page: a mesh polygon drawn on /map/design is there after a reload; the dashboard's
// and 综合统计's charts render with the demo data; a loan goes through 确认借出 and 确认归还 and the stock
// follows on 设施管理.

test('map design, dashboards and a facility loan', async ({ page }) => {
  test.setTimeout(180_000); // many screens in one test, on a shared 2-core machine
  await login(page);

  // the bell counts the unhandled device alarms (demo: a week of alarms) and lists the latest
  await page.getByRole('button', { name: '消息通知' }).click();
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
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('网格编码').fill('E2E001');
  await dialog.getByLabel('网格名称').fill('端到端测试网格');
  await dialog.locator('.ant-form-item').filter({ hasText: '所属社区' }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('map-mesh-item').filter({ hasText: '端到端测试网格' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('map-mesh-item').filter({ hasText: 'E2E001' })).toBeVisible();
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

  // 借用记录: hand over a loan waiting for collection, then take it back; the facility's stock follows
  await page.goto('/share/sharefacility2user');
  const waiting = page.locator('.ant-table-row').filter({ hasText: '待领取' }).first();
  await expect(waiting).toBeVisible();
  const facility = (await waiting.locator('td').nth(1).innerText()).trim();
  const borrower = (await waiting.locator('td').nth(2).innerText()).trim();
  const loanRow = (state: string) =>
    page
      .locator('.ant-table-row')
      .filter({ hasText: borrower })
      .filter({ hasText: facility })
      .filter({ hasText: state });
  await rowAction(page, waiting, '确认借出');
  await expect(loanRow('借用中')).toBeVisible();

  const available = async () => {
    await page.goto('/share/sharefacility');
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    const row = page.locator('.ant-table-row').filter({ hasText: facility }).first();
    await expect(row).toBeVisible();
    return Number(
      (
        await row
          .locator('td')
          .nth(headers.findIndex((h) => h.includes('可借数')))
          .innerText()
      ).trim(),
    );
  };
  const stockBefore = await available();
  await page.goto('/share/sharefacility2user');
  await rowAction(page, loanRow('借用中').first(), '确认归还');
  const prompt = page.getByRole('dialog').filter({ hasText: '归还说明' }).filter({ visible: true });
  await prompt.locator('textarea, input').first().fill('完好归还');
  await prompt.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(loanRow('已归还').first()).toBeVisible();
  expect(await available()).toBe(stockBefore + 1);

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
  await adjust.locator('.ant-select').click();
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
  await adjust.locator('.ant-form-item').filter({ hasText: '调整积分' }).locator('input').fill('8');
  await adjust.locator('textarea').fill('端到端测试补记');
  await adjust.getByRole('button', { name: /确\s*定/ }).click();
  await expect(
    page.locator('.ant-table-row').filter({ hasText: '管理员调整' }).filter({ hasText: resident }).first(),
  ).toBeVisible();
});

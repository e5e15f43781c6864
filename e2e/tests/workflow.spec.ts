import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { confirm, expectMessage, login, opened } from './system-helpers';
import { hoverMenu } from '../helpers/shell';

// The workflow remote end to end: the designer deploys a process; leave requests take both paths of the
// leave BPMN (more than 3 days → 分管领导 boss group, at most 3 → 部门经理 manager group) through claim,
// approve, reject and close; the diagram is coloured and the done list filled.

const stamp = Date.now().toString(36).slice(-5);

/** The visible card of the active tab (kept-alive tabs stay in the DOM, hidden). */
const pane = (page: Page): Locator => page.locator('.tx-content .tx-card:visible').first();

async function asUser(browser: Browser, account: string, password = '123456'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, account, password);
  return page;
}

/** Fills an antd DatePicker (showTime) by typing and confirming. */
async function pickDateTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** Starts a leave request as the logged-in user with `approver` (real name) as the first approver. */
async function requestLeave(page: Page, approver: string, from: string, to: string, reason: string) {
  await page.goto('/work/process/leave');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await page.waitForURL(/\/work\/process\/leave\/form\/\d+/);
  const form = page.locator('form').filter({ hasText: '请假理由' });
  await form.getByLabel('审批人').fill(approver);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: approver })
    .click();
  await pickDateTime(page, '开始时间', from);
  await pickDateTime(page, '结束时间', to);
  await form.getByLabel('请假理由').fill(reason);
  await form.getByRole('button', { name: '提交申请' }).click();
  await expectMessage(page, '操作成功');
  await page.waitForURL('**/work/send');
}

/** Opens the newest to-do of `taskName` (lists are newest first), checks it is the leave of `reason`,
 * and decides it. */
async function handleTodo(page: Page, taskName: string, reason: string, decision: string, comment: string) {
  await page.goto('/work/todo');
  const row = pane(page).locator('.ant-table-row').filter({ hasText: taskName }).first();
  await row.getByRole('button', { name: '办理' }).click();
  await page.waitForURL(/\/work\/process\/leave\/handle\//);
  await expect(page.getByTestId('leave-summary').locator('visible=true')).toContainText(reason);
  const panel = page.getByTestId('approval-panel').locator('visible=true');
  await panel.getByPlaceholder('请输入审批意见').fill(comment);
  // antd spaces two-character Chinese button labels (同 意)
  await panel.getByRole('button', { name: new RegExp(`^${decision.split('').join('\\s*')}$`) }).click();
  await expectMessage(page, '操作成功');
  await page.waitForURL('**/work/todo');
}

/** Clicks an empty spot of the diagram (ends label editing, clears the selection). */
async function clickEmpty(page: Page, canvas: Locator) {
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width - 120, box.y + 60);
}

/** 变更状态 → 挂起 / 激活 in the row's dropdown (the one open now; antd keeps closed ones in the DOM). */
async function changeState(page: Page, row: Locator, state: '挂起' | '激活') {
  await hoverMenu(page, row.getByRole('button', { name: '变更状态' }), state);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
}

async function claim(page: Page, text: string) {
  await page.goto('/work/claim');
  const row = pane(page).locator('.ant-table-row').filter({ hasText: text }).first();
  await row.getByRole('button', { name: '签收' }).click();
  await confirm(page);
  await expectMessage(page, '签收事务成功');
}

test('the designer opens a model with its whole diagram in view, centred', async ({ page }) => {
  await login(page);
  await page.goto('/flow/model');
  const row = pane(page).locator('.ant-table-row').filter({ hasText: 'SysAdvice' });
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const canvas = page.getByRole('dialog').filter({ hasText: '流程设计' }).getByTestId('bpmn-designer');
  await expect(canvas.locator('.djs-shape').first()).toBeVisible();
  // every shape inside the canvas, with as much room left as right (not at the top left, under the palette)
  const layout = () =>
    canvas.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const shapes = Array.from(el.querySelectorAll('.djs-shape'), (s) => s.getBoundingClientRect());
      const left = Math.min(...shapes.map((r) => r.left)) - box.left;
      const right = box.right - Math.max(...shapes.map((r) => r.right));
      const top = Math.min(...shapes.map((r) => r.top)) - box.top;
      const bottom = box.bottom - Math.max(...shapes.map((r) => r.bottom));
      return { inside: Math.min(left, right, top, bottom) >= 0, centred: Math.abs(left - right) <= 12 };
    });
  await expect.poll(layout).toEqual({ inside: true, centred: true });
});

test('design a process in the designer and deploy it', async ({ page }) => {
  await login(page);
  await page.goto('/flow/model');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '流程设计' });
  await drawer.getByLabel('模型名称').fill(`测试流程${stamp}`);
  await drawer.getByLabel('模型标识').fill(`e2e_${stamp}`);
  const canvas = drawer.getByTestId('bpmn-designer');
  await expect(canvas.locator('.djs-element[data-element-id="start"]')).toBeVisible();

  // start → user task → end, through the context pad
  await canvas.locator('.djs-element[data-element-id="start"]').click();
  await canvas.locator('.djs-context-pad .entry[data-action="append.append-task"]').click();
  await page.keyboard.type('审批');
  await clickEmpty(page, canvas);
  const task = canvas.locator('.djs-shape[data-element-id^="Activity_"]').first();
  await task.click();
  await drawer.getByTestId('prop-candidateGroups').fill('administrator');
  await drawer.getByTestId('prop-name').click(); // blur commits
  await canvas.locator('.djs-context-pad .entry[data-action="append.end-event"]').click();
  await clickEmpty(page, canvas);
  await expect(canvas.locator('.djs-shape[data-element-id^="Event_"]')).toHaveCount(1);

  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expectMessage(page, '操作成功');
  const row = pane(page)
    .locator('.ant-table-row')
    .filter({ hasText: `e2e_${stamp}` });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: '部署' }).click();
  const deploy = await opened(page.getByRole('dialog').filter({ hasText: '流程部署' }));
  const category = deploy.locator('.ant-select').first();
  await category.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '请假流程' })
    .click();
  await expect(category).toContainText('请假流程');
  // Seen under load: the category list stayed open over the 部署 button after the pick. A click on the
  // dialog's title closes it, as a user would.
  const lists = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await lists.count()) > 0) await deploy.locator('.ant-modal-title').click();
    await expect(lists).toHaveCount(0, { timeout: 2000 });
  }).toPass();
  await deploy.getByRole('button', { name: /^部\s*署$/ }).click();
  await expectMessage(page, '部署成功');

  await page.goto('/flow/manager');
  const deployed = pane(page)
    .locator('.ant-table-row')
    .filter({ hasText: `e2e_${stamp}` });
  await expect(deployed).toContainText(`测试流程${stamp}`);
  await expect(deployed).toContainText('激活');
  // its diagram holds the task named in the designer, with the candidate group the panel set
  await deployed.getByRole('button', { name: '流程图' }).click();
  const chart = page.getByRole('dialog').filter({ hasText: '流程图展示' });
  await expect(chart.locator('.djs-element').filter({ hasText: '审批' }).first()).toBeVisible();
});

test('leave over 3 days: 人事审批 approves, 分管领导 claims and approves; diagram and done list', async ({
  browser,
  page,
}) => {
  const reason = `家中有事${stamp}A`;
  await login(page);
  await requestLeave(page, '次仁卓玛', '2026-12-01 09:00:00', '2026-12-06 18:00:00', reason);
  const sent = pane(page).locator('.ant-table-row').filter({ hasText: '请假流程' }).first();
  await expect(sent).toContainText('人事审批');

  const hr = await asUser(browser, 'cirenzhuoma');
  await handleTodo(hr, '人事审批', reason, '同意', '人事同意');

  const boss = await asUser(browser, 'wangjianguo');
  await claim(boss, '老板审批');
  await handleTodo(boss, '老板审批', reason, '同意', '准假');
  await boss.goto('/work/done');
  await expect(pane(boss).locator('.ant-table-row').filter({ hasText: '老板审批' }).first()).toContainText(
    '同意',
  );

  // the applicant's sent list: finished; the chart colours every visited node and taken flow
  await page.goto('/work/send');
  const done = pane(page).locator('.ant-table-row').filter({ hasText: '请假流程' }).first();
  await expect(done).toContainText('已结束');
  await done.getByRole('button', { name: '跟踪' }).click();
  const chart = page.getByRole('dialog').filter({ hasText: '流程图展示' });
  for (const id of ['start', 'hrTask', 'judgeTask', 'bossTask', 'endPass'])
    await expect(chart.locator(`.djs-element.success[data-element-id="${id}"]`)).toHaveCount(1);
  await expect(chart.locator('.djs-connection.warn[data-element-id="flowBoss"]')).toHaveCount(1);
  await expect(chart.locator('[data-element-id="managerTak"]')).not.toHaveClass(/success|primary/);
  await expect(chart.getByTestId('flow-history')).toContainText('准假');
  await boss.context().close();
  await hr.context().close();
});

test('leave of at most 3 days: 部门经理 rejects, the applicant closes it; history and done list', async ({
  browser,
  page,
}) => {
  const reason = `身体不适${stamp}B`;
  await login(page);
  await requestLeave(page, '次仁卓玛', '2026-12-10 09:00:00', '2026-12-11 18:00:00', reason);
  const hr = await asUser(browser, 'cirenzhuoma');
  await handleTodo(hr, '人事审批', reason, '同意', '人事同意');
  await hr.context().close();

  const manager = await asUser(browser, 'zhaxidunzhu');
  await claim(manager, '经理审批');
  // while the task is open the chart shows it as the current node
  await manager.goto('/work/todo');
  const row = pane(manager).locator('.ant-table-row').filter({ hasText: '经理审批' }).first();
  await row.getByRole('button', { name: '跟踪' }).click();
  const chart = manager.getByRole('dialog').filter({ hasText: '流程图展示' });
  await expect(chart.locator('.djs-element.primary[data-element-id="managerTak"]')).toHaveCount(1);
  await expect(chart.locator('.djs-element.success[data-element-id="hrTask"]')).toHaveCount(1);
  await chart.locator('.ant-modal-close').click();
  await handleTodo(manager, '经理审批', reason, '驳回', '时间太紧');
  await manager.goto('/work/done');
  await expect(pane(manager).locator('.ant-table-row').filter({ hasText: '经理审批' }).first()).toContainText(
    '驳回',
  );

  // back to the applicant: 调整申请 offers 重新申请 / 关闭申请
  await handleTodo(page, '调整申请', reason, '关闭申请', '不请了');
  await page.goto('/work/process/leave');
  const mine = pane(page).locator('.ant-table-row').filter({ hasText: '请假流程' }).first();
  await expect(mine).toContainText('已结束');
  await mine.getByRole('button', { name: '详情' }).click();
  await page.waitForURL(/\/work\/process\/leave\/detail\//);
  const history = page.getByTestId('flow-history').locator('visible=true');
  await expect(history).toContainText('时间太紧');
  await expect(history).toContainText('驳回');
  await expect(history).toContainText('关闭结束');
  await manager.context().close();
});

const uploadXml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="e2e">
  <process id="${key}" name="上传流程${key}" isExecutable="true">
    <startEvent id="s" flowable:initiator="applyUser"/>
    <userTask id="t" name="复核" flowable:assignee="\${applyUser}"/>
    <endEvent id="e"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="t"/>
    <sequenceFlow id="f2" sourceRef="t" targetRef="e"/>
  </process>
</definitions>`;

test('upload a deployment; suspend and activate it; delete a running instance with a reason', async ({
  page,
}) => {
  const key = `up_${stamp}`;
  await login(page);
  await page.goto('/flow/deploy');
  const form = pane(page);
  await form.locator('.ant-select').first().click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '纪检举报流程' })
    .click();
  await form.locator('input[type="file"]').setInputFiles({
    name: `${key}.bpmn20.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(uploadXml(key)),
  });
  await form.getByRole('button', { name: '上传部署' }).click();
  await expectMessage(page, '部署成功');

  await page.goto('/flow/manager');
  const row = pane(page).locator('.ant-table-row').filter({ hasText: key });
  await expect(row).toContainText('激活');
  await changeState(page, row, '挂起');
  await expect(row).toContainText('挂起');
  await changeState(page, row, '激活');
  await expect(row).toContainText('激活');

  // a running leave instance is listed on 流程跟踪 and deleted there with a reason (history is kept)
  await requestLeave(page, '次仁卓玛', '2026-12-20 09:00:00', '2026-12-21 09:00:00', `跟踪删除${stamp}`);
  await page.goto('/flow/follow');
  const running = pane(page).locator('.ant-table-row').filter({ hasText: '请假流程' }).first();
  const instanceId = (await running.locator('td').nth(5).innerText()).trim();
  await running.getByRole('button', { name: '删除' }).click();
  const dialog = await opened(page.getByRole('dialog').filter({ hasText: '请输入删除原因' }));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText('请输入删除原因');
  await dialog.getByRole('textbox').fill('重复提交');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectMessage(page, '删除成功');
  await expect(pane(page).locator('.ant-table-row').filter({ hasText: instanceId })).toHaveCount(0);
});

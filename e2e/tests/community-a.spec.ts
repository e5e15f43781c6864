import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { expect, type APIRequestContext, type Locator, type Page, test } from '@playwright/test';
import type { ResourceDef } from '../../packages/resources/src/define';
import { questionnaireResource } from '../../packages/resources/src/community/questionnaire';
import { questionnaireOptionResource } from '../../packages/resources/src/community/questionnaireOption';
import { questionnaireQuestionResource } from '../../packages/resources/src/community/questionnaireQuestion';
import {
  confirm,
  expectMessage,
  fillField,
  login,
  openDrawer,
  opened,
  rowAction,
  save,
} from './system-helpers';

// Community A end to end on the demo data: a resident's complaint is replied to and closed in 投诉回复;
// a profile change is read side by side (before / after) and approved in 资料审核, and 社区用户 shows the
// new name; a questionnaire designed in the drawer (single, multiple, text and rating questions with their
// options), answered through the API by three residents, shows its counts beside its charts and exports
// its answers.
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const stamp = Date.now().toString().slice(-6);

async function tokenOf(request: APIRequestContext, account: string, password: string, tenantId = '000000') {
  const res = await request.post(
    `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${account}&password=${md5(password)}&grant_type=password&scope=all`,
    { headers: { Authorization: BASIC, 'Tenant-Id': tenantId } },
  );
  const body = await res.json();
  const token = body.access_token as string;
  expect(token, `${account}: ${JSON.stringify(body)}`).toBeTruthy();
  return token as string;
}
const auth = (token: string) => ({ headers: { 'Blade-Auth': `bearer ${token}` } });

/** Three demo residents of the platform tenant and their tokens (accounts from the admin's app-page,
 * which shows the platform administrator every tenant's). */
async function residents(request: APIRequestContext, admin: string) {
  const page = await request.get('/api/blade-user/app-page?current=1&size=500', auth(admin));
  const all = (await page.json()).data.records as { id: string; account: string; tenantId: string }[];
  // community A's demo residents (r<community>-<family>; other domains seed app accounts of their own)
  const records = all.filter((r) => r.tenantId === '000000' && /^r\d+-\d+$/.test(r.account)).slice(0, 3);
  expect(records.length).toBe(3);
  // answers mask phones (139****4048); the administrator reveals each resident's whole number
  const phoneOf = async (id: string) =>
    (await (await request.get(`/api/blade-user/reveal?id=${id}&field=phone`, auth(admin))).json()).data
      .phone as string;
  return Promise.all(
    records.map(async (r) => ({
      ...r,
      phone: await phoneOf(r.id),
      token: await tokenOf(request, r.account, '123456'),
    })),
  );
}

/** Answers the reason dialog of a row action and confirms. */
async function reason(page: Page, text: string) {
  const dialog = await opened(page.locator('.ant-modal').filter({ visible: true }).last());
  await dialog.locator('textarea').fill(text);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

test('community A: a complaint replied to and closed, a profile change approved', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await tokenOf(request, 'admin', 'admin');
  const people = await residents(request, admin);

  // 1. a resident complains through the API; the reply screen replies and closes it
  const title = `楼道灯坏了${stamp}`;
  const saved = await request.post('/api/app-sys-complain/syscomplain/save', {
    ...auth(people[0]!.token),
    data: { complainType: 6, title, content: '三单元楼道灯不亮' },
  });
  expect((await saved.json()).msg).toBe('新增成功');
  await login(page);
  await page.goto('/sys/syscomplainreply');
  const pane = page.locator('.tx-card').filter({ hasText: '投诉回复' }).first();
  const search = pane.locator('.tx-search');
  await search.locator('.ant-form-item').filter({ hasText: '标题' }).locator('input').fill(title);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = pane.locator('.ant-table-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待受理');
  await rowAction(page, row, '回复');
  await reason(page, '已通知物业,今天内修复');
  await expectMessage(page, '操作成功');
  await expect(row).toContainText('处理中');
  await expect(row).toContainText('未超期');
  // 转办: the complaint handed to a handler chosen in the user picker; the conversation says so
  await rowAction(page, row, '转办');
  const assign = await opened(
    page.locator('.ant-modal').filter({ visible: true }).filter({ hasText: '承办人' }).last(),
  );
  await assign.locator('.ant-select').click();
  const picker = await opened(
    page.locator('.ant-modal').filter({ visible: true }).filter({ hasText: '请选择用户' }).last(),
  );
  // the platform administrator's picker lists every tenant's users (names repeat across the demo
  // tenants): choose this tenant's resident by phone
  const { realName: handler, phone } = people[1] as unknown as { realName: string; phone: string };
  await picker.locator('input').nth(2).fill(phone);
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  await picker
    .locator('.ant-table-row')
    .filter({ hasText: handler })
    .first()
    .locator('.ant-radio-wrapper')
    .click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await assign.getByRole('button', { name: /确\s*定/ }).click();
  await expectMessage(page, '操作成功');
  await rowAction(page, row, '办结');
  await reason(page, '灯已更换');
  await expectMessage(page, '操作成功');
  await expect(row).toContainText('已办结');
  await rowAction(page, row, /查\s*看/);
  const drawer = page.getByRole('dialog').filter({ visible: true }).last();
  await drawer.getByRole('tab', { name: '回复记录' }).click();
  await expect(drawer.getByText('已通知物业,今天内修复')).toBeVisible();
  await expect(drawer.getByText('已办结: 灯已更换')).toBeVisible();
  await expect(drawer.getByText(`转办给${handler}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // 2. a profile change: the nickname applies at once (logged, no review), the name waits for review;
  // the reviewer reads the before/after table in 资料审核, passes it, and 社区用户 shows the new name
  const resident = people[1] as unknown as { account: string; realName: string; token: string };
  const newName = `新名${stamp}`.slice(0, 10);
  const change = await request.post('/api/blade_update_user_log/userUpdateLog/submit', {
    ...auth(resident.token),
    data: { after: { realName: newName, name: `昵称${stamp}` } },
  });
  expect(await change.json()).toMatchObject({ msg: '提交成功', data: { needAudit: 1 } });
  await page.goto('/sys/sysuseraudit');
  const audit = page.locator('.tx-card').filter({ hasText: '资料审核' }).first();
  const rows = audit.locator('.ant-table-row').filter({ hasText: resident.realName });
  // the nickname: already 已通过, without review (no 通过 to press)
  const applied = rows.filter({ hasText: '已通过' }).filter({ hasText: '否' }).first();
  await expect(applied).toBeVisible();
  await expect(applied.getByRole('button', { name: /通\s*过/ })).toHaveCount(0);
  const log = rows.filter({ hasText: '姓名' }).filter({ hasText: '待审核' }).first();
  await rowAction(page, log, /查\s*看/);
  const view = openDrawer(page);
  const compared = view.getByTestId('comparison-afterJson');
  await expect(compared.locator('thead')).toContainText('字段修改前修改后');
  const nameRow = compared.locator('tr[data-row-key="realName"]');
  await expect(nameRow.locator('td')).toHaveText(['姓名', resident.realName, newName]);
  await expect(nameRow).toHaveAttribute('data-changed', 'true');
  await view
    .locator('.ant-drawer-extra')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await expect(view).toBeHidden();
  await rowAction(page, log, /通\s*过/);
  await reason(page, '核实无误');
  await expectMessage(page, '操作成功');
  await expect(log).toBeHidden(); // it no longer waits
  await page.goto('/communityuser/userdetail');
  const users = page.locator('.tx-card').filter({ hasText: '社区用户' }).first();
  const userSearch = users.locator('.tx-search');
  await userSearch
    .locator('.ant-form-item')
    .filter({ hasText: '登录账号' })
    .locator('input')
    .fill(resident.account);
  await userSearch.getByRole('button', { name: /搜\s*索/ }).click();
  const account = users.locator('.ant-table-row').filter({ hasText: resident.account });
  await expect(account).toHaveCount(1);
  await expect(account).toContainText(newName);
  await rowAction(page, account, '居民详情');
  const detail = page.getByRole('dialog').filter({ hasText: '居民详情' }).filter({ visible: true });
  await expect(detail.locator('.ant-descriptions').first()).toContainText(newName);
});

/** Fills a drawer's date-time picker by typing and confirming. */
async function pickDateTime(drawer: Locator, label: string, value: string) {
  const input = drawer.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** Adds a row in a drawer's detail tab (题目, 选项) through its own drawer: fills `values` by the
 * definition's fields and saves. */
async function addDetail(page: Page, pane: Locator, def: ResourceDef, values: Record<string, string>) {
  await pane.getByRole('button', { name: /新\s*增/ }).click();
  const drawer = page
    .getByRole('dialog')
    .filter({ hasText: `${def.label.zh} · 新增` })
    .filter({ visible: true });
  await expect(drawer).toBeVisible();
  for (const [name, value] of Object.entries(values))
    await fillField(
      page,
      drawer,
      def.fields.find((f) => f.name === name)!,
      value,
    );
  await save(page, drawer);
  await expectMessage(page, '新增成功');
  await expect(drawer).toBeHidden();
}

/** The counts of a question's results table, by option. */
async function counts(table: Locator): Promise<string[][]> {
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const rows: string[][] = [];
  for (const tr of await table.locator('tbody tr').all()) rows.push(await tr.locator('td').allInnerTexts());
  return rows;
}

test('community A: a questionnaire designed in the drawer, answered by three residents, its results shown', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(request, 'admin', 'admin');
  const people = await residents(request, admin);
  await login(page);

  // 1. designed in the designer: the questionnaire, then its questions and their options in the drawer
  const qTitle = `垃圾分类调查${stamp}`;
  await page.goto('/community/questionnaire');
  const qPane = page.locator('.tx-card').filter({ hasText: '问卷调查' }).first();
  await qPane.getByRole('button', { name: /新\s*增/ }).click();
  const add = openDrawer(page);
  const field = (name: string) => questionnaireResource.fields.find((f) => f.name === name)!;
  await fillField(page, add, field('title'), qTitle);
  await fillField(page, add, field('questionnaireType'), '问卷调查');
  await pickDateTime(add, '开始时间', '2020-01-01 00:00:00');
  await pickDateTime(add, '结束时间', '2099-01-01 00:00:00');
  await save(page, add);
  await expectMessage(page, '新增成功');
  await qPane
    .locator('.tx-search .ant-form-item')
    .filter({ hasText: '问卷名称' })
    .locator('input')
    .fill(qTitle);
  await qPane
    .locator('.tx-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  const qRow = qPane.locator('.ant-table-row').filter({ hasText: qTitle });
  await expect(qRow).toHaveCount(1);
  await expect(qRow).toContainText('草稿');
  await rowAction(page, qRow, /编\s*辑/);
  const design = page.getByRole('dialog').filter({ hasText: '问卷调查 · 编辑' }).filter({ visible: true });
  await design.getByRole('tab', { name: '题目' }).click();
  const questions = design.getByRole('tabpanel', { name: '题目' });
  const Q = questionnaireQuestionResource;
  const designed = [
    { sort: '1', questionType: '单选', title: '您家是否做垃圾分类?', options: ['每天都做', '偶尔', '没有'] },
    { sort: '2', questionType: '多选', title: '您家分出哪些垃圾?', options: ['厨余垃圾', '可回收物'] },
    { sort: '3', questionType: '填空/简答', title: '您的建议', options: [] },
    { sort: '4', questionType: '评分', title: '您对分类站点满意吗?', options: [] },
  ];
  for (const q of designed)
    await addDetail(page, questions, Q, { sort: q.sort, questionType: q.questionType, title: q.title });
  for (const q of designed.filter((x) => x.options.length)) {
    const row = questions.locator('.ant-table-row').filter({ hasText: q.title });
    await rowAction(page, row, /编\s*辑/);
    const edit = page.getByRole('dialog').filter({ hasText: '问卷题目 · 编辑' }).filter({ visible: true });
    await edit.getByRole('tab', { name: '选项' }).click();
    const options = edit.getByRole('tabpanel', { name: '选项' });
    for (const [i, content] of q.options.entries())
      await addDetail(page, options, questionnaireOptionResource, {
        optionLabel: 'ABC'[i]!,
        content,
        sort: String(i + 1),
      });
    await expect(options.locator('.ant-table-row')).toHaveCount(q.options.length);
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await expect(edit).toBeHidden();
  }
  await expect(questions.locator('.ant-table-row')).toHaveCount(4);
  await design.getByRole('button', { name: /取\s*消/ }).click();
  await expect(design).toBeHidden();
  await rowAction(page, qRow, '发布');
  await confirm(page, '发布');
  await expectMessage(page, '操作成功');
  await expect(qRow).toContainText('进行中');

  // 2. answered through the API by three residents (the app's call)
  const get = async (url: string) => (await (await request.get(url, auth(admin))).json()).data;
  const id = (await get(`/api/app-questionaire/questionaire/list?title_equal=${encodeURIComponent(qTitle)}`))
    .records[0].id as string;
  const asked = (
    await get(`/api/app-questionaire-question/questionairequestion/list?questionnaireId_equal=${id}&size=10`)
  ).records as { id: string; sort: number }[];
  const qid = (sort: number) => asked.find((q) => Number(q.sort) === sort)!.id;
  const optionsOf = async (sort: number) =>
    (
      (
        await get(
          `/api/app-questionaire-option/questionaireoption/list?questionId_equal=${qid(sort)}&size=10`,
        )
      ).records as { id: string; sort: number }[]
    )
      .sort((a, b) => Number(a.sort) - Number(b.sort))
      .map((o) => o.id);
  const [single, multiple] = [await optionsOf(1), await optionsOf(2)];
  const picks = [
    { one: single[0], many: [multiple[0], multiple[1]], text: '多设几个分类站', score: 5 },
    { one: single[0], many: [multiple[1]], text: '挺好的', score: 4 },
    { one: single[1], many: [multiple[0], multiple[1]], text: '定时收运', score: 5 },
  ];
  for (const [i, r] of people.entries()) {
    const p = picks[i]!;
    const res = await request.post('/api/app-questionaire2user/questionaire2user/answer', {
      ...auth(r.token),
      data: {
        questionnaireId: id,
        answers: [
          { questionId: qid(1), optionIds: [p.one] },
          { questionId: qid(2), optionIds: p.many },
          { questionId: qid(3), answerText: p.text },
          { questionId: qid(4), answerScore: p.score },
        ],
      },
    });
    expect((await res.json()).msg).toBe('提交成功');
  }

  // 3. the results on screen: each chart drawn, its counts in the table beside it
  await page.reload();
  await qPane
    .locator('.tx-search .ant-form-item')
    .filter({ hasText: '问卷名称' })
    .locator('input')
    .fill(qTitle);
  await qPane
    .locator('.tx-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(qRow).toContainText('3');
  await rowAction(page, qRow, '统计结果');
  const results = page.getByRole('dialog').filter({ hasText: `统计结果 · ${qTitle}` });
  await expect(results.locator('.ant-statistic').first()).toContainText('3');
  for (const sort of [1, 2, 4])
    await expect(results.getByTestId(`question-chart-${sort}`)).toHaveAttribute('data-rendered', 'true');
  expect(await counts(results.getByTestId('question-counts-1'))).toEqual([
    ['A. 每天都做', '2', '66.67%'],
    ['B. 偶尔', '1', '33.33%'],
    ['C. 没有', '0', '0%'],
  ]);
  expect((await counts(results.getByTestId('question-counts-2'))).map((r) => r.slice(0, 2))).toEqual([
    ['A. 厨余垃圾', '2'],
    ['B. 可回收物', '3'],
  ]);
  expect((await counts(results.getByTestId('question-counts-4'))).filter((r) => r[1] !== '0')).toEqual([
    ['4分', '1', '33.33%'],
    ['5分', '2', '66.67%'],
  ]);
  await expect(results.getByText('多设几个分类站')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();

  // 4. 导出答卷: every answer of the questionnaire as one Excel file
  const download = page.waitForEvent('download');
  await rowAction(page, qRow, '导出答卷');
  const file = await download;
  expect(new URL(file.url()).searchParams.get('questionnaireId_equal')).toBe(id);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await stat((await file.path())!)).size).toBeGreaterThan(0);
});

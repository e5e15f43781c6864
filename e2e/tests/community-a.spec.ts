import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { expectMessage, login, opened, rowAction } from './system-helpers';

// Community A end to end on the demo data: a resident's complaint is replied to and closed in 投诉回复;
// a profile change is approved in 资料审核 and the account shows the new name; a questionnaire designed
// and answered through the API by three residents shows its results chart.
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
  return Promise.all(
    records.map(async (r) => ({ ...r, token: await tokenOf(request, r.account, '123456') })),
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

  // 2. a profile change is approved and the account shows the new name
  const newName = `新名${stamp}`.slice(0, 10);
  const change = await request.post('/api/blade_update_user_log/userUpdateLog/submit', {
    ...auth(people[1]!.token),
    data: { after: { realName: newName } },
  });
  expect((await change.json()).msg).toBe('提交成功');
  await page.goto('/sys/sysuseraudit');
  const audit = page.locator('.tx-card').filter({ hasText: '资料审核' }).first();
  const log = audit.locator('.ant-table-row').filter({ hasText: 'realName' }).first();
  await expect(log).toBeVisible();
  await rowAction(page, log, '通过');
  await reason(page, '核实无误');
  await expectMessage(page, '操作成功');
  const detail = await request.get(`/api/blade-user/community-detail?id=${people[1]!.id}`, auth(admin));
  expect((await detail.json()).data.realName).toBe(newName);
});

test('community A: a questionnaire answered by three residents shows its results chart', async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, 'admin', 'admin');
  const people = await residents(request, admin);
  await login(page);
  // a questionnaire designed and answered through the API by three residents: its results chart
  const Q = '/api/app-questionaire/questionaire';
  const post = async (url: string, data: unknown, token = admin) =>
    (await (await request.post(url, { ...auth(token), data })).json()).data?.id as string;
  const qTitle = `垃圾分类调查${stamp}`;
  const id = await post(`${Q}/save`, {
    title: qTitle,
    questionnaireType: 1,
    scopeType: 0,
    startTime: '2020-01-01 00:00:00',
    endTime: '2099-01-01 00:00:00',
  });
  const question = await post('/api/app-questionaire-question/questionairequestion/submit', {
    questionnaireId: id,
    sort: 1,
    questionType: 1,
    title: '您家是否做垃圾分类?',
    isRequired: 1,
  });
  const options: string[] = [];
  for (const [i, content] of ['每天都做', '偶尔', '没有'].entries())
    options.push(
      await post('/api/app-questionaire-option/questionaireoption/submit', {
        questionId: question,
        optionLabel: 'ABC'[i],
        content,
        sort: i,
      }),
    );
  expect((await (await request.post(`${Q}/publish?ids=${id}`, auth(admin))).json()).msg).toBe('发布成功');
  for (const [i, r] of people.entries()) {
    const res = await request.post('/api/app-questionaire2user/questionaire2user/answer', {
      ...auth(r.token),
      data: {
        questionnaireId: id,
        answers: [{ questionId: question, optionIds: [options[i === 2 ? 1 : 0]] }],
      },
    });
    expect((await res.json()).msg).toBe('提交成功');
  }
  await page.goto('/community/questionnaire');
  const qPane = page.locator('.tx-card').filter({ hasText: '问卷调查' }).first();
  const qRow = qPane.locator('.ant-table-row').filter({ hasText: qTitle });
  await expect(qRow).toContainText('进行中');
  await rowAction(page, qRow, '统计结果');
  const results = page.getByRole('dialog').filter({ hasText: `统计结果 · ${qTitle}` });
  await expect(results.locator('.ant-statistic').first()).toContainText('3');
  await expect(results.getByTestId('question-chart-1')).toHaveAttribute('data-rendered', 'true');
  const data = (await (await request.get(`${Q}/getResults?id=${id}`, auth(admin))).json()).data;
  expect(data.questions[0].options.map((o: { count: number }) => o.count)).toEqual([2, 1, 0]);
});

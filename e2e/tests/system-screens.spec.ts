import { expect, test, type Browser } from '@playwright/test';
import { adminApi, md5, roleGrants, setRoleGrants } from '../helpers/shell';
import {
  confirm,
  expectMessage,
  login,
  moreActions,
  openDrawer,
  opened,
  rowAction,
  save,
} from './system-helpers';

const stamp = Date.now().toString().slice(-6);

test('a role grant changes what another logged-in user sees, without logging in again', async ({
  browser,
  request,
}) => {
  // the grid worker role is put back as found, so a retry (or a later test) starts from the seed
  const call = await adminApi(request);
  const before = await roleGrants(call, 'roleAlias=grid');
  try {
    await grantParamToGridWorker(browser);
  } finally {
    await setRoleGrants(call, before);
  }
});

async function grantParamToGridWorker(browser: Browser) {
  const grid = await browser.newContext();
  const gridPage = await grid.newPage();
  await login(gridPage, 'nimaciren', '123456');
  const side = gridPage.locator('.ant-layout-sider, aside').first();
  await expect(side).toBeVisible();
  await expect(side.getByText('系统管理')).toHaveCount(0);

  const admin = await browser.newContext();
  const page = await admin.newPage();
  await login(page);
  await page.goto('/authority/role');
  const pane = page.locator('.tx-card').first();
  const search = pane.locator('.tx-search');
  await search.locator('.ant-form-item').filter({ hasText: '角色名称' }).locator('input').fill('网格员');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  // platform-wide: both tenants' 网格员 are listed; grant the platform tenant's
  const row = pane
    .locator('.ant-table-row')
    .filter({ hasText: '网格员' })
    .filter({ hasText: '000000' })
    .first();
  await row.locator('.ant-checkbox-input').check();
  await pane.getByRole('button', { name: /权限设置/ }).click();
  const dialog = await opened(page.getByRole('dialog').filter({ hasText: '权限设置' }));
  const menuTree = dialog.getByTestId('grant-menu');
  await expect(menuTree.getByText('参数管理')).toBeVisible();
  await menuTree
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('[title="参数管理"]') })
    .locator('.ant-tree-checkbox')
    .click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectMessage(page, '操作成功!');

  // the grid worker keeps the same session: a reload reads the new grants
  await gridPage.reload();
  await expect(side.getByText('系统管理')).toBeVisible();
  await gridPage.goto('/system/param');
  const paramPane = gridPage.locator('.tx-card').filter({ hasText: '参数管理' }).first();
  await expect(paramPane.locator('.ant-table-row').first()).toBeVisible();
  await expect(paramPane.getByRole('button', { name: /新\s*增/ })).toBeVisible();
  await grid.close();
  await admin.close();
}

test('tenant package: search, menus sent comma-joined, no view button, drawer 600', async ({ page }) => {
  await login(page);
  await page.goto('/system/tenantpackage');
  const pane = page.locator('.tx-card').filter({ hasText: '租户产品包' }).first();
  await pane.getByRole('button', { name: /新\s*增/ }).click();
  const drawer = openDrawer(page);
  await save(page, drawer);
  await expect(
    drawer.locator('.ant-form-item-explain-error').getByText('请输入产品包名称', { exact: true }),
  ).toBeVisible();
  await expect(
    drawer.locator('.ant-form-item-explain-error').getByText('请选择菜单', { exact: true }),
  ).toBeVisible();
  const box = await page
    .locator('.ant-drawer-content-wrapper, .ant-drawer-section')
    .filter({ visible: true })
    .last()
    .boundingBox();
  expect(Math.round(box!.width)).toBe(600);
  await drawer.locator('input').first().fill(`包${stamp}`);
  const menu = drawer.locator('.ant-form-item').filter({ hasText: '菜单列表' }).locator('.ant-select');
  await menu.click();
  for (const name of ['系统管理', '党建管理']) {
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-treenode')
      .filter({ has: page.locator(`[title="${name}"]`) })
      .locator('.ant-select-tree-checkbox')
      .click();
  }
  await page.keyboard.press('Escape');
  const submitted = page.waitForRequest((r) => r.url().includes('/tenant-package/submit'));
  await save(page, drawer);
  const body = (await submitted).postDataJSON() as { menuId: string };
  expect(body.menuId.split(',').length).toBeGreaterThan(2);
  await expectMessage(page, '新增成功');
  const row = pane.locator('.ant-table-row').filter({ hasText: `包${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: /查\s*看/ })).toHaveCount(0);
  await expect(pane.locator('.ant-pagination-options')).toContainText('10');
});

for (const [path, layout] of [
  ['/dict-horizontal/index', 'horizontal'],
  ['/dict-vertical/index', 'vertical'],
  ['/system/dictbiz', 'biz'],
] as const) {
  test(`dictionary screen ${path}`, async ({ page }) => {
    await login(page);
    await page.goto(path);
    const parent = page.locator('.tx-card').first();
    await expect(parent.locator('.ant-table-row').first()).toBeVisible();
    for (const h of ['序号', '字典编号', '字典名称', '字典排序', '封存', '字典备注'])
      await expect(parent.locator('thead')).toContainText(h);

    // header: validation messages, then a valid one (isSealed defaults to 0)
    const code = `e2e_${layout}_${stamp}`;
    await parent.getByRole('button', { name: /新\s*增/ }).click();
    let drawer = openDrawer(page);
    await save(page, drawer);
    for (const m of ['请输入字典编号', '请输入字典名称', '请输入字典排序'])
      await expect(
        drawer.locator('.ant-form-item-explain-error').getByText(m, { exact: true }),
      ).toBeVisible();
    // a backdrop click does not close the drawer
    await page.mouse.click(20, 300);
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('字典编号').fill(code);
    await drawer.getByLabel('字典名称').fill(`测试字典${layout}`);
    await drawer.getByLabel('字典排序').fill('1');
    await expect(drawer.getByRole('switch')).not.toBeChecked();
    await save(page, drawer);
    await expectMessage(page, '新增成功');

    const search = parent.locator('.tx-search');
    await search.locator('.ant-form-item').filter({ hasText: '字典编号' }).locator('input').fill(code);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const header = parent.locator('.ant-table-row').filter({ hasText: code });
    await expect(header).toHaveCount(1);
    await rowAction(page, header, '字典配置');

    // child table: code and parent prefilled and disabled, dictKey required
    const child = page.getByTestId('dict-child');
    await expect(child.locator('thead')).toContainText('藏文名称');
    await expect(child.locator('thead')).toContainText('字典键值');
    await child.getByRole('button', { name: /新\s*增/ }).click();
    drawer = openDrawer(page);
    await expect(drawer.getByLabel('字典编号')).toBeDisabled();
    await expect(drawer.getByLabel('字典编号')).toHaveValue(code);
    await save(page, drawer);
    await expect(
      drawer.locator('.ant-form-item-explain-error').getByText('请输入字典键值', { exact: true }),
    ).toBeVisible();
    await drawer.getByLabel('字典名称').fill('选项一');
    await drawer.getByLabel('藏文名称').fill('ཚོད་ལྟ།');
    await drawer.getByLabel('字典键值').fill('1');
    await drawer.getByLabel('字典排序').fill('1');
    await save(page, drawer);
    await expectMessage(page, '新增成功');
    const item = child.locator('.ant-table-row').filter({ hasText: '选项一' });
    await expect(item).toHaveCount(1);

    // edit keeps code disabled; view shows the item
    await item.getByRole('button', { name: /编\s*辑/ }).click();
    drawer = openDrawer(page);
    await expect(drawer.getByLabel('字典编号')).toBeDisabled();
    // Seen twice under CI load and not yet explained: text typed right after the edit drawer opened
    // came back as the record's value. Type again until it holds; the body sent is checked below.
    await expect(async () => {
      await drawer.getByLabel('字典名称').fill('选项一改');
      await expect(drawer.getByLabel('字典名称')).toHaveValue('选项一改', { timeout: 2000 });
    }).toPass();
    const submitted = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/submit'));
    await save(page, drawer);
    expect((await submitted).postDataJSON()).toMatchObject({ dictValue: '选项一改' });
    await expectMessage(page, '更新成功');
    await child
      .locator('.ant-table-row')
      .filter({ hasText: '选项一改' })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    drawer = openDrawer(page);
    await expect(drawer.locator('.ant-descriptions')).toContainText('ཚོད་ལྟ།');
  });
}

test('系统字典 at 1440×900: 字典名称 stays clear of the fixed 操作 column; 封存 ↔ 解封 with a toast', async ({
  page,
  request,
}) => {
  const code = `e2e_seal_${stamp}`;
  const call = await adminApi(request);
  await call('post', '/api/blade-system/dict/submit', {
    code,
    dictValue: '封存测试',
    sort: 99,
    isSealed: 0,
    parentId: '0',
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await page.goto('/dict-horizontal/index');
  const parent = page.locator('.tx-card').first();
  await expect(parent.locator('.ant-table-row').first()).toBeVisible();

  // the name column ends before the fixed operation column begins, and nothing covers its cells
  const heading = (text: string) => parent.locator('thead th').filter({ hasText: new RegExp(`^${text}$`) });
  const name = (await heading('字典名称').boundingBox())!;
  const actions = (await heading('操作').boundingBox())!;
  expect(name.x + name.width).toBeLessThanOrEqual(actions.x);
  const column = await parent
    .locator('thead th')
    .evaluateAll((ths) => ths.findIndex((th) => th.textContent === '字典名称'));
  const cell = parent.locator('.ant-table-row').first().locator('td').nth(column);
  await expect(cell).not.toBeEmpty();
  expect(
    await cell.evaluate((td) => {
      const box = td.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !!top && td.contains(top);
    }),
  ).toBe(true);

  // 封存 under 更多 seals the row, says so, and the row then offers 解封 (and back)
  const search = parent.locator('.tx-search');
  await search.locator('.ant-form-item').filter({ hasText: '字典编号' }).locator('input').fill(code);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = parent.locator('.ant-table-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect.poll(() => moreActions(page, row)).toEqual(['字典配置', '删除', '封存']);
  await rowAction(page, row, '封存');
  await expectMessage(page, '操作成功!');
  await expect.poll(() => moreActions(page, row)).toEqual(['字典配置', '删除', '解封']);
  await rowAction(page, row, '解封');
  await expect.poll(() => moreActions(page, row)).toEqual(['字典配置', '删除', '封存']);
});

test('user screen: dept tree, lock / unlock, reset password, roles dialog, import and export', async ({
  page,
}) => {
  await login(page);
  await page.goto('/system/user');
  const pane = page.locator('.tx-card').filter({ hasText: '用户管理' }).first();
  await expect(pane.locator('.ant-table-row').first()).toBeVisible();
  await expect(pane.getByRole('button', { name: /导\s*出/ })).toBeVisible();
  await pane.getByRole('button', { name: /导\s*入/ }).click();
  await expect(
    page
      .getByRole('dialog')
      .filter({ hasText: '数据导入' })
      .getByRole('button', { name: /下载模板/ }),
  ).toBeVisible();
  await page
    .getByRole('dialog')
    .filter({ hasText: '数据导入' })
    .getByRole('button', { name: /Close|关闭/ })
    .click();

  const search = pane.locator('.tx-search');
  // by account: the demo residents include other 张伟s, so a search by name fills more than one page
  await search.locator('.ant-form-item').filter({ hasText: '登录账号' }).locator('input').fill('zhangwei');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = pane.locator('.ant-table-row').filter({ hasText: 'zhangwei' });
  await expect(row).toHaveCount(1);
  // the operation column holds one line: 查看 编辑 and 更多 with the rarer actions
  const operations = row.locator('td').last().getByRole('button');
  await expect(operations).toHaveText([/查\s*看/, /编\s*辑/, /更多/]);
  const tops = await operations.evaluateAll((list) =>
    list.map((b) => Math.round(b.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  expect(await moreActions(page, row)).toEqual(['删除', '锁定账号', '账号解锁', '审核通过']);
  await row.locator('.ant-checkbox-input').check();
  for (const [button, question] of [
    ['锁定账号', '确定锁定选择的账号?'],
    ['账号解锁', '确定将选择的账号解锁?'],
    ['重置密码', '确定将选择账号密码重置为初始密码?'],
  ] as const) {
    await pane.locator('.ant-space').getByRole('button', { name: button }).first().click();
    await expect(page.getByText(question)).toBeVisible();
    await confirm(page, question);
    await expectMessage(page, '操作成功!');
    await expect(page.getByText(question)).toBeHidden();
  }
  await pane.getByRole('button', { name: '角色配置' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: '角色配置' })).toBeVisible();
});

test('menu screen: lazy tree with button rows, remote fields, search', async ({ page }) => {
  await login(page);
  await page.goto('/system/menu');
  const pane = page.locator('.tx-card').filter({ hasText: '菜单管理' }).first();
  await expect(pane.locator('thead')).toContainText('远程模块名称');
  const system = pane.locator('.ant-table-row').filter({ hasText: '系统管理' }).first();
  await expect(system).toContainText('system');
  // a remote's entry URL shows once, on its root menu
  await expect(system).toContainText('/remotes/system/mf-manifest.json');
  const search = pane.locator('.tx-search');
  await search.locator('.ant-form-item').filter({ hasText: '菜单名称' }).locator('input').fill('参数管理');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(pane.locator('.ant-table-row').filter({ hasText: '参数管理' }).first()).toBeVisible();
  await expect(pane.locator('.ant-table-row').filter({ hasText: '参数管理' }).first()).not.toContainText(
    'mf-manifest.json',
  );
  await pane
    .locator('.ant-table-row')
    .filter({ hasText: '参数管理' })
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(openDrawer(page).locator('.ant-descriptions')).toContainText('/system/param');
});

test('column settings are saved per user on the server', async ({ page }) => {
  await login(page);
  await page.goto('/system/post');
  const pane = page.locator('.tx-card').filter({ hasText: '岗位管理' }).first();
  await expect(pane.locator('thead')).toContainText('岗位编号');
  const saved = page.waitForResponse((r) => r.url().includes('/user-setting/submit'));
  await pane.getByRole('button', { name: '列设置' }).click();
  await page.getByTestId('column-settings').getByText('岗位编号').click();
  await saved;
  await expect(pane.locator('thead')).not.toContainText('岗位编号');
  await page.reload();
  await expect(
    page.locator('.tx-card').filter({ hasText: '岗位管理' }).first().locator('thead'),
  ).toContainText('岗位名称');
  await expect(
    page.locator('.tx-card').filter({ hasText: '岗位管理' }).first().locator('thead'),
  ).not.toContainText('岗位编号');
});

test('tenant screen: package setting reads package-detail and saves package-setting', async ({ page }) => {
  await login(page);
  await page.goto('/system/tenant');
  const pane = page.locator('.tx-card').filter({ hasText: '租户管理' }).first();
  const row = pane.locator('.ant-table-row').filter({ hasText: '100001' });
  // 产品包 names the seeded package, not its id
  await expect(row).toContainText('街道社区标准版');
  await expect(row).not.toContainText(/\d{15,}/);
  await row.locator('.ant-checkbox-input').check();
  const detail = page.waitForResponse((r) => r.url().includes('/tenant/package-detail'));
  await pane.getByRole('button', { name: '产品包配置' }).click();
  await detail;
  const dialog = await opened(page.getByRole('dialog').filter({ hasText: '产品包配置' }));
  await expect(dialog).toBeVisible();
  const saved = page.waitForRequest((r) => r.url().includes('/tenant/package-setting'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  expect((await saved).url()).toContain('tenantId=100001');
  await expectMessage(page, '操作成功!');
});

test('the migrated party and community screens run on ResourcePage', async ({ page }) => {
  await login(page);
  for (const [path, title, column] of [
    ['/party/partyduty', '党员值班', '值班地点'],
    ['/community/contactphone', '便民电话', '机构名称'],
  ] as const) {
    await page.goto(path);
    const pane = page.locator('.tx-card').filter({ hasText: title }).first();
    await expect(pane.locator('thead'), path).toContainText(column);
    await pane.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = openDrawer(page);
    await save(page, drawer);
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await drawer
      .locator('.ant-drawer-extra')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  }
});

test('user screen: a guest registration waits as 待审核 until 审核通过', async ({ page, request }) => {
  const account = `e2eguest${stamp}`;
  const registered = await request.post(
    `/api/blade-user/register-guest?tenantId=100001&account=${account}&name=${encodeURIComponent('来宾')}&password=${md5('guest-pass')}`,
  );
  expect((await registered.json()).msg).toBe('注册申请已提交,请等待管理员审核');

  await login(page);
  await page.goto('/system/user');
  const pane = page.locator('.tx-card').filter({ hasText: '用户管理' }).first();
  await expect(pane.locator('thead')).toContainText('账号状态');
  const search = pane.locator('.tx-search');
  await search.locator('.ant-form-item').filter({ hasText: '登录账号' }).locator('input').fill(account);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = pane.locator('.ant-table-row').filter({ hasText: account });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待审核');
  await row.locator('.ant-checkbox-input').check();
  await pane.locator('.ant-space').getByRole('button', { name: '审核通过' }).first().click();
  await expect(page.getByText('确定通过选择账号的注册申请?')).toBeVisible();
  await confirm(page);
  await expectMessage(page, '操作成功!');
  await expect(row).toContainText('正常');
  await expect(row).not.toContainText('待审核');
});

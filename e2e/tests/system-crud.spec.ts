import { expect, test } from '@playwright/test';
import {
  apiScopeResource,
  clientResource,
  dataScopeResource,
  deptResource,
  dictBizResource,
  menuResource,
  paramResource,
  postResource,
  regionResource,
  roleResource,
  tenantResource,
  userResource,
  tenantPackageResource,
  topMenuResource,
  type ResourceDef,
} from '../../packages/resources/src/index';
import {
  confirm,
  expectMessage,
  fillField,
  login,
  openDrawer,
  requiredOnAdd,
  rowAction,
  save,
} from './system-helpers';

/** A generic CRUD walk driven by the definitions: open, add with the validation errors, add, search,
 * edit, view, delete. `sample` holds a valid value per required field (plus what the search uses). */
interface Walk {
  path: string;
  def: ResourceDef;
  sample: Record<string, string>;
  /** The field edited and searched (a string field with a `like` search). */
  key: string;
}

const stamp = Date.now().toString().slice(-6);
const walks: Walk[] = [
  {
    path: '/system/param',
    def: paramResource,
    key: 'paramName',
    sample: { paramName: `e2e参数${stamp}`, paramKey: `e2e.key.${stamp}`, paramValue: 'v1' },
  },
  {
    path: '/system/post',
    def: postResource,
    key: 'postName',
    sample: { category: '', postCode: `P${stamp}`, postName: `e2e岗位${stamp}`, sort: '9' },
  },
  {
    path: '/system/topmenu',
    def: topMenuResource,
    key: 'name',
    sample: { name: `e2e顶部${stamp}`, code: `top${stamp}`, sort: '9' },
  },
  {
    path: '/system/client',
    def: clientResource,
    key: 'clientId',
    sample: { clientId: `e2e${stamp}`, clientSecret: 'secret-e2e' },
  },
  {
    path: '/system/tenantpackage',
    def: tenantPackageResource,
    key: 'packageName',
    sample: { packageName: `e2e产品包${stamp}`, menuId: '系统管理' },
  },
  {
    path: '/system/dept',
    def: deptResource,
    key: 'deptName',
    sample: { deptName: `e2e机构${stamp}`, fullName: `e2e机构全称${stamp}`, sort: '9' },
  },
  {
    path: '/authority/datascope',
    def: dataScopeResource,
    key: 'scopeName',
    sample: {
      menuId: '系统管理',
      scopeName: `e2e数据${stamp}`,
      resourceCode: `ds${stamp}`,
      scopeType: '',
      scopeClass: 'param',
    },
  },
  {
    path: '/authority/apiscope',
    def: apiScopeResource,
    key: 'scopeName',
    sample: {
      menuId: '系统管理',
      scopeName: `e2e接口${stamp}`,
      resourceCode: `as${stamp}`,
      scopePath: '/api/e2e',
      scopeType: '',
    },
  },
  {
    path: '/authority/role',
    def: roleResource,
    key: 'roleName',
    sample: { roleName: `e2e角色${stamp}`, roleAlias: `e2e_${stamp}`, sort: '9' },
  },
  {
    path: '/system/region',
    def: regionResource,
    key: 'name',
    sample: { code: `99${stamp.slice(-4)}`, name: `e2e区划${stamp}`, level: '省份', sort: '1' },
  },
  {
    path: '/system/tenant',
    def: tenantResource,
    key: 'tenantName',
    sample: { tenantName: `e2e租户${stamp}`, linkman: '测试' },
  },
  {
    // the menu screen: its own API (menu-routes), a UI-only definition, a lazy tree searched as a forest
    path: '/system/menu',
    def: menuResource,
    key: 'name',
    sample: { name: `e2e菜单${stamp}`, code: `e2e_menu_${stamp}`, sort: '9' },
  },
  {
    // the business dictionary's parent table (its items: system-screens.spec.ts)
    path: '/system/dictbiz',
    def: dictBizResource,
    key: 'dictValue',
    sample: { code: `e2e_biz_${stamp}`, dictValue: `e2e业务字典${stamp}`, sort: '9' },
  },
  {
    path: '/system/user',
    def: userResource,
    key: 'realName',
    sample: {
      account: `e2e${stamp}`,
      password: 'e2e-pass',
      name: `e2e${stamp}`,
      realName: `e2e用户${stamp}`,
      roleId: '网格员',
      deptId: '吉日街道',
      postId: '社区书记',
    },
  },
];

for (const walk of walks) {
  test(`CRUD walk ${walk.path} (${walk.def.label.zh})`, async ({ page }) => {
    const { def } = walk;
    await login(page);
    await page.goto(walk.path);
    const pane = page.locator('.tx-card').filter({ hasText: def.label.zh }).first();
    await expect(pane.locator('.ant-table')).toBeVisible();

    // add: the validation messages of every required field, then a valid row
    await pane.getByRole('button', { name: /新\s*增/ }).click();
    let drawer = openDrawer(page);
    await save(page, drawer);
    for (const field of requiredOnAdd(def))
      await expect(drawer.getByText(field.required as string).first(), field.name).toBeVisible();
    for (const field of def.fields) {
      if (!(field.name in walk.sample)) continue;
      await fillField(page, drawer, field, walk.sample[field.name]!);
    }
    const answer = page.waitForResponse((r) => /\/(submit|save)$/.test(new URL(r.url()).pathname));
    await save(page, drawer);
    const res = await answer;
    expect(res.status(), await res.text()).toBe(200);
    await expectMessage(page, '新增成功');
    await expect(drawer).toBeHidden();

    // search by the key field
    const keyField = def.fields.find((f) => f.name === walk.key)!;
    const search = pane.locator('.tx-search');
    await search
      .locator('.ant-form-item')
      .filter({ hasText: keyField.label.zh })
      .locator('input')
      .fill(walk.sample[walk.key]!);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const row = pane.locator('.ant-table-row').filter({ hasText: walk.sample[walk.key]! });
    await expect(row).toHaveCount(1);

    // edit
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    drawer = openDrawer(page);
    const edited = `${walk.sample[walk.key]}改`;
    if (!keyField.disabledOn?.includes('edit')) {
      await fillField(page, drawer, keyField, edited);
      await save(page, drawer);
      await expectMessage(page, '更新成功');
      await search.getByRole('button', { name: /清\s*空/ }).click();
      await search
        .locator('.ant-form-item')
        .filter({ hasText: keyField.label.zh })
        .locator('input')
        .fill(edited);
      await search.getByRole('button', { name: /搜\s*索/ }).click();
    } else {
      await save(page, drawer);
      await expectMessage(page, '更新成功');
    }
    const current = pane
      .locator('.ant-table-row')
      .filter({ hasText: keyField.disabledOn?.includes('edit') ? walk.sample[walk.key]! : edited });
    await expect(current).toHaveCount(1);

    // view (when the resource has it)
    const viewButton = current.getByRole('button', { name: /查\s*看/ });
    if (!def.standard || def.standard.includes('view')) {
      await viewButton.click();
      drawer = openDrawer(page);
      await expect(drawer.locator('.ant-descriptions')).toContainText(walk.sample[walk.key]!);
      await drawer.locator('.ant-drawer-extra button').click();
    } else {
      await expect(viewButton).toHaveCount(0);
    }

    // delete (a button, or under 更多 where a row has many actions)
    await rowAction(page, current, /删\s*除/);
    await expect(page.getByText('确定将选择数据删除?')).toBeVisible();
    const removed = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/remove'));
    await confirm(page);
    const removal = await removed;
    expect(removal.status(), await removal.text()).toBe(200);
    await expectMessage(page, '删除成功');
    await expect(current).toHaveCount(0);
  });
}

test('bulk delete with nothing selected warns, and every system screen opens', async ({ page }) => {
  await login(page);
  await page.goto('/system/param');
  const pane = page.locator('.tx-card').first();
  await expect(pane.locator('.ant-table-row').first()).toBeVisible();
  await pane
    .getByRole('button', { name: /删\s*除/ })
    .first()
    .click();
  await expectMessage(page, '请选择至少一条数据');
  for (const path of [
    '/system/user',
    '/system/menu',
    '/system/tenant',
    '/authority/role',
    '/system/dictbiz',
  ]) {
    await page.goto(path);
    await expect(page.locator('.ant-table-row').first(), path).toBeVisible();
  }
  await page.goto('/system/region');
  await expect(page.locator('.tx-card').filter({ hasText: '行政区划' }).locator('.ant-table')).toBeVisible();
});

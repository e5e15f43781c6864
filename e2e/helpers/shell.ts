// Helpers for the shell specs: log in through the real login page, open menus, read the tab bar.
import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { steady } from './motion';

export const ADMIN = { tenantId: '000000', username: 'admin', password: 'admin' } as const;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Fills the (antd-free) login form; the tenant field shows only when the domain is not recognised. */
export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const tenant = page.getByLabel('租户编号');
  await expect(page.getByLabel('账号')).toBeVisible();
  if (await tenant.isVisible()) await tenant.fill(ADMIN.tenantId);
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Logs in as the platform admin through the UI and waits for the home tab. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/wel/index');
  await expect(tab(page, '首页')).toBeVisible();
}

/** The tab bar's tab with this label (exact). */
export const tab = (page: Page, label: string): Locator =>
  page.locator('.tx-tabbar .ant-tabs-tab').filter({ has: page.getByText(label, { exact: true }) });

/** Activates an open tab and waits until the address follows. A click that lands while the tab bar
 * re-lays itself out (a tab just opened, a popup just closed over it) is lost: click again. */
export async function switchTab(page: Page, label: string, url: RegExp): Promise<void> {
  await expect(async () => {
    await tab(page, label).click({ timeout: 5000 });
    await expect(page).toHaveURL(url, { timeout: 2000 });
  }).toPass();
  await expect(tab(page, label)).toHaveClass(/ant-tabs-tab-active/);
}

/** Labels of the open tabs, in order. */
export const tabLabels = (page: Page): Promise<string[]> =>
  page.locator('.tx-tabbar .ant-tabs-tab .ant-tabs-tab-btn').allInnerTexts();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Clicks through the sidebar: each label opens a submenu, the last one opens the page. */
export async function openMenu(page: Page, ...labels: string[]): Promise<void> {
  const sider = page.locator('.tx-sider');
  for (const [i, label] of labels.entries()) {
    // the accessible name also holds the icon's label: match the end of it
    const item = sider.getByRole('menuitem', { name: new RegExp(`${escapeRegExp(label)}$`) });
    // a submenu opened earlier (ancestors of the active page) stays open: do not toggle it shut
    const expanded = await item.getAttribute('aria-expanded');
    if (i < labels.length - 1 && expanded === 'true') continue;
    await item.click();
  }
}

/** Picks `label` in the hover dropdown of `trigger` and lets the dropdown close. */
export async function hoverMenu(page: Page, trigger: Locator, label: string): Promise<void> {
  // antd keeps closed dropdowns in the page: the entry of the open one
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: label });
  await expect(async () => {
    await trigger.hover();
    await (await steady(item)).click({ timeout: 5000 });
    // a click on an entry closes the dropdown at once; one lost to a late re-alignment of the popup
    // lands on the trigger and leaves it open: try again
    await expect(item).toBeHidden({ timeout: 2000 });
  }).toPass();
  // move off the trigger so the dropdown cannot open again over what is clicked next
  await page.mouse.move(0, 0);
}

/** Picks an entry of the avatar dropdown (控制台, 个人信息, 退出登录). */
export const userMenu = (page: Page, label: string): Promise<void> =>
  hoverMenu(page, page.getByTestId('user-menu'), label);

/** The system remote's 参数管理 screen, opened from the menu; resolves once its rows are shown. */
export async function openParamPage(page: Page): Promise<void> {
  await openMenu(page, '系统管理', '系统设置', '参数管理');
  await page.waitForURL('**/system/param');
  await expect(paramSearch(page)).toBeVisible();
  await expect(paramRows(page).first()).toBeVisible();
}

/** The rows of the param screen's table (visible tab only): the seeded parameters, newest first. */
export const paramRows = (page: Page): Locator =>
  page.locator('.tx-content .ant-table-row').locator('visible=true');

/** The 参数名称 search box of the param screen (visible tab only). */
export const paramSearch = (page: Page): Locator =>
  page.locator('.tx-content').getByPlaceholder('请输入参数名称').locator('visible=true');

/** A token for API set-up calls (not for the browser session). */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(
    `/api/blade-auth/oauth/token?tenantId=${ADMIN.tenantId}&username=${ADMIN.username}&password=${md5(ADMIN.password)}&grant_type=password&scope=all`,
    { headers: { Authorization: BASIC, 'Tenant-Id': ADMIN.tenantId } },
  );
  const body = (await res.json()) as { access_token?: string };
  expect(body.access_token, 'admin API login').toBeTruthy();
  return body.access_token!;
}

interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export type ApiCall = <T>(method: 'get' | 'post', url: string, data?: unknown) => Promise<T>;

/** An admin API caller for set-up calls: fails the test on any unsuccessful envelope. */
export async function adminApi(request: APIRequestContext): Promise<ApiCall> {
  const token = await apiToken(request);
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: BASIC };
  return async <T>(method: 'get' | 'post', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](url, { headers, data });
    const body = (await res.json()) as Envelope<T>;
    expect(body.success, `${url}: ${body.msg}`).toBe(true);
    return body.data;
  };
}

interface RoleGrants {
  roleId: string;
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** The current menu, data-scope and API-scope grants of the platform tenant's role matching `query`. */
export async function roleGrants(call: ApiCall, query: string): Promise<RoleGrants> {
  const roles = await call<{ records: { id: string; tenantId: string }[] }>(
    'get',
    `/api/blade-system/role/page?${query}`,
  );
  const role = roles.records.find((r) => r.tenantId === ADMIN.tenantId);
  expect(role, `a platform role for ${query}`).toBeTruthy();
  const roleId = role!.id;
  const keys = await call<Omit<RoleGrants, 'roleId'>>(
    'get',
    `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`,
  );
  return { roleId, ...keys };
}

/** Replaces a role's grants (for set-up, and to put a role back as a test found it). */
export async function setRoleGrants(call: ApiCall, g: RoleGrants): Promise<void> {
  await call('post', '/api/blade-system/role/grant', {
    roleIds: [g.roleId],
    menuIds: g.menu,
    dataScopeIds: g.dataScope,
    apiScopeIds: g.apiScope,
  });
}

/**
 * Adds a top-level menu entry served by a remote whose entry URL is unreachable, and grants it to
 * the administrator role (keeping the role's other grants). Returns the menu's label.
 */
export async function addDeadRemoteMenu(request: APIRequestContext, code: string): Promise<string> {
  const call = await adminApi(request);
  const name = `离线模块${code}`;
  await call('post', '/api/blade-system/menu/submit', {
    parentId: '0',
    code,
    name,
    nameEn: `Offline ${code}`,
    path: `/${code}/index`,
    source: 'iconfont icon-setting',
    sort: 99,
    category: 1,
    action: 0,
    isOpen: 1,
    remote: code,
    // port 9 (discard) refuses connections: the entry is unreachable
    remoteEntry: `http://127.0.0.1:9/remotes/${code}/mf-manifest.json`,
  });
  const [menu] = await call<{ id: string }[]>('get', `/api/blade-system/menu/list?code=${code}`);
  const admin = await roleGrants(call, 'roleAlias=administrator');
  await setRoleGrants(call, { ...admin, menu: [...admin.menu, menu!.id] });
  return name;
}

export interface RemoteTree {
  /** Menu code and remote name of the root. */
  remote: string;
  /** Root menu label and path (a group). */
  name: string;
  path: string;
  /** The remote's entry URL, registered on the root menu only. */
  entry: string;
  /** The pages below the root: [path, label]. */
  pages: [string, string][];
}

/**
 * Registers a remote as an administrator does: a root menu naming the remote and its entry URL, and the
 * pages below it naming the remote; grants them to the administrator role (keeping its other grants).
 */
export async function addRemoteTree(request: APIRequestContext, tree: RemoteTree): Promise<void> {
  const call = await adminApi(request);
  const menu = (code: string, name: string, path: string, parentId: string, extra = {}) =>
    call('post', '/api/blade-system/menu/submit', {
      parentId,
      code,
      name,
      nameEn: code,
      path,
      source: 'AppstoreOutlined',
      sort: 90,
      category: 1,
      action: 0,
      isOpen: 1,
      remote: tree.remote,
      ...extra,
    });
  const idOf = async (code: string) =>
    (await call<{ id: string; code: string }[]>('get', `/api/blade-system/menu/list?code=${code}`)).find(
      (m) => m.code === code,
    )!.id;
  await menu(tree.remote, tree.name, tree.path, '0', { remoteEntry: tree.entry });
  const rootId = await idOf(tree.remote);
  const ids = [rootId];
  for (const [i, [path, name]] of tree.pages.entries()) {
    await menu(`${tree.remote}_p${i}`, name, path, rootId);
    ids.push(await idOf(`${tree.remote}_p${i}`));
  }
  const admin = await roleGrants(call, 'roleAlias=administrator');
  await setRoleGrants(call, { ...admin, menu: [...admin.menu, ...ids] });
}

/** Deletes the menus with these codes (and their buttons), when present: what a spec added, so the
 * specs after it see the seeded menu tree. */
export async function removeMenus(request: APIRequestContext, codes: string[]): Promise<void> {
  const call = await adminApi(request);
  const flatten = (nodes: MenuRow[]): MenuRow[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
  const ids = new Set<string>();
  for (const code of codes) {
    const found = flatten(await call<MenuRow[]>('get', `/api/blade-system/menu/list?code=${code}`));
    const root = found.find((m) => m.code === code);
    if (root) for (const m of flatten([root])) ids.add(m.id);
  }
  if (ids.size) await call('post', `/api/blade-system/menu/remove?ids=${[...ids].join(',')}`);
}

interface MenuRow {
  id: string;
  code: string;
  children?: MenuRow[];
}

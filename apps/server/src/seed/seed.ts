import type { Config } from '../config.js';
import { type Database, PLATFORM_TENANT, type Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { lockSeed } from '../db/migrate.js';
import { hashClientSecret, hashPassword, md5Hex } from '../auth/passwords.js';
import { formatDateTime } from '../util/datetime.js';
import { type SeedDict, seedDicts } from './data/dicts.js';
import { type SeedMenu, seedMenus } from './data/menus.js';
import { seedWorkflow } from './workflow-seed.js';

export const ADMIN_ACCOUNT = 'admin';
export const ADMIN_PASSWORD = 'admin';
export const ADMINISTRATOR_ALIAS = 'administrator';

/** The parameters the product reads: key, name, initial value and what it means (备注). Those a deployment
 * sets itself (the map's tiles, the Hikvision platform) start empty: the features then work without them
 * (a plain map background, cameras kept by hand) until an administrator fills them in 参数管理. */
const PARAMS: [key: string, name: string, value: string, remark?: string][] = [
  ['account.initPassword', '账号初始密码', '123456'],
  ['account.registerUser', '是否开启注册功能', 'true'],
  ['account.failCount', '登录失败锁定次数', '5'],
  ['tenant.default.password', '租户默认管理密码', 'admin'],
  ['tenant.default.accountNumber', '租户默认账号额度', '100'],
  ['log.retentionDays', '日志保留天数', '90'],
  ['ticket.overdueDays', '诉求办理时限(天)', '7'],
  [
    'map.tileUrl',
    '地图瓦片地址',
    '',
    '地图设计与网格地图的底图瓦片地址模板，含{z}/{x}/{y}，如 https://tiles.example.cn/{z}/{x}/{y}.png；留空则不加载瓦片，地图以纯色底图显示部门边界与网格，适用于无互联网的部署',
  ],
  ['map.center', '地图初始中心', '', '地图打开时的中心点“经度,纬度”，如 91.1322,29.6544；留空为拉萨市城关区'],
  ['map.zoom', '地图初始缩放级别', '', '地图打开时的缩放级别，1至20的整数；留空为15'],
  [
    'hik.host',
    '海康平台地址',
    '',
    '海康威视综合安防管理平台（iSecure Center）Artemis网关地址，如 https://10.0.0.8:443；与hik.appKey、hik.appSecret都设置后，监控点位可从平台同步',
  ],
  ['hik.appKey', '海康平台AppKey', '', '在海康平台“合作方”中为本系统申请的AppKey'],
  [
    'hik.appSecret',
    '海康平台AppSecret',
    '',
    '与AppKey配对的AppSecret，加密保存；保存后只显示******，不修改即保留原值',
  ],
  ['snap.rewardScore', '随手拍核实奖励积分', '5'],
];

export interface SeedResult {
  createdPlatform: boolean;
  menusAdded: number;
  dictsAdded: number;
}

type Audit = Record<string, unknown>;

/** Idempotent base data: platform tenant, client, menus, dictionaries, parameters, the administrator
 * role and the admin user. Existing rows are never overwritten (except the configured client secret);
 * rows missing by their natural key are added, and new menus are granted to the administrator role. */
export async function seed(db: Database, config: Config): Promise<SeedResult> {
  const adminHash = await hashPassword(md5Hex(ADMIN_PASSWORD));
  return db.kysely.transaction().execute(async (trx) => {
    // A second instance seeding the same database at the same time waits here, then finds every row.
    await lockSeed(trx);
    const now = formatDateTime();
    const audit = {
      create_user: null,
      create_dept: null,
      create_time: now,
      update_user: null,
      update_time: now,
    };
    const createdPlatform = await seedPlatformTenant(trx, audit);
    await seedClient(trx, config, audit);
    const existingMenus = await trx
      .selectFrom('blade_menu')
      .select(['id', 'code'])
      .where('is_deleted', '=', 0)
      .execute();
    const menuIds = new Map(existingMenus.map((r) => [String(r.code), String(r.id)]));
    const newMenuIds = await seedMenuTree(trx, seedMenus, '0', menuIds);
    const dictsAdded = await seedDictionaries(trx, PLATFORM_TENANT);
    await seedParams(trx, audit);
    const roleId = await seedAdministratorRole(trx, newMenuIds);
    await seedAdmin(trx, roleId, adminHash, audit);
    await seedWorkflow(trx);
    return { createdPlatform, menusAdded: newMenuIds.length, dictsAdded };
  });
}

/** The platform tenant (000000); true when it was created now. */
async function seedPlatformTenant(trx: Trx, audit: Audit): Promise<boolean> {
  const tenant = await trx
    .selectFrom('blade_tenant')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT)
    .executeTakeFirst();
  if (tenant) return false;
  await trx
    .insertInto('blade_tenant')
    .values({
      id: nextId(),
      tenant_id: PLATFORM_TENANT,
      tenant_name: '管理组',
      linkman: 'admin',
      contact_number: '',
      address: '',
      ...audit,
    })
    .execute();
  return true;
}

/** The parameters the product reads (initial password, registration, tenant defaults). */
async function seedParams(trx: Trx, audit: Audit): Promise<void> {
  for (const [key, name, value, remark] of PARAMS) {
    const exists = await trx
      .selectFrom('blade_param')
      .select('id')
      .where('param_key', '=', key)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!exists)
      await trx
        .insertInto('blade_param')
        .values({
          id: nextId(),
          param_name: name,
          param_key: key,
          param_value: value,
          remark: remark ?? null,
          ...audit,
        })
        .execute();
  }
}

/** The platform's administrator role, created with every menu, else granted the menus added now;
 * returns its id. */
async function seedAdministratorRole(trx: Trx, newMenuIds: string[]): Promise<string> {
  let role = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT)
    .where('role_alias', '=', ADMINISTRATOR_ALIAS)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  let grant = newMenuIds;
  if (!role) {
    role = { id: nextId() };
    await trx
      .insertInto('blade_role')
      .values({
        id: role.id,
        tenant_id: PLATFORM_TENANT,
        parent_id: 0,
        role_name: '超级管理员',
        sort: 1,
        role_alias: ADMINISTRATOR_ALIAS,
      })
      .execute();
    grant = (await trx.selectFrom('blade_menu').select('id').where('is_deleted', '=', 0).execute()).map((r) =>
      String(r.id),
    );
  }
  if (grant.length) {
    await trx
      .insertInto('blade_role_menu')
      .values(
        grant.map((menuId) => ({
          id: nextId(),
          tenant_id: PLATFORM_TENANT,
          role_id: role.id,
          menu_id: menuId,
        })),
      )
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
  }
  return String(role.id);
}

/** The platform's admin user with its dept and post, when missing. */
async function seedAdmin(trx: Trx, roleId: string, adminHash: string, audit: Audit): Promise<void> {
  const admin = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT)
    .where('account', '=', ADMIN_ACCOUNT)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (admin) return;
  const deptId = nextId();
  const postId = nextId();
  await trx
    .insertInto('blade_dept')
    .values({
      id: deptId,
      tenant_id: PLATFORM_TENANT,
      parent_id: 0,
      ancestors: '0',
      dept_category: 1,
      dept_name: '同心平台',
      full_name: '同心社区服务平台',
      sort: 1,
    })
    .execute();
  await trx
    .insertInto('blade_post')
    .values({
      id: postId,
      tenant_id: PLATFORM_TENANT,
      category: 1,
      post_code: 'admin',
      post_name: '平台管理员',
      sort: 1,
      ...audit,
    })
    .execute();
  await trx
    .insertInto('blade_user')
    .values({
      id: nextId(),
      tenant_id: PLATFORM_TENANT,
      code: 'admin',
      user_type: 1,
      account: ADMIN_ACCOUNT,
      password: adminHash,
      name: '管理员',
      real_name: '管理员',
      email: 'admin@tongxin.local',
      phone: '',
      sex: 1,
      role_id: roleId,
      dept_id: deptId,
      post_id: postId,
      ...audit,
    })
    .execute();
}

async function seedClient(trx: Trx, config: Config, audit: Record<string, unknown>) {
  const secret = hashClientSecret(config.clientSecret);
  const existing = await trx
    .selectFrom('blade_client')
    .select(['id', 'client_secret'])
    .where('client_id', '=', config.clientId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!existing) {
    await trx
      .insertInto('blade_client')
      .values({
        id: nextId(),
        client_id: config.clientId,
        client_secret: secret,
        scope: 'all',
        authorized_grant_types: 'refresh_token,password,captcha,social,authorization_code',
        access_token_validity: config.accessTokenSeconds,
        refresh_token_validity: config.refreshTokenSeconds,
        ...audit,
      })
      .execute();
  } else if (existing.client_secret !== secret) {
    // The configured secret is the source of truth for the configured client.
    await trx
      .updateTable('blade_client')
      .set({ client_secret: secret })
      .where('id', '=', existing.id as string)
      .execute();
  }
}

/** Inserts menus missing by code (depth first so parents exist); returns the ids added. */
async function seedMenuTree(
  trx: Trx,
  menus: SeedMenu[],
  parentId: string,
  known: Map<string, string>,
  parentRemote?: string,
): Promise<string[]> {
  const added: string[] = [];
  for (const m of menus) {
    let id = known.get(m.code);
    if (!id) {
      id = nextId();
      await trx
        .insertInto('blade_menu')
        .values({
          id,
          parent_id: parentId,
          code: m.code,
          name: m.name,
          name_en: m.nameEn,
          alias: m.alias ?? (m.category === 1 ? 'menu' : null),
          path: m.path || null,
          source: m.source ?? null,
          sort: m.sort,
          category: m.category,
          action: m.action ?? 0,
          is_open: m.isOpen ?? 1,
          remote: m.remote ?? null,
          // once per remote, on its root menu (the menus below it name the remote and no entry)
          remote_entry:
            m.category === 1 && m.remote && m.remote !== parentRemote
              ? `/remotes/${m.remote}/mf-manifest.json`
              : null,
        })
        .execute();
      added.push(id);
    }
    if (m.children?.length) added.push(...(await seedMenuTree(trx, m.children, id, known, m.remote)));
  }
  return added;
}

/** Platform dictionaries go to blade_dict; business ones to the tenant's blade_dict_biz. */
export async function seedDictionaries(trx: Trx, tenantId: string, onlyBiz = false): Promise<number> {
  let added = 0;
  for (const d of seedDicts) {
    if (onlyBiz && !d.biz) continue;
    const table = d.biz ? 'blade_dict_biz' : 'blade_dict';
    const tenant = d.biz ? { tenant_id: tenantId } : {};
    let headerQuery = trx
      .selectFrom(table)
      .select('id')
      .where('code', '=', d.code)
      .where('parent_id', '=', 0)
      .where('is_deleted', '=', 0);
    if (d.biz) headerQuery = headerQuery.where('tenant_id', '=', tenantId);
    const header = await headerQuery.executeTakeFirst();
    if (header) {
      await fillColors(trx, table, tenantId, d);
      continue;
    }
    const headerId = nextId();
    await trx
      .insertInto(table)
      .values({
        id: headerId,
        ...tenant,
        parent_id: 0,
        code: d.code,
        dict_key: '-1',
        dict_value: d.name,
        sort: 0,
      })
      .execute();
    await trx
      .insertInto(table)
      .values(
        d.items.map((item, i) => ({
          id: nextId(),
          ...tenant,
          parent_id: headerId,
          code: d.code,
          dict_key: item.key,
          dict_value: item.value,
          dict_value_bo: item.valueBo ?? null,
          sort: item.sort ?? i + 1,
          remark: item.remark ?? null,
          color: item.color ?? null,
        })),
      )
      .execute();
    added++;
  }
  return added;
}

/** The seeded tag colours of an existing dictionary's items that have none (databases seeded before the
 * colour column). */
async function fillColors(trx: Trx, table: string, tenantId: string, d: SeedDict): Promise<void> {
  for (const item of d.items) {
    if (!item.color) continue;
    let q = trx
      .updateTable(table)
      .set({ color: item.color })
      .where('code', '=', d.code)
      .where('dict_key', '=', item.key)
      .where('parent_id', '<>', 0)
      .where('color', 'is', null);
    if (d.biz) q = q.where('tenant_id', '=', tenantId);
    await q.execute();
  }
}

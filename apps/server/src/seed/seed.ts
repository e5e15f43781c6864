import type { Config } from '../config.js';
import { type Database, PLATFORM_TENANT, type Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { lockSeed } from '../db/migrate.js';
import { hashClientSecret, hashPassword, md5Hex } from '../auth/passwords.js';
import { PARAM_KEYS } from '@tongxin/resources';
import { formatDateTime } from '../util/datetime.js';
import { type SeedDict, seedDicts } from './data/dicts.js';
import { type SeedMenu, seedMenus } from './data/menus.js';
import { seedWorkflow } from './workflow-seed.js';

export const ADMIN_ACCOUNT = 'admin';
export const ADMIN_PASSWORD = 'admin';
export const ADMINISTRATOR_ALIAS = 'administrator';

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
    await seedAllTenantParams(trx, audit);
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

/** The declared parameters (param-keys.ts) a tenant keeps, as rows of its own with their default values,
 * so 参数管理 shows each with what it means; rows missing by key are added, none is changed. The platform
 * tenant gets every key (the platform-wide ones and its own values of the others); another tenant the
 * per-tenant keys. Those a deployment sets itself (map tiles, a Hikvision platform) start empty: the
 * features work without them until an administrator fills them in. */
export async function seedParams(trx: Trx, tenantId: string, audit: Audit = {}): Promise<void> {
  const keys = PARAM_KEYS.filter((p) => tenantId === PLATFORM_TENANT || p.scope === 'tenant');
  const present = new Set(
    (
      await trx
        .selectFrom('blade_param')
        .select('param_key')
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => String(r.param_key)),
  );
  const now = formatDateTime();
  const rows = keys
    .filter((p) => !present.has(p.key))
    .map((p) => ({
      id: nextId(),
      tenant_id: tenantId,
      param_name: p.name,
      param_key: p.key,
      param_value: p.defaultValue,
      remark: 'remark' in p ? p.remark : null,
      create_time: now,
      update_time: now,
      ...audit,
    }));
  if (rows.length) await trx.insertInto('blade_param').values(rows).execute();
}

/** seedParams for every live tenant (those created before parameters were per tenant included). */
async function seedAllTenantParams(trx: Trx, audit: Audit): Promise<void> {
  const tenants = await trx
    .selectFrom('blade_tenant')
    .select('tenant_id')
    .where('is_deleted', '=', 0)
    .execute();
  for (const t of tenants) await seedParams(trx, String(t.tenant_id), audit);
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

import { idCardCheckDigit } from '@tongxin/resources';
import { sql } from 'kysely';
import { type Database, type Db, PLATFORM_TENANT, type Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { lockSeed } from '../db/migrate.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';
import type { DomainModule } from '../engine/module.js';
import { formatDateTime } from '../util/datetime.js';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, seedDictionaries, seedParams } from './seed.js';

/**
 * Demo organisation for a fresh database, so every screen looks real: a county → street → community
 * dept tree in the platform tenant, posts, roles with menu grants, 34 staff accounts, and a second
 * tenant (100001, one street) with its own admin, users, business dictionaries and product package.
 *
 * Runs only when the platform tenant has no user but `admin` and no other tenant exists; otherwise it
 * does nothing. Content is fixed (ids and timestamps are not). Every demo account's password is
 * DEMO_PASSWORD; tenant 100001's `admin` uses ADMIN_PASSWORD.
 */
export const DEMO_TENANT = '100001';
export const DEMO_PASSWORD = '123456';

type Key = string;

interface DeptSeed {
  key: Key;
  name: string;
  fullName: string;
  category: 1 | 2 | 3; // dict org_category
  children?: DeptSeed[];
}

interface PostSeed {
  key: Key;
  name: string;
  category: 1 | 2 | 3 | 4; // dict post_category
}

/** A grant: the listed menu codes with everything under them, minus `exclude` subtrees and minus
 * buttons whose alias is in `withoutButtons`; ancestors of what remains are added. */
interface Grant {
  include: string[];
  exclude?: string[];
  withoutButtons?: string[];
}

interface RoleSeed {
  alias: string;
  name: string;
  sort: number;
  grant: Grant;
}

/** account, real name, sex (1 男 2 女), birthday, dept key, post keys, role aliases */
type UserSeed = [string, string, 1 | 2, string, Key, Key[], string[]];

const PLATFORM_ONLY = ['tool', 'tenant', 'tenantpackage', 'client'];
const TENANT_EXCLUDED = [
  ...PLATFORM_ONLY,
  'menu',
  'dict',
  'dict_vertical',
  'region',
  'data_scope',
  'api_scope',
  'log',
];

/** Staff roles see residents' personal data masked: revealing a record or exporting it whole stays with
 * the administrators (least privilege; a tenant may grant it to a role in 角色管理). */
const STAFF_WITHOUT = ['reveal', 'export_sensitive'];

const ROLE_SECRETARY: RoleSeed = {
  alias: 'secretary',
  name: '社区书记',
  sort: 3,
  grant: {
    include: ['party', 'community', 'work', 'statistics', 'user_view', 'dept_view', 'post_view'],
    withoutButtons: STAFF_WITHOUT,
  },
};
const ROLE_GRID: RoleSeed = {
  alias: 'grid',
  name: '网格员',
  sort: 4,
  grant: {
    include: ['household_manage', 'feedback', 'convenience', 'governance', 'safety', 'work'],
    withoutButtons: ['delete', ...STAFF_WITHOUT],
  },
};
const ROLE_VOLUNTEER: RoleSeed = {
  alias: 'volunteer_manager',
  name: '志愿者管理员',
  sort: 5,
  grant: { include: ['volunteer', 'solidarity', 'share', 'score', 'work'], withoutButtons: STAFF_WITHOUT },
};

/** The leave process's approver groups (BladeX's leave BPMN: candidateGroups boss and manager). */
const ROLE_BOSS: RoleSeed = {
  alias: 'boss',
  name: '分管领导',
  sort: 6,
  grant: { include: ['work'] },
};
const ROLE_MANAGER: RoleSeed = {
  alias: 'manager',
  name: '部门经理',
  sort: 7,
  grant: { include: ['work'] },
};

const PLATFORM_ROLES: RoleSeed[] = [
  {
    alias: 'admin',
    name: '平台管理员',
    sort: 2,
    grant: { include: ['party', 'community', 'workflow', 'system'], exclude: PLATFORM_ONLY },
  },
  ROLE_SECRETARY,
  ROLE_GRID,
  ROLE_VOLUNTEER,
  ROLE_BOSS,
  ROLE_MANAGER,
];

const TENANT_ADMIN_GRANT: Grant = {
  include: ['party', 'community', 'workflow', 'system'],
  exclude: TENANT_EXCLUDED,
};

const PLATFORM_DEPTS: DeptSeed = {
  key: 'county',
  name: '城关区',
  fullName: '拉萨市城关区',
  category: 1,
  children: [
    {
      key: 'jiri',
      name: '吉日街道',
      fullName: '拉萨市城关区吉日街道',
      category: 2,
      children: [
        { key: 'jiri_c', name: '吉日社区', fullName: '城关区吉日街道吉日社区', category: 3 },
        { key: 'remuqi', name: '热木其社区', fullName: '城关区吉日街道热木其社区', category: 3 },
        { key: 'xiasasu', name: '夏萨苏社区', fullName: '城关区吉日街道夏萨苏社区', category: 3 },
      ],
    },
    {
      key: 'zhaxi',
      name: '扎细街道',
      fullName: '拉萨市城关区扎细街道',
      category: 2,
      children: [
        { key: 'zhaxi_c', name: '扎细社区', fullName: '城关区扎细街道扎细社区', category: 3 },
        { key: 'sela', name: '色拉社区', fullName: '城关区扎细街道色拉社区', category: 3 },
      ],
    },
    {
      key: 'gongdelin',
      name: '公德林街道',
      fullName: '拉萨市城关区公德林街道',
      category: 2,
      children: [
        { key: 'lalu', name: '拉鲁社区', fullName: '城关区公德林街道拉鲁社区', category: 3 },
        { key: 'danjielin', name: '丹杰林社区', fullName: '城关区公德林街道丹杰林社区', category: 3 },
        { key: 'bayi', name: '八一社区', fullName: '城关区公德林街道八一社区', category: 3 },
      ],
    },
  ],
};

const PLATFORM_POSTS: PostSeed[] = [
  { key: 'leader', name: '分管领导', category: 1 },
  { key: 'cadre', name: '街道干部', category: 2 },
  { key: 'secretary', name: '社区书记', category: 2 },
  { key: 'director', name: '社区主任', category: 2 },
  { key: 'grid', name: '网格员', category: 3 },
  { key: 'volunteer', name: '志愿者管理员', category: 3 },
  { key: 'staff', name: '普通工作人员', category: 3 },
];

const PLATFORM_USERS: UserSeed[] = [
  ['wangjianguo', '王建国', 1, '1972-03-15', 'county', ['leader'], ['admin', 'boss']],
  ['cirenzhuoma', '次仁卓玛', 2, '1985-07-22', 'county', ['staff'], ['admin']],
  ['liuyang', '刘洋', 1, '1990-11-02', 'county', ['staff'], ['volunteer_manager']],
  ['zhaxidunzhu', '扎西顿珠', 1, '1978-05-09', 'jiri', ['cadre'], ['secretary', 'manager']],
  ['yangjinlamu', '央金拉姆', 2, '1992-01-18', 'jiri', ['volunteer'], ['volunteer_manager']],
  ['suolangwangdui', '索朗旺堆', 1, '1976-09-30', 'zhaxi', ['cadre'], ['secretary']],
  ['chenjing', '陈静', 2, '1991-04-12', 'zhaxi', ['volunteer'], ['volunteer_manager']],
  ['pingcuozhaxi', '平措扎西', 1, '1980-12-03', 'gongdelin', ['cadre'], ['secretary']],
  ['dejiyangzong', '德吉央宗', 2, '1993-06-26', 'gongdelin', ['volunteer'], ['volunteer_manager']],
  ['gesangmeiduo', '格桑梅朵', 2, '1982-02-14', 'jiri_c', ['secretary'], ['secretary']],
  ['nimaciren', '尼玛次仁', 1, '1988-08-08', 'jiri_c', ['grid'], ['grid']],
  ['zhangwei', '张伟', 1, '1994-10-21', 'jiri_c', ['grid'], ['grid']],
  ['baimaquzhen', '白玛曲珍', 2, '1979-11-11', 'remuqi', ['secretary'], ['secretary']],
  ['labaciren', '拉巴次仁', 1, '1990-03-03', 'remuqi', ['grid'], ['grid']],
  ['pubuzhuoma', '普布卓玛', 2, '1996-07-07', 'remuqi', ['grid'], ['grid']],
  ['danzengpingcuo', '旦增平措', 1, '1983-01-25', 'xiasasu', ['secretary', 'director'], ['secretary']],
  ['dawayangjin', '达瓦央金', 2, '1995-05-16', 'xiasasu', ['grid'], ['grid']],
  ['lixiuying', '李秀英', 2, '1987-09-09', 'xiasasu', ['staff'], ['grid']],
  ['qiangbaquzha', '强巴曲扎', 1, '1975-04-28', 'zhaxi_c', ['secretary'], ['secretary']],
  ['bianbadunzhu', '边巴顿珠', 1, '1991-12-12', 'zhaxi_c', ['grid'], ['grid']],
  ['maxiaoyan', '马晓燕', 2, '1993-02-20', 'zhaxi_c', ['grid'], ['grid']],
  ['luosangqunpei', '洛桑群培', 1, '1981-06-06', 'sela', ['secretary'], ['secretary']],
  ['mimacangjue', '米玛仓决', 2, '1994-08-19', 'sela', ['grid'], ['grid']],
  ['zhaolei', '赵磊', 1, '1989-10-10', 'sela', ['grid'], ['grid']],
  ['cidanduoji', '次旦多吉', 1, '1977-03-21', 'lalu', ['secretary'], ['secretary']],
  ['qiongda', '琼达', 2, '1992-11-27', 'lalu', ['grid'], ['grid']],
  ['zhouting', '周婷', 2, '1995-01-08', 'lalu', ['staff'], ['grid']],
  ['duojijiancan', '多吉坚参', 1, '1984-05-30', 'danjielin', ['secretary'], ['secretary']],
  ['gamadeji', '噶玛德吉', 2, '1990-09-14', 'danjielin', ['grid'], ['grid']],
  ['basangciren', '巴桑次仁', 1, '1997-04-04', 'danjielin', ['grid'], ['grid']],
  ['wuhaiyan', '吴海燕', 2, '1980-07-17', 'bayi', ['secretary', 'director'], ['secretary']],
  ['renzengwangmu', '仁增旺姆', 2, '1993-12-01', 'bayi', ['grid'], ['grid']],
  ['sunzhiqiang', '孙志强', 1, '1986-02-02', 'bayi', ['grid'], ['grid']],
  ['zhuoga', '卓嘎', 2, '1998-06-18', 'bayi', ['volunteer'], ['volunteer_manager', 'grid']],
];

const TENANT_DEPTS: DeptSeed = {
  key: 'street',
  name: '八廓街道',
  fullName: '拉萨市城关区八廓街道',
  category: 1,
  children: [
    { key: 'chongsaikang', name: '冲赛康社区', fullName: '八廓街道冲赛康社区', category: 3 },
    { key: 'lugu', name: '鲁固社区', fullName: '八廓街道鲁固社区', category: 3 },
    { key: 'jichong', name: '吉崇社区', fullName: '八廓街道吉崇社区', category: 3 },
  ],
};

const TENANT_POSTS: PostSeed[] = [
  { key: 'admin', name: '管理员', category: 1 },
  { key: 'secretary', name: '社区书记', category: 2 },
  { key: 'grid', name: '网格员', category: 3 },
];

const TENANT_USERS: UserSeed[] = [
  ['dawaciren', '达瓦次仁', 1, '1979-08-12', 'chongsaikang', ['secretary'], ['secretary']],
  ['sangjiezhuoma', '桑吉卓玛', 2, '1983-03-08', 'lugu', ['secretary'], ['secretary']],
  ['gesangciren', '格桑次仁', 1, '1992-05-05', 'chongsaikang', ['grid'], ['grid']],
  ['yangjin', '央金', 2, '1996-10-15', 'jichong', ['grid'], ['grid']],
];

const PHONE_PREFIXES = ['139', '138', '187', '159', '135', '182', '177', '189'];

/** A deterministic, well-formed mobile number for the i-th demo user. */
const phoneOf = (i: number) =>
  `${PHONE_PREFIXES[i % PHONE_PREFIXES.length]}${String((89012345 + i * 104729) % 100000000).padStart(8, '0')}`;

/** A well-formed 18-digit resident id (GB 11643 check digit) for a Lhasa Chengguan birth. */
export function idCardOf(birthday: string, sex: 1 | 2, i: number): string {
  const seq = ((i * 7) % 50) * 2 + (sex === 1 ? 1 : 0) + 100; // odd = male, even = female
  const body = `540102${birthday.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  return body + idCardCheckDigit(body);
}

interface MenuRow {
  id: string;
  parentId: string;
  code: string;
  category: number;
  alias: string | null;
}

/** Resolves a grant to menu ids against blade_menu; an unknown code is a programming error. */
function resolveGrant(menus: MenuRow[], grant: Grant): string[] {
  const byCode = new Map(menus.map((m) => [m.code, m]));
  const byId = new Map(menus.map((m) => [m.id, m]));
  const children = new Map<string, MenuRow[]>();
  for (const m of menus) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m]);
  const subtree = (code: string): MenuRow[] => {
    const root = byCode.get(code);
    if (!root) throw new Error(`demo seed: unknown menu code ${code}`);
    const out: MenuRow[] = [];
    const walk = (m: MenuRow) => {
      out.push(m);
      for (const c of children.get(m.id) ?? []) walk(c);
    };
    walk(root);
    return out;
  };
  const excluded = new Set((grant.exclude ?? []).flatMap(subtree).map((m) => m.id));
  const chosen = new Set<string>();
  for (const m of grant.include.flatMap(subtree)) {
    if (excluded.has(m.id)) continue;
    if (m.category === 2 && m.alias && grant.withoutButtons?.includes(m.alias)) continue;
    chosen.add(m.id);
  }
  for (const id of [...chosen]) {
    for (let p = byId.get(byId.get(id)!.parentId); p; p = byId.get(p.parentId)) chosen.add(p.id);
  }
  return [...chosen];
}

/** True when nothing but the base seed is there: no platform user besides admin, no other tenant. */
async function isFresh(q: Db): Promise<boolean> {
  const [users, tenants] = await Promise.all([
    q
      .selectFrom('blade_user')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', PLATFORM_TENANT)
      .where('account', '<>', ADMIN_ACCOUNT)
      .executeTakeFirst(),
    q
      .selectFrom('blade_tenant')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '<>', PLATFORM_TENANT)
      .executeTakeFirst(),
  ]);
  return Number(users?.n ?? 0) === 0 && Number(tenants?.n ?? 0) === 0;
}

/** Seeds the demo organisation into a fresh database (see the module comment), then each given domain's
 * part of the demo data (DomainModule.seedDemo), then their links across domains (DomainModule.linkDemo).
 * The caller hands the domains down (main.ts: domains/index.ts); the seed imports none. Idempotent. */
export async function seedDemo(
  db: Database,
  domains: readonly DomainModule[],
): Promise<{ created: boolean }> {
  if (!(await isFresh(db.kysely))) return { created: false };

  // Hash outside the transaction (argon2id is slow on purpose); one salt per account.
  const demoClientHash = md5Hex(DEMO_PASSWORD);
  const allUsers = [...PLATFORM_USERS, ...TENANT_USERS];
  const hashes = await Promise.all(allUsers.map(() => hashPassword(demoClientHash)));
  const tenantAdminHash = await hashPassword(md5Hex(ADMIN_PASSWORD));
  const hashOf = new Map(allUsers.map((u, i) => [u, hashes[i]!]));

  return db.kysely.transaction().execute(async (trx) => {
    // Concurrent seeders wait for each other; the second then sees the first's rows and adds nothing.
    await lockSeed(trx);
    if (!(await isFresh(trx))) return { created: false };
    const now = formatDateTime();
    const menus = (
      await trx
        .selectFrom('blade_menu')
        .select(['id', 'parent_id', 'code', 'category', 'alias'])
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r): MenuRow => ({
      id: String(r.id),
      parentId: String(r.parent_id),
      code: String(r.code),
      category: Number(r.category),
      alias: (r.alias as string | null) ?? null,
    }));
    const audit = (userId: string | null = null, deptId: string | null = null) => ({
      create_user: userId,
      create_dept: deptId,
      create_time: now,
      update_user: userId,
      update_time: now,
    });

    const platformAdmin = await trx
      .selectFrom('blade_user')
      .select(['id', 'dept_id'])
      .where('tenant_id', '=', PLATFORM_TENANT)
      .where('account', '=', ADMIN_ACCOUNT)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const creator = platformAdmin ? String(platformAdmin.id) : null;
    const creatorDept = platformAdmin?.dept_id ? String(platformAdmin.dept_id).split(',')[0]! : null;

    const standardPackage = await seedPackages(trx, menus, audit(creator, creatorDept));

    await seedOrganisation(trx, {
      tenantId: PLATFORM_TENANT,
      depts: PLATFORM_DEPTS,
      posts: PLATFORM_POSTS,
      roles: PLATFORM_ROLES.map((r) => ({ ...r, menuIds: resolveGrant(menus, r.grant) })),
      users: PLATFORM_USERS,
      hashOf,
      codePrefix: 'CG',
      phoneOffset: 0,
      rootSort: 2, // after the base seed's 同心平台
      audit: audit(creator, creatorDept),
    });

    await seedDemoTenant(trx, {
      menus,
      packageId: standardPackage,
      hashOf,
      tenantAdminHash,
      creatorAudit: audit(creator, creatorDept),
      tenantAudit: audit(),
    });
    const parts = { trx, tenantIds: [PLATFORM_TENANT, DEMO_TENANT] };
    for (const d of domains) await d.seedDemo?.(parts);
    for (const d of domains) await d.linkDemo?.(parts);
    return { created: true };
  });
}

/** The product packages (platform rows); returns the id of the standard one the demo tenant holds. */
async function seedPackages(trx: Trx, menus: MenuRow[], audit: Record<string, unknown>): Promise<string> {
  const standardPackage = nextId();
  await trx
    .insertInto('blade_tenant_package')
    .values([
      {
        id: standardPackage,
        package_name: '街道社区标准版',
        menu_id: resolveGrant(menus, TENANT_ADMIN_GRANT).join(','),
        remark: '党建、社区服务、流程与租户内系统管理',
        ...audit,
      },
      {
        id: nextId(),
        package_name: '党建基础版',
        menu_id: resolveGrant(menus, { include: ['party', 'work'] }).join(','),
        remark: '仅党建管理与我的事务',
        ...audit,
      },
    ])
    .execute();
  return standardPackage;
}

/** The second tenant (DEMO_TENANT, one street) with its organisation, its own admin and business
 * dictionaries. */
async function seedDemoTenant(
  trx: Trx,
  o: {
    menus: MenuRow[];
    packageId: string;
    hashOf: Map<UserSeed, string>;
    tenantAdminHash: string;
    /** audit columns of platform rows (the platform admin) and of the tenant's own rows (nobody) */
    creatorAudit: Record<string, unknown>;
    tenantAudit: Record<string, unknown>;
  },
): Promise<void> {
  const { menus, hashOf, tenantAdminHash } = o;
  await trx
    .insertInto('blade_tenant')
    .values({
      id: nextId(),
      tenant_id: DEMO_TENANT,
      tenant_name: '拉萨市城关区八廓街道',
      linkman: '达瓦次仁',
      contact_number: '0891-6320101',
      address: '西藏自治区拉萨市城关区八廓街道办事处',
      account_number: 100,
      package_id: o.packageId,
      ...o.creatorAudit,
    })
    .execute();
  const tenantOrg = await seedOrganisation(trx, {
    tenantId: DEMO_TENANT,
    depts: TENANT_DEPTS,
    posts: TENANT_POSTS,
    roles: [
      { alias: 'admin', name: '管理员', sort: 1, menuIds: resolveGrant(menus, TENANT_ADMIN_GRANT) },
      { ...ROLE_SECRETARY, menuIds: resolveGrant(menus, ROLE_SECRETARY.grant) },
      { ...ROLE_GRID, menuIds: resolveGrant(menus, ROLE_GRID.grant) },
    ],
    users: TENANT_USERS,
    hashOf,
    codePrefix: 'BK',
    phoneOffset: PLATFORM_USERS.length,
    rootSort: 1,
    audit: o.tenantAudit,
  });
  await trx
    .insertInto('blade_user')
    .values({
      id: nextId(),
      tenant_id: DEMO_TENANT,
      code: 'BK0000',
      user_type: 1,
      account: ADMIN_ACCOUNT,
      password: tenantAdminHash,
      name: '管理员',
      real_name: '管理员',
      email: `admin.${DEMO_TENANT}@tongxin.local`,
      phone: phoneOf(PLATFORM_USERS.length + TENANT_USERS.length),
      sex: 1,
      role_id: tenantOrg.roles.get('admin')!,
      dept_id: tenantOrg.depts.get('street')!,
      post_id: tenantOrg.posts.get('admin')!,
      ...o.tenantAudit,
    })
    .execute();
  await seedDictionaries(trx, DEMO_TENANT, true);
  await seedParams(trx, DEMO_TENANT, o.tenantAudit);
}

interface OrgInput {
  tenantId: string;
  depts: DeptSeed;
  posts: PostSeed[];
  roles: (Omit<RoleSeed, 'grant'> & { menuIds: string[] })[];
  users: UserSeed[];
  hashOf: Map<UserSeed, string>;
  codePrefix: string;
  phoneOffset: number;
  rootSort: number;
  audit: Record<string, unknown>;
}

/** Depts, posts, roles (with their menu grants) and users of one tenant; returns key → id maps. */
async function seedOrganisation(
  trx: Trx,
  o: OrgInput,
): Promise<{ depts: Map<Key, string>; posts: Map<Key, string>; roles: Map<string, string> }> {
  const depts = new Map<Key, string>();
  const deptRows: Record<string, unknown>[] = [];
  const walk = (d: DeptSeed, parentId: string, ancestors: string, sort: number) => {
    const id = nextId();
    depts.set(d.key, id);
    deptRows.push({
      id,
      tenant_id: o.tenantId,
      parent_id: parentId,
      ancestors,
      dept_category: d.category,
      dept_name: d.name,
      full_name: d.fullName,
      sort,
    });
    (d.children ?? []).forEach((c, i) => walk(c, id, `${ancestors},${id}`, i + 1));
  };
  walk(o.depts, '0', '0', o.rootSort);
  await trx.insertInto('blade_dept').values(deptRows).execute();

  const posts = new Map<Key, string>();
  await trx
    .insertInto('blade_post')
    .values(
      o.posts.map((p, i) => {
        const id = nextId();
        posts.set(p.key, id);
        return {
          id,
          tenant_id: o.tenantId,
          category: p.category,
          post_code: p.key,
          post_name: p.name,
          sort: i + 2,
          ...o.audit,
        };
      }),
    )
    .execute();

  const roles = new Map<string, string>();
  for (const r of o.roles) {
    const id = nextId();
    roles.set(r.alias, id);
    await trx
      .insertInto('blade_role')
      .values({
        id,
        tenant_id: o.tenantId,
        parent_id: 0,
        role_name: r.name,
        sort: r.sort,
        role_alias: r.alias,
      })
      .execute();
    if (r.menuIds.length) {
      await trx
        .insertInto('blade_role_menu')
        .values(
          r.menuIds.map((menuId) => ({ id: nextId(), tenant_id: o.tenantId, role_id: id, menu_id: menuId })),
        )
        .execute();
    }
  }

  const lookup = (map: Map<string, string>, keys: string[], what: string) =>
    keys
      .map((k) => {
        const id = map.get(k);
        if (!id) throw new Error(`demo seed: unknown ${what} ${k}`);
        return id;
      })
      .join(',');
  await trx
    .insertInto('blade_user')
    .values(
      o.users.map((u, i) => {
        const [account, realName, sex, birthday, dept, postKeys, roleAliases] = u;
        const n = o.phoneOffset + i;
        return {
          id: nextId(),
          tenant_id: o.tenantId,
          code: `${o.codePrefix}${String(i + 1).padStart(4, '0')}`,
          user_type: 1,
          account,
          password: o.hashOf.get(u)!,
          name: realName,
          real_name: realName,
          email: `${account}@tongxin.local`,
          phone: phoneOf(n),
          id_card: idCardOf(birthday, sex, n),
          birthday: `${birthday} 00:00:00`,
          sex,
          role_id: lookup(roles, roleAliases, 'role'),
          dept_id: lookup(depts, [dept], 'dept'),
          post_id: lookup(posts, postKeys, 'post'),
          ...o.audit,
        };
      }),
    )
    .execute();
  return { depts, posts, roles };
}

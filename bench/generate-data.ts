// The benchmark data set on PostgreSQL: 10 street-office tenants (opened through the real tenant API,
// so each gets its admin, role, root dept and dictionaries), their communities and grids, party
// members as users, and 党员值班 (app_party_duty) records — 1,000,000 in the busiest tenant.
//   pnpm --filter @tongxin/bench generate      (DATABASE_URL = admin connection, default local `test`)
// The database BENCH_DATABASE (default tongxin_bench) is dropped and made again.
//
// Why app_party_duty: it is the table that grows without bound (every member, every shift, every day)
// and a list screen (党员值班) pages, filters and exports it; login and the other screens read small
// tables. It has the value mix worth measuring: Chinese names, phones, dates, dept ids, long text.
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { buildApp } from '@tongxin/server/src/app.js';
import { md5Hex } from '@tongxin/server/src/auth/passwords.js';
import { loadConfig } from '@tongxin/server/src/config.js';
import { Database } from '@tongxin/server/src/db/database.js';
import { nextId } from '@tongxin/server/src/db/ids.js';
import { migrate } from '@tongxin/server/src/engine/schema/migrate.js';
import { seed } from '@tongxin/server/src/seed/seed.js';
import { benchUrl, BENCH_DB, BIG_TABLE, BUSIEST_TENANT_NAME, recreateDatabase } from './bench-db.js';
import {
  between,
  chineseName,
  COMMUNITIES,
  dutyContent,
  dutyPlace,
  idCard,
  mobile,
  pick,
  type Random,
  seededRandom,
  STREETS,
  wallDate,
  wallTime,
  weighted,
} from './fake-data.js';

export const BIG_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 20_000);
const BIG_USERS = 2_000;
const OTHER_USERS = 300;
const BATCH = 5_000;
const DAY = 86_400_000;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export type Column = readonly [name: string, type: string];

/** Multi-row insert, one statement per batch: each column travels as one JSON array (JSON.stringify is
 * several times faster than pg's array serialisation) and PostgreSQL unnests the columns side by side. */
export async function insertRows(
  pool: pg.Pool,
  table: string,
  columns: readonly Column[],
  rows: unknown[][],
) {
  const names = columns.map(([n]) => n).join(', ');
  const arrays = columns
    .map(([, type], i) => `array(select json_array_elements_text($${i + 1}::json))::${type}[]`)
    .join(', ');
  const text = `insert into ${table} (${names}) select * from unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const slice = rows.slice(start, start + BATCH);
    await pool.query(
      text,
      columns.map((_, i) => JSON.stringify(slice.map((r) => r[i] ?? null))),
    );
  }
}

interface Tenant {
  tenantId: string;
  name: string;
  adminId: string;
  rootDept: string;
}

interface Community {
  id: string;
  name: string;
  branch: string;
  grids: string[];
}

interface Member {
  id: string;
  name: string;
  phone: string;
}

/** Opens the tenants through the API as the platform administrator (what an operator would do). */
async function openTenants(db: Database): Promise<void> {
  const config = {
    ...loadConfig({ CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'error' } as NodeJS.ProcessEnv),
    staticRoot: '/nonexistent',
  };
  const { app } = await buildApp({ config, db, logger: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password&scope=all`,
      headers: { authorization: BASIC },
    });
    const token = (login.json() as { access_token?: string }).access_token;
    if (!token) throw new Error(`platform admin login failed: ${login.body}`);
    for (const [i, name] of STREETS.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/blade-system/tenant/submit',
        headers: { 'blade-auth': `bearer ${token}` },
        payload: {
          tenantName: name,
          linkman: chineseName(seededRandom(i + 1)),
          contactNumber: mobile(seededRandom(i + 100)),
          address: `示范市${name}办事处`,
          accountNumber: -1,
        },
      });
      if (res.statusCode !== 200) throw new Error(`opening tenant ${name}: ${res.body}`);
    }
  } finally {
    await app.close();
  }
}

async function readTenants(pool: pg.Pool): Promise<Tenant[]> {
  const { rows } = await pool.query<{
    tenant_id: string;
    tenant_name: string;
    admin_id: string;
    root: string;
  }>(
    `select t.tenant_id, t.tenant_name,
       (select id::text from blade_user u where u.tenant_id = t.tenant_id and u.account = 'admin') as admin_id,
       (select id::text from blade_dept d where d.tenant_id = t.tenant_id and d.parent_id = 0 limit 1) as root
     from blade_tenant t where t.tenant_name = any($1) order by t.tenant_name = $2 desc, t.tenant_id`,
    [STREETS, BUSIEST_TENANT_NAME],
  );
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    name: r.tenant_name,
    adminId: r.admin_id,
    rootDept: r.root,
  }));
}

/** Communities (社区) under the street's root dept, each with its 党支部 and four grids (网格). */
async function addDepts(pool: pg.Pool, t: Tenant): Promise<Community[]> {
  const rows: unknown[][] = [];
  const communities = COMMUNITIES.map((name, i) => {
    const id = nextId();
    rows.push([id, t.tenantId, t.rootDept, `0,${t.rootDept}`, 2, name, `${t.name}${name}`, i + 1]);
    const branch = nextId();
    rows.push([branch, t.tenantId, id, `0,${t.rootDept},${id}`, 3, `${name}党支部`, `${name}党支部`, 0]);
    const grids = [1, 2, 3, 4].map((g) => {
      const gid = nextId();
      rows.push([gid, t.tenantId, id, `0,${t.rootDept},${id}`, 3, `第${g}网格`, `${name}第${g}网格`, g]);
      return gid;
    });
    return { id, name, branch, grids };
  });
  await insertRows(
    pool,
    'blade_dept',
    [
      ['id', 'bigint'],
      ['tenant_id', 'varchar'],
      ['parent_id', 'bigint'],
      ['ancestors', 'varchar'],
      ['dept_category', 'int'],
      ['dept_name', 'varchar'],
      ['full_name', 'varchar'],
      ['sort', 'int'],
    ],
    rows,
  );
  return communities;
}

/** Party members as users: one shared password hash (argon2 per user would take hours). */
async function addMembers(
  pool: pg.Pool,
  t: Tenant,
  communities: Community[],
  count: number,
  passwordHash: string,
  random: Random,
): Promise<Member[]> {
  const roleId = nextId();
  const postId = nextId();
  const now = wallTime(new Date());
  await pool.query(
    `insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) values ($1, $2, 0, '党员', 2, 'member')`,
    [roleId, t.tenantId],
  );
  await pool.query(
    `insert into blade_post (id, tenant_id, category, post_code, post_name, sort, create_user, create_time, update_user, update_time)
     values ($1, $2, 2, 'member', '党员', 2, $3, $4, $3, $4)`,
    [postId, t.tenantId, t.adminId, now],
  );
  const members: Member[] = [];
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const id = nextId();
    const name = chineseName(random);
    const phone = mobile(random);
    const sex = random() < 0.52 ? 1 : 2;
    const birth = new Date(
      Date.UTC(between(random, 1945, 2003), between(random, 0, 11), between(random, 1, 28)),
    );
    const created = new Date(Date.now() - between(random, 30, 1500) * DAY);
    const community = pick(random, communities);
    members.push({ id, name, phone });
    rows.push([
      id,
      t.tenantId,
      `M${String(i + 1).padStart(6, '0')}`,
      2,
      `m${String(i + 1).padStart(6, '0')}`,
      passwordHash,
      name.slice(1),
      name,
      `${phone}@139.com`,
      phone,
      wallTime(birth),
      sex,
      roleId,
      pick(random, community.grids),
      postId,
      idCard(random, birth),
      t.adminId,
      t.rootDept,
      wallTime(created),
      t.adminId,
      wallTime(created),
    ]);
  }
  await insertRows(
    pool,
    'blade_user',
    [
      ['id', 'bigint'],
      ['tenant_id', 'varchar'],
      ['code', 'varchar'],
      ['user_type', 'int'],
      ['account', 'varchar'],
      ['password', 'varchar'],
      ['name', 'varchar'],
      ['real_name', 'varchar'],
      ['email', 'varchar'],
      ['phone', 'varchar'],
      ['birthday', 'timestamp'],
      ['sex', 'int'],
      ['role_id', 'varchar'],
      ['dept_id', 'varchar'],
      ['post_id', 'varchar'],
      ['id_card', 'varchar'],
      ['create_user', 'bigint'],
      ['create_dept', 'bigint'],
      ['create_time', 'timestamp'],
      ['update_user', 'bigint'],
      ['update_time', 'timestamp'],
    ],
    rows,
  );
  return members;
}

const DUTY_COLUMNS: readonly Column[] = [
  ['id', 'bigint'],
  ['tenant_id', 'varchar'],
  ['community_id', 'bigint'],
  ['party_dept_id', 'bigint'],
  ['duty_post', 'int'],
  ['duty_place', 'varchar'],
  ['duty_date', 'date'],
  ['shift', 'int'],
  ['start_time', 'timestamp'],
  ['end_time', 'timestamp'],
  ['party_archive_id', 'bigint'],
  ['member_name', 'varchar'],
  ['phone', 'varchar'],
  ['claim_type', 'int'],
  ['sign_in_time', 'timestamp'],
  ['sign_out_time', 'timestamp'],
  ['duty_content', 'varchar'],
  ['reception_num', 'int'],
  ['duty_status', 'int'],
  ['service_hours', 'numeric'],
  ['create_user', 'bigint'],
  ['create_dept', 'bigint'],
  ['create_time', 'timestamp'],
  ['update_user', 'bigint'],
  ['update_time', 'timestamp'],
  ['is_deleted', 'int'],
];

// Shift → [start hour, start minute, hours on duty]
const SHIFTS: Record<number, [number, number, number]> = {
  1: [8, 30, 3.5],
  2: [14, 0, 3.5],
  3: [8, 30, 8],
  4: [19, 0, 3],
};

/** Duty records spread over the last three years and the next two weeks, in date order (as they are
 * scheduled), with the status the date implies. Written in batches so memory stays flat. */
async function addDuties(
  pool: pg.Pool,
  t: Tenant,
  communities: Community[],
  members: Member[],
  count: number,
  random: Random,
): Promise<void> {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const last = today + 14 * DAY;
  const days = 1_110;
  const first = last - (days - 1) * DAY;
  let batch: unknown[][] = [];
  let pending: Promise<void> | undefined;
  for (let i = 0; i < count; i++) {
    const dayMs = first + Math.floor((i / count) * days) * DAY;
    const shift = weighted(random, [
      [1, 40],
      [2, 35],
      [3, 15],
      [4, 10],
    ] as const);
    const [hour, minute, hours] = SHIFTS[shift]!;
    const start = new Date(dayMs + (hour * 60 + minute) * 60_000);
    const end = new Date(start.getTime() + hours * 3_600_000);
    const status =
      dayMs < today
        ? weighted(random, [
            [2, 85],
            [3, 8],
            [4, 7],
          ] as const)
        : dayMs === today
          ? 1
          : random() < 0.03
            ? 4
            : 0;
    const done = status === 2;
    const community = pick(random, communities);
    const member = pick(random, members);
    const created = new Date(dayMs - between(random, 3, 20) * DAY + between(random, 9, 17) * 3_600_000);
    const signIn = done ? new Date(start.getTime() + between(random, -10, 15) * 60_000) : null;
    const signOut = done ? new Date(end.getTime() + between(random, -5, 20) * 60_000) : null;
    batch.push([
      nextId(),
      t.tenantId,
      community.id,
      random() < 0.7 ? community.branch : pick(random, community.grids),
      weighted(random, [
        [1, 40],
        [2, 25],
        [3, 10],
        [4, 20],
        [9, 5],
      ] as const),
      dutyPlace(random, community.name),
      wallDate(start),
      shift,
      wallTime(start),
      wallTime(end),
      member.id,
      member.name,
      member.phone,
      random() < 0.7 ? 1 : 2,
      signIn && wallTime(signIn),
      signOut && wallTime(signOut),
      done ? dutyContent(random) : null,
      done ? between(random, 0, 30) : null,
      status,
      done ? hours.toFixed(1) : null,
      t.adminId,
      t.rootDept,
      wallTime(created),
      t.adminId,
      wallTime(signOut ?? created),
      random() < 0.005 ? 1 : 0,
    ]);
    if (batch.length === BATCH * 4 || i === count - 1) {
      // One batch in flight while the next is made: PostgreSQL and value generation use both cores.
      await pending;
      pending = insertRows(pool, BIG_TABLE, DUTY_COLUMNS, batch);
      batch = [];
    }
  }
  await pending;
}

export async function generate(): Promise<void> {
  const started = Date.now();
  const step = (what: string) =>
    console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);
  console.log(`generating the bench data set in database ${BENCH_DB}`);
  await recreateDatabase();
  const db = await Database.open({ databaseUrl: benchUrl() });
  const pool = new pg.Pool({ connectionString: benchUrl(), max: 3 });
  try {
    await migrate(db);
    await seed(db, loadConfig({ CAPTCHA_ENABLED: 'false' } as NodeJS.ProcessEnv));
    // New tenants get the party and community screens too (the platform's tenant default menus, a
    // platform-wide parameter kept in tenant 000000).
    await pool.query(
      `update blade_param set param_value = param_value || ',party,community'
       where tenant_id = '000000' and param_key = 'tenant.default.menuCode' and is_deleted = 0`,
    );
    const changed = await pool.query(`select 1 from blade_param where param_key = 'tenant.default.menuCode'`);
    if (!changed.rowCount)
      await pool.query(
        `insert into blade_param (id, tenant_id, param_name, param_key, param_value, is_deleted)
         values ($1, '000000', '租户默认菜单', 'tenant.default.menuCode', $2, 0)`,
        [nextId(), 'desk,flow,work,monitor,resource,role,user,dept,dictbiz,topmenu,party,community'],
      );
    step('migrated and seeded');
    await openTenants(db);
    const tenants = await readTenants(pool);
    if (tenants.length !== STREETS.length || tenants[0]!.name !== BUSIEST_TENANT_NAME)
      throw new Error(`expected ${STREETS.length} tenants, found ${tenants.length}`);
    step(`${tenants.length} tenants opened through the tenant API`);
    const passwordHash = await hash(md5Hex('123456'), {
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
      algorithm: 2,
    });
    // The busiest tenant and the others are written side by side.
    const work = tenants.map((t, i) => async () => {
      const random = seededRandom(1000 + i);
      const busiest = i === 0;
      const communities = await addDepts(pool, t);
      const members = await addMembers(
        pool,
        t,
        communities,
        busiest ? BIG_USERS : OTHER_USERS,
        passwordHash,
        random,
      );
      await addDuties(pool, t, communities, members, busiest ? BIG_ROWS : OTHER_ROWS, random);
      step(
        `${t.name} (${t.tenantId}): ${busiest ? BIG_ROWS : OTHER_ROWS} duty records, ${members.length} members`,
      );
    });
    const [big, ...rest] = work;
    await Promise.all([
      big!(),
      (async () => {
        for (const w of rest) await w();
      })(),
    ]);
    await pool.query(`vacuum (analyze) ${BIG_TABLE}, blade_user, blade_dept`);
    step('vacuum analyze');
  } finally {
    await pool.end();
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  generate().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

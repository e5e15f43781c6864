// The community domain's share of the bench data set (issues 13 and 14), added to the busiest tenant of
// the existing bench database, each part only when missing (never touching the 党员值班 data):
// - 浏览记录 (app_browse_log): 1,000,000 views over three years by the tenant's members;
// - 积分流水 (app_score_flow): 1,000,000 ledger rows of the same members, balances consistent;
// - one questionnaire (问卷) with 10 questions and 10,000 submitted answer sheets (counters consistent).
//   pnpm --filter @tongxin/bench domain-data     (BENCH_DOMAIN_REGENERATE=1 makes the three again)
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { nextId } from '@tongxin/server/src/db/ids.js';
import { MONTHLY_SUMS_SQL } from '@tongxin/server/src/points/score-months.js';
import { benchUrl, readDataSet } from './bench-db.js';
import { addQuestionnaire, BENCH_QUESTIONNAIRE, SHEETS } from './domain-questionnaire.js';
import { between, pick, type Random, seededRandom, wallTime, weighted } from './fake-data.js';
import { type Column, insertRows } from './generate-data.js';

export const BROWSE_ROWS = Number(process.env.BENCH_BROWSE_ROWS ?? 1_000_000);
export const SCORE_ROWS = Number(process.env.BENCH_SCORE_ROWS ?? 1_000_000);
const DAYS = 1_110;
const DAY = 86_400_000;
const BATCH = 20_000;

export interface DomainMember {
  id: string;
  name: string;
  phone: string;
  communityId: string;
}

/** The tenant's party members (user_type 2) with the community their grid belongs to. */
export async function membersOf(pool: pg.Pool, tenantId: string): Promise<DomainMember[]> {
  const { rows } = await pool.query<{ id: string; name: string; phone: string; community: string }>(
    `select u.id::text, u.real_name as name, u.phone, d.parent_id::text as community
       from blade_user u join blade_dept d on d.id::text = u.dept_id
      where u.tenant_id = $1 and u.user_type = 2 and u.is_deleted = 0 order by u.id`,
    [tenantId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, communityId: r.community }));
}

/** A moment of day `d` of the span (0 = three years ago, DAYS - 1 = today), daytime-weighted. */
function momentOf(random: Random, firstDay: number, d: number): Date {
  const hour = weighted(random, [
    [7, 4],
    [8, 8],
    [9, 8],
    [10, 8],
    [11, 7],
    [12, 9],
    [13, 6],
    [14, 6],
    [15, 6],
    [16, 6],
    [17, 7],
    [18, 7],
    [19, 9],
    [20, 10],
    [21, 9],
    [22, 5],
    [23, 2],
  ] as const);
  return new Date(firstDay + d * DAY + hour * 3_600_000 + between(random, 0, 3599) * 1000);
}

const firstDayOfSpan = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (DAYS - 1) * DAY;
};

/** Rows in date order, written in batches with one insert in flight while the next batch is made. */
async function writeInOrder(
  pool: pg.Pool,
  table: string,
  columns: readonly Column[],
  count: number,
  row: (i: number, day: number) => unknown[],
): Promise<void> {
  let batch: unknown[][] = [];
  let pending: Promise<void> | undefined;
  for (let i = 0; i < count; i++) {
    batch.push(row(i, Math.floor((i / count) * DAYS)));
    if (batch.length === BATCH || i === count - 1) {
      await pending;
      pending = insertRows(pool, table, columns, batch);
      batch = [];
    }
  }
  await pending;
}

const TITLE_PARTS: Record<string, [string[], string[]]> = {
  info: [
    ['城关街道', '文化路社区', '滨河社区', '我市', '示范区'],
    [
      '开展垃圾分类宣传周活动',
      '老旧小区改造工程开工',
      '举办邻里节',
      '便民服务站正式启用',
      '冬季供暖温馨提示',
    ],
  ],
  notice: [
    ['关于', '关于做好', '关于开展'],
    ['2024年度党员民主评议的通知', '小区停水检修的通知', '消防安全大检查的通知', '居民医保缴费的通知'],
  ],
  study: [
    ['学习', '深入学习', '专题学习'],
    ['党的二十大精神', '党章党规', '新时代文明实践', '法治宣传读本'],
  ],
  partyActivity: [
    ['主题党日:', '党员志愿服务:'],
    ['重温入党誓词', '走访慰问困难群众', '清洁家园行动'],
  ],
  volunteer: [
    ['微志愿:', '志愿活动:'],
    ['助老送餐', '义务理发', '文明交通劝导', '社区图书角整理'],
  ],
  solidarity: [
    ['民族团结进步:', '各族群众一家亲:'],
    ['联谊晚会', '结对认亲', '民族团结知识竞赛'],
  ],
  discipline: [
    ['廉政', '纪检'],
    ['警示教育案例', '廉洁文化进社区', '八项规定精神解读'],
  ],
  partyActivityArticle: [['活动风采:'], ['七一表彰大会', '红色观影', '党史知识竞赛']],
  temple: [['寺庙介绍:'], ['大昭寺', '色拉寺', '哲蚌寺']],
  faq: [['常见问题:'], ['如何办理居住证', '如何申请低保', '如何预约社区服务']],
};

interface Target {
  type: string;
  id: string;
  title: string;
  sectionId: string | null;
}

/** 800 browsable items; popularity falls off like a Zipf law (a few items draw most views). */
function targetsOf(random: Random): [Target, number][] {
  return Array.from({ length: 800 }, (_, i) => {
    const type = weighted(random, [
      ['info', 40],
      ['notice', 20],
      ['study', 12],
      ['partyActivity', 8],
      ['volunteer', 7],
      ['solidarity', 4],
      ['discipline', 3],
      ['partyActivityArticle', 3],
      ['temple', 2],
      ['faq', 1],
    ] as const);
    const [a, b] = TITLE_PARTS[type]!;
    const target: Target = {
      type,
      id: nextId(),
      title: `${pick(random, a)}${pick(random, b)}(${i + 1})`,
      sectionId: type === 'info' || type === 'study' ? nextId() : null,
    };
    return [target, 1 / (i + 10)];
  });
}

const BROWSE_COLUMNS: readonly Column[] = [
  ['id', 'bigint'],
  ['tenant_id', 'varchar'],
  ['target_type', 'varchar'],
  ['target_id', 'bigint'],
  ['target_title', 'varchar'],
  ['section_id', 'bigint'],
  ['app_user_id', 'bigint'],
  ['community_id', 'bigint'],
  ['browse_time', 'timestamp'],
  ['duration_seconds', 'int'],
  ['client_type', 'int'],
  ['ip', 'varchar'],
  ['create_user', 'bigint'],
  ['create_dept', 'bigint'],
  ['create_time', 'timestamp'],
  ['update_user', 'bigint'],
  ['update_time', 'timestamp'],
  ['is_deleted', 'int'],
];

async function addBrowseLog(pool: pg.Pool, tenantId: string, members: DomainMember[]): Promise<void> {
  const random = seededRandom(4242);
  const targets = targetsOf(random);
  const first = firstDayOfSpan();
  await writeInOrder(pool, 'app_browse_log', BROWSE_COLUMNS, BROWSE_ROWS, (_i, day) => {
    const t = weighted(random, targets);
    const m = pick(random, members);
    const at = wallTime(momentOf(random, first, day));
    return [
      nextId(),
      tenantId,
      t.type,
      t.id,
      t.title,
      t.sectionId,
      m.id,
      m.communityId,
      at,
      between(random, 3, 600),
      weighted(random, [
        [1, 55],
        [2, 25],
        [3, 20],
      ] as const),
      `10.${between(random, 0, 255)}.${between(random, 0, 255)}.${between(random, 1, 254)}`,
      m.id,
      m.communityId,
      at,
      m.id,
      at,
      random() < 0.002 ? 1 : 0,
    ];
  });
}

const SCORE_COLUMNS: readonly Column[] = [
  ['id', 'bigint'],
  ['tenant_id', 'varchar'],
  ['app_user_id', 'bigint'],
  ['community_id', 'bigint'],
  ['direction', 'int'],
  ['score', 'int'],
  ['balance_after', 'int'],
  ['source_type', 'varchar'],
  ['source_id', 'bigint'],
  ['source_title', 'varchar'],
  ['flow_time', 'timestamp'],
  ['create_time', 'timestamp'],
  ['update_time', 'timestamp'],
];

// source → [weight, smallest, largest points] (negative: a debit)
const SOURCES: [string, number, number, number, string][] = [
  ['signIn', 35, 1, 2, '每日签到'],
  ['study', 20, 2, 2, '学习资料阅读'],
  ['volunteer', 14, 5, 10, '微志愿活动积分结算'],
  ['partyActivity', 8, 5, 5, '党员活动参与'],
  ['duty', 8, 3, 3, '党员值班'],
  ['questionnaire', 5, 2, 5, '问卷调查奖励'],
  ['snap', 3, 2, 2, '随手拍采纳'],
  ['advice', 1, 5, 5, '建议采纳'],
  ['exchange', 4, -100, -20, '积分兑换礼品'],
  ['penalty', 1, -5, -5, '活动缺席扣分'],
  ['adjust', 1, -10, 10, '管理员调整'],
];

/** The ledger in time order, so each member's balance_after runs on from their previous row; a debit
 * larger than the balance becomes a small credit (balances never go negative). */
async function addScoreFlow(pool: pg.Pool, tenantId: string, members: DomainMember[]): Promise<void> {
  const random = seededRandom(777);
  const balances = new Map<string, number>();
  const first = firstDayOfSpan();
  const table = SOURCES.map((s) => [s, s[1]] as const);
  await writeInOrder(pool, 'app_score_flow', SCORE_COLUMNS, SCORE_ROWS, (_i, day) => {
    const [source, , lo, hi, title] = weighted(random, table);
    const m = pick(random, members);
    const before = balances.get(m.id) ?? 0;
    let delta = between(random, lo, hi) || 1;
    if (before + delta < 0) delta = 1;
    balances.set(m.id, before + delta);
    const at = wallTime(momentOf(random, first, day));
    return [
      nextId(),
      tenantId,
      m.id,
      m.communityId,
      delta > 0 ? 1 : 2,
      Math.abs(delta),
      before + delta,
      source,
      source === 'signIn' ? null : nextId(),
      title,
      at,
      at,
      at,
    ];
  });
  // the monthly sums appendScore keeps (migration 0023 makes the table when the server first migrates)
  if ((await pool.query(`select to_regclass('app_score_month') as t`)).rows[0]?.t) {
    await pool.query(`delete from app_score_month where tenant_id = $1`, [tenantId]);
    await pool.query(MONTHLY_SUMS_SQL, [tenantId]);
    await pool.query(`vacuum (analyze) app_score_month`);
  }
}

/** The rollups a table's triggers keep up to date while its rows are written. */
const ROLLUPS: Record<string, string[]> = { app_browse_log: ['app_browse_day', 'app_browse_month'] };

const countOf = async (pool: pg.Pool, table: string, tenantId: string) =>
  Number(
    (await pool.query<{ n: string }>(`select count(*) as n from ${table} where tenant_id = $1`, [tenantId]))
      .rows[0]!.n,
  );

/** Adds whichever of the three parts is missing (or all with BENCH_DOMAIN_REGENERATE=1). */
export async function addDomainData(): Promise<void> {
  const dataSet = await readDataSet();
  if (!dataSet) throw new Error('no bench data set: run `pnpm --filter @tongxin/bench generate` first');
  const redo = Boolean(process.env.BENCH_DOMAIN_REGENERATE);
  const pool = new pg.Pool({ connectionString: benchUrl(), max: 3 });
  const started = Date.now();
  const step = (what: string) =>
    console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);
  try {
    const tenantId = dataSet.tenantId;
    const members = await membersOf(pool, tenantId);
    if (!members.length) throw new Error(`tenant ${tenantId} has no members`);
    const parts: [string, number, (p: pg.Pool, t: string, m: DomainMember[]) => Promise<void>][] = [
      ['app_browse_log', BROWSE_ROWS, addBrowseLog],
      ['app_score_flow', SCORE_ROWS, addScoreFlow],
    ];
    for (const [table, wanted, add] of parts) {
      const have = await countOf(pool, table, tenantId);
      if (have >= wanted && !redo) {
        step(`${table}: ${have.toLocaleString()} rows present`);
        continue;
      }
      await pool.query(`delete from ${table} where tenant_id = $1`, [tenantId]);
      await add(pool, tenantId, members);
      await pool.query(`vacuum (analyze) ${table}`);
      // the rollups the log's triggers keep (migrations/after-tables), once the server has migrated
      for (const rollup of ROLLUPS[table] ?? [])
        if ((await pool.query(`select to_regclass($1) as t`, [rollup])).rows[0]?.t)
          await pool.query(`vacuum (analyze) ${rollup}`);
      step(`${table}: ${wanted.toLocaleString()} rows added to ${dataSet.tenantName}`);
    }
    const sheets = await addQuestionnaire(pool, tenantId, members, redo);
    step(
      `questionnaire "${BENCH_QUESTIONNAIRE}": ${sheets.toLocaleString()} answer sheets (${SHEETS} wanted)`,
    );
  } finally {
    await pool.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  addDomainData().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

// One finished questionnaire of the busiest tenant with 10 questions (single and multiple choice, a text
// question, a rating) and SHEETS submitted answer sheets, written the way answering writes them: a 答卷
// per submission, a line per answered question, the options' selectNum and the answerNum counted.
import type pg from 'pg';
import { nextId } from '@tongxin/server/src/db/ids.js';
import { RECOUNT_SQL } from '@tongxin/server/src/domains/community/questionnaire-counters.js';
import type { DomainMember } from './domain-data.js';
import { between, pick, type Random, seededRandom, wallTime, weighted } from './fake-data.js';
import { insertRows } from './generate-data.js';

export const SHEETS = Number(process.env.BENCH_SHEETS ?? 10_000);
export const BENCH_QUESTIONNAIRE = '2025年度社区服务满意度调查';

type Kind = 1 | 2 | 3 | 4; // single, multiple, text, rating
const QUESTIONS: [Kind, string, string[]][] = [
  [1, '您的年龄段', ['18岁以下', '18-35岁', '36-59岁', '60岁及以上']],
  [1, '您在本社区居住了多久', ['不到1年', '1-5年', '5-10年', '10年以上']],
  [1, '您对社区环境卫生是否满意', ['很满意', '满意', '一般', '不满意']],
  [1, '您对社区安全巡查是否满意', ['很满意', '满意', '一般', '不满意']],
  [
    2,
    '您最常使用的社区服务(可多选)',
    ['便民服务大厅', '老年日间照料', '社区图书角', '文体活动室', '网格员上门'],
  ],
  [1, '您是否参加过社区志愿活动', ['经常参加', '偶尔参加', '从未参加']],
  [2, '您希望社区增加哪些活动(可多选)', ['健康讲座', '亲子活动', '法律咨询', '技能培训', '文艺演出']],
  [1, '您通过什么渠道了解社区通知', ['同心APP', '微信群', '公告栏', '网格员告知']],
  [3, '您对社区工作还有什么意见和建议', []],
  [4, '请为社区整体服务打分', []],
];
const SUGGESTIONS = [
  '希望增加小区停车位,晚上车辆乱停现象严重。',
  '建议在小区内多安装几盏路灯。',
  '老年活动室开放时间可以再长一些。',
  '垃圾分类宣传很好,希望继续坚持。',
  '网格员服务很热情,点赞!',
  '希望定期组织义诊活动。',
];

interface Written {
  questions: { id: string; kind: Kind; options: string[] }[];
  counts: Map<string, number>;
}

const count = (c: Map<string, number>, id: string) => c.set(id, (c.get(id) ?? 0) + 1);

/** One sheet's lines: every question except the text one (answered by one in three). */
function linesOf(
  random: Random,
  w: Written,
  ids: { sheet: string; q: string; tenant: string; user: string },
) {
  const lines: unknown[][] = [];
  for (const q of w.questions) {
    let optionIds: string | null = null;
    let text: string | null = null;
    let score: number | null = null;
    if (q.kind === 1) optionIds = pick(random, q.options);
    else if (q.kind === 2)
      optionIds = [
        ...new Set([pick(random, q.options), pick(random, q.options), pick(random, q.options)]),
      ].join(',');
    else if (q.kind === 3) {
      if (random() > 0.33) continue;
      text = pick(random, SUGGESTIONS);
    } else
      score = weighted(random, [
        [5, 45],
        [4, 35],
        [3, 12],
        [2, 5],
        [1, 3],
      ] as const);
    for (const o of optionIds?.split(',') ?? []) count(w.counts, o);
    lines.push([nextId(), ids.tenant, ids.sheet, ids.q, q.id, ids.user, optionIds, text, score]);
  }
  return lines;
}

async function design(pool: pg.Pool, tenantId: string, questionnaireId: string): Promise<Written> {
  const questions: Written['questions'] = [];
  const questionRows: unknown[][] = [];
  const optionRows: unknown[][] = [];
  for (const [i, [kind, title, options]] of QUESTIONS.entries()) {
    const id = nextId();
    questionRows.push([
      id,
      tenantId,
      questionnaireId,
      i + 1,
      kind,
      title,
      kind === 3 ? 0 : 1,
      kind === 2 ? 3 : null,
    ]);
    const ids = options.map((content, j) => {
      const oid = nextId();
      optionRows.push([oid, tenantId, id, questionnaireId, String.fromCharCode(65 + j), content, j + 1]);
      return oid;
    });
    questions.push({ id, kind, options: ids });
  }
  await insertRows(
    pool,
    'app_questionnaire_question',
    [
      ['id', 'bigint'],
      ['tenant_id', 'varchar'],
      ['questionnaire_id', 'bigint'],
      ['sort', 'int'],
      ['question_type', 'int'],
      ['title', 'varchar'],
      ['is_required', 'int'],
      ['max_select', 'int'],
    ],
    questionRows,
  );
  const optionColumns = [
    ['id', 'bigint'],
    ['tenant_id', 'varchar'],
    ['question_id', 'bigint'],
    ['questionnaire_id', 'bigint'],
    ['option_label', 'varchar'],
    ['content', 'varchar'],
    ['sort', 'int'],
  ] as const;
  await insertRows(pool, 'app_questionnaire_option', optionColumns, optionRows);
  return { questions, counts: new Map() };
}

/** Writes the questionnaire unless it is there with all its sheets; answers the sheets present. */
export async function addQuestionnaire(
  pool: pg.Pool,
  tenantId: string,
  members: DomainMember[],
  redo: boolean,
): Promise<number> {
  const existing = await pool.query<{ id: string; answer_num: number }>(
    `select id::text, answer_num from app_questionnaire where tenant_id = $1 and title = $2 and is_deleted = 0`,
    [tenantId, BENCH_QUESTIONNAIRE],
  );
  const found = existing.rows[0];
  if (found && found.answer_num >= SHEETS && !redo) return found.answer_num;
  for (const t of [
    'app_questionnaire_answer',
    'app_questionnaire_user',
    'app_questionnaire_option',
    'app_questionnaire_question',
  ])
    await pool.query(
      `delete from ${t} where questionnaire_id in (select id from app_questionnaire where tenant_id = $1 and title = $2)`,
      [tenantId, BENCH_QUESTIONNAIRE],
    );
  await pool.query(`delete from app_questionnaire where tenant_id = $1 and title = $2`, [
    tenantId,
    BENCH_QUESTIONNAIRE,
  ]);
  const random = seededRandom(99);
  const id = nextId();
  const startMs = Date.now() - 60 * 86_400_000;
  const endMs = Date.now() - 30 * 86_400_000;
  await pool.query(
    `insert into app_questionnaire (id, tenant_id, title, description, questionnaire_type, scope_type, start_time,
       end_time, is_anonymous, allow_repeat, score, questionnaire_status, question_num, answer_num, create_time, update_time)
     values ($1, $2, $3, '了解居民对社区各项服务的评价,持续改进社区工作。', 3, 0, $4, $5, 0, 1, 5, 3, $6, $7, $4, $5)`,
    [
      id,
      tenantId,
      BENCH_QUESTIONNAIRE,
      wallTime(new Date(startMs)),
      wallTime(new Date(endMs)),
      QUESTIONS.length,
      SHEETS,
    ],
  );
  const written = await design(pool, tenantId, id);
  const sheets: unknown[][] = [];
  const lines: unknown[][] = [];
  for (let i = 0; i < SHEETS; i++) {
    const m = pick(random, members);
    const sheet = nextId();
    const at = wallTime(new Date(startMs + Math.floor((i / SHEETS) * (endMs - startMs))));
    sheets.push([
      sheet,
      tenantId,
      id,
      m.id,
      m.name,
      m.phone,
      m.communityId,
      1,
      at,
      between(random, 40, 600),
      5,
      at,
      at,
    ]);
    lines.push(...linesOf(random, written, { sheet, q: id, tenant: tenantId, user: m.id }));
  }
  await insertRows(
    pool,
    'app_questionnaire_user',
    [
      ['id', 'bigint'],
      ['tenant_id', 'varchar'],
      ['questionnaire_id', 'bigint'],
      ['app_user_id', 'bigint'],
      ['name', 'varchar'],
      ['phone', 'varchar'],
      ['community_id', 'bigint'],
      ['answer_status', 'int'],
      ['submit_time', 'timestamp'],
      ['duration_seconds', 'int'],
      ['score_granted', 'int'],
      ['create_time', 'timestamp'],
      ['update_time', 'timestamp'],
    ],
    sheets,
  );
  await insertRows(
    pool,
    'app_questionnaire_answer',
    [
      ['id', 'bigint'],
      ['tenant_id', 'varchar'],
      ['questionnaire_user_id', 'bigint'],
      ['questionnaire_id', 'bigint'],
      ['question_id', 'bigint'],
      ['app_user_id', 'bigint'],
      ['option_ids', 'varchar'],
      ['answer_text', 'varchar'],
      ['answer_score', 'int'],
    ],
    lines,
  );
  for (const [option, n] of written.counts)
    await pool.query(`update app_questionnaire_option set select_num = $1 where id = $2`, [n, option]);
  await pool.query(RECOUNT_SQL, [id]);
  await pool.query(`vacuum (analyze) app_questionnaire_user, app_questionnaire_answer`);
  return SHEETS;
}

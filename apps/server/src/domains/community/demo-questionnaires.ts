/** Community A's demo questionnaires: one running and one ended, each answered by residents, with
 * every counter (answerNum, selectNum) equal to its answers. */
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { formatDateTime } from '../../util/datetime.js';
import { demoAudit, type Gen, type Resident } from './demo-residents.js';
import { recountQuestions } from './questionnaire-counters.js';
import { insertChunked } from './rows.js';

interface QuestionSeed {
  type: 1 | 2 | 3 | 4;
  title: string;
  options?: string[];
}

const SURVEYS: {
  title: string;
  type: number;
  running: boolean;
  answers: number;
  questions: QuestionSeed[];
}[] = [
  {
    title: '2026年社区服务满意度调查',
    type: 3,
    running: true,
    answers: 60,
    questions: [
      { type: 1, title: '您对社区整体服务是否满意?', options: ['非常满意', '满意', '一般', '不满意'] },
      {
        type: 2,
        title: '您最希望社区加强哪些服务?(可多选)',
        options: ['环境卫生', '治安巡逻', '文体活动', '养老服务', '便民服务'],
      },
      { type: 4, title: '请为社区工作人员的服务态度打分' },
      { type: 3, title: '您对社区工作还有哪些意见和建议?' },
    ],
  },
  {
    title: '民族团结进步创建知晓率调研',
    type: 2,
    running: false,
    answers: 30,
    questions: [
      { type: 1, title: '您是否了解民族团结进步创建活动?', options: ['非常了解', '了解一些', '不了解'] },
      {
        type: 1,
        title: '您参加过社区组织的民族团结活动吗?',
        options: ['经常参加', '偶尔参加', '没有参加过'],
      },
    ],
  },
];

const TEXTS = [
  '希望多组织文体活动',
  '楼道照明需要改善',
  '服务很好,继续保持',
  '建议增加双语宣传',
  '停车难问题希望解决',
];

type Question = QuestionSeed & { id: string; sort: number; optionIds: string[] };

/** The answer sheets and lines of `who`, and how often each option was chosen. */
function answersOf(
  tenantId: string,
  qid: string,
  questions: Question[],
  who: Resident[],
  g: Gen,
  now: string,
) {
  const selected = new Map<string, number>();
  const sheets: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  for (const r of who) {
    const sheetId = nextId();
    const submitted = formatDateTime(new Date(Date.now() - g.int(1, 20) * 86400_000));
    sheets.push({
      id: sheetId,
      tenant_id: tenantId,
      questionnaire_id: qid,
      app_user_id: r.userId,
      name: r.name,
      phone: r.phone,
      community_id: r.communityId,
      answer_status: 1,
      submit_time: submitted,
      duration_seconds: g.int(40, 400),
      score_granted: 0,
      ...demoAudit(now),
      create_user: r.userId,
    });
    for (const q of questions) {
      let optionIds: string[] = [];
      if (q.type === 1)
        optionIds = [
          q.optionIds[
            Math.min(q.optionIds.length - 1, Math.floor(g.next() * g.next() * q.optionIds.length * 1.6))
          ]!,
        ];
      if (q.type === 2) optionIds = q.optionIds.filter(() => g.next() < 0.4);
      if (q.type === 3 && g.next() < 0.5) continue;
      for (const o of optionIds) selected.set(o, (selected.get(o) ?? 0) + 1);
      lines.push({
        id: nextId(),
        tenant_id: tenantId,
        questionnaire_user_id: sheetId,
        questionnaire_id: qid,
        question_id: q.id,
        app_user_id: r.userId,
        option_ids: optionIds.join(',') || null,
        answer_text: q.type === 3 ? g.pick(TEXTS) : null,
        answer_score: q.type === 4 ? g.pick([3, 4, 4, 5, 5, 5]) : null,
        ...demoAudit(now),
        create_time: submitted,
      });
    }
  }
  return { selected, sheets, lines };
}

export async function seedQuestionnaires(
  trx: Trx,
  tenantId: string,
  residents: Resident[],
  g: Gen,
  now: string,
) {
  const mine = residents.filter((r) => r.tenantId === tenantId);
  if (!mine.length) return;
  for (const s of SURVEYS) {
    const qid = nextId();
    const questions = s.questions.map((q, i) => ({
      ...q,
      id: nextId(),
      sort: i + 1,
      optionIds: (q.options ?? []).map(() => nextId()),
    }));
    const { selected, sheets, lines } = answersOf(tenantId, qid, questions, mine.slice(0, s.answers), g, now);
    await trx
      .insertInto('app_questionnaire')
      .values({
        id: qid,
        tenant_id: tenantId,
        title: s.title,
        description: '感谢您抽出时间参与本次调查。',
        questionnaire_type: s.type,
        scope_type: 0,
        start_time: formatDateTime(new Date(Date.now() - 30 * 86400_000)),
        end_time: formatDateTime(new Date(Date.now() + (s.running ? 30 : -1) * 86400_000)),
        is_anonymous: 0,
        allow_repeat: 0,
        score: 5,
        questionnaire_status: s.running ? 2 : 3,
        question_num: questions.length,
        answer_num: sheets.length,
        ...demoAudit(now),
      })
      .execute();
    await insertChunked(
      trx,
      'app_questionnaire_question',
      questions.map((q) => ({
        id: q.id,
        tenant_id: tenantId,
        questionnaire_id: qid,
        question_type: q.type,
        title: q.title,
        is_required: q.type === 3 ? 0 : 1,
        sort: q.sort,
        score_max: q.type === 4 ? 5 : null,
        ...demoAudit(now),
      })),
    );
    await insertChunked(
      trx,
      'app_questionnaire_option',
      questions.flatMap((q) =>
        (q.options ?? []).map((content, i) => ({
          id: q.optionIds[i],
          tenant_id: tenantId,
          question_id: q.id,
          questionnaire_id: qid,
          option_label: 'ABCDEFG'[i],
          content,
          allow_input: 0,
          sort: i + 1,
          select_num: selected.get(q.optionIds[i]!) ?? 0,
          ...demoAudit(now),
        })),
      ),
    );
    await insertChunked(trx, 'app_questionnaire_user', sheets);
    await insertChunked(trx, 'app_questionnaire_answer', lines);
    await recountQuestions(trx, qid);
  }
}

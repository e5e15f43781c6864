/** A resident answers a questionnaire (docs/domain-model.md#答卷记录-questionnaireuser; the app's call): once,
 * unless repeats are allowed, only while it runs and only if the resident is in its audience; every required
 * question answered, options only of the question. One transaction writes the 答卷, its lines and the counters
 * (answerNum, the questions' and options' result counters: questionnaire-counters.ts). */
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, ok } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { effectiveStatus, Q_STATUS, Q_TYPE } from './questionnaire.js';
import { countSheet } from './questionnaire-counters.js';
import { auditColumns, idsOf } from './rows.js';

export interface AnswerInput {
  questionId: string;
  optionIds: string[];
  answerText: string | null;
  answerScore: number | null;
}

function readAnswers(body: Record<string, unknown>): AnswerInput[] {
  if (!Array.isArray(body.answers)) throw badRequest('请提交答题内容');
  return body.answers.map((raw) => {
    const a = (raw ?? {}) as Record<string, unknown>;
    const text = typeof a.answerText === 'string' ? a.answerText.trim() : '';
    if ([...text].length > 2000) throw badRequest('填写内容长度不能超过2000个字符');
    const score =
      a.answerScore === undefined || a.answerScore === null || a.answerScore === ''
        ? null
        : Number(a.answerScore);
    return {
      questionId: String(a.questionId ?? ''),
      optionIds: idsOf(Array.isArray(a.optionIds) ? a.optionIds.join(',') : a.optionIds),
      answerText: text || null,
      answerScore: score,
    };
  });
}

/** A questionnaire is answered only while it runs. */
export function assertRunning(q: Row): void {
  const status = effectiveStatus(q);
  if (status === Q_STATUS.notStarted) throw badRequest('问卷尚未开始');
  if (status !== Q_STATUS.running) throw badRequest('问卷已结束,不能再作答');
}

async function assertOpen(trx: Trx, user: AuthUser, q: Row): Promise<void> {
  assertRunning(q);
  const scope = Number(q.scope_type);
  if (scope === 4 && !idsOf(q.scope_user_ids).includes(user.userId))
    throw badRequest('您不在该问卷的调查范围内');
  if (scope === 1 && !user.deptIds.some((d) => idsOf(q.scope_community_ids).includes(d)))
    throw badRequest('您不在该问卷的调查范围内');
  if (Number(q.allow_repeat) === 1) return;
  const answered = await trx
    .selectFrom('app_questionnaire_user')
    .select('id')
    .where('questionnaire_id', '=', String(q.id))
    .where('app_user_id', '=', user.userId)
    .where('answer_status', '=', 1)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (answered) throw badRequest('您已提交过该问卷');
}

/** Whether an answer to the question says nothing (no option, no text, no score). */
export function isEmptyAnswer(q: Row, a: AnswerInput | undefined): boolean {
  const type = Number(q.question_type);
  return (
    !a ||
    (type <= Q_TYPE.multiple
      ? !a.optionIds.length
      : type === Q_TYPE.text
        ? !a.answerText
        : a.answerScore === null)
  );
}

/** Checks a (non-empty) answer against its question: options only of the question and as many as it
 * takes, a score within its range. */
export function checkAnswer(q: Row, options: Row[], a: AnswerInput): void {
  const type = Number(q.question_type);
  if (type <= Q_TYPE.multiple) {
    const own = new Set(
      options.filter((o) => String(o.question_id) === String(q.id)).map((o) => String(o.id)),
    );
    if (a.optionIds.some((id) => !own.has(id))) throw badRequest(`第${String(q.sort)}题的选项不属于该题`);
    if (type === Q_TYPE.single && a.optionIds.length > 1) throw badRequest(`第${String(q.sort)}题为单选题`);
    if (type === Q_TYPE.multiple && q.max_select && a.optionIds.length > Number(q.max_select))
      throw badRequest(`第${String(q.sort)}题最多选择${String(q.max_select)}项`);
  }
  if (type === Q_TYPE.rating) {
    const max = Number(q.score_max ?? 5);
    if (!Number.isInteger(a.answerScore) || a.answerScore! < 1 || a.answerScore! > max)
      throw badRequest(`第${String(q.sort)}题的评分须在1到${max}之间`);
  }
}

/** Checks each answer against its question; returns the lines to write. */
function checkAnswers(questions: Row[], options: Row[], answers: AnswerInput[]): AnswerInput[] {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  for (const a of answers)
    if (!questions.some((q) => String(q.id) === a.questionId)) throw badRequest('题目不属于该问卷');
  const lines: AnswerInput[] = [];
  for (const q of questions) {
    const a = byId.get(String(q.id));
    if (isEmptyAnswer(q, a)) {
      if (Number(q.is_required) === 1) throw badRequest(`第${String(q.sort)}题为必答题`);
      continue;
    }
    checkAnswer(q, options, a!);
    lines.push(a!);
  }
  return lines;
}

async function writeSheet(
  trx: Trx,
  user: AuthUser,
  q: Row,
  questions: Row[],
  lines: AnswerInput[],
  seconds: number | null,
): Promise<string> {
  const now = formatDateTime();
  const me = await trx
    .selectFrom('blade_user')
    .select(['real_name', 'phone', 'dept_id'])
    .where('id', '=', user.userId)
    .executeTakeFirst();
  const sheetId = nextId();
  const audit = auditColumns(user, now);
  await trx
    .insertInto('app_questionnaire_user')
    .values({
      id: sheetId,
      tenant_id: user.tenantId,
      questionnaire_id: String(q.id),
      app_user_id: user.userId,
      name: me?.real_name ?? null,
      phone: me?.phone ?? null,
      community_id: idsOf(me?.dept_id)[0] ?? null,
      answer_status: 1,
      submit_time: now,
      duration_seconds: seconds,
      score_granted: 0,
      version: 1,
      ...audit,
    })
    .execute();
  if (lines.length)
    await trx
      .insertInto('app_questionnaire_answer')
      .values(
        lines.map((a) => ({
          id: nextId(),
          tenant_id: user.tenantId,
          questionnaire_user_id: sheetId,
          questionnaire_id: String(q.id),
          question_id: a.questionId,
          app_user_id: user.userId,
          option_ids: a.optionIds.join(',') || null,
          answer_text: a.answerText,
          answer_score: a.answerScore,
          version: 1,
          ...audit,
        })),
      )
      .execute();
  await countSheet(trx, questions, lines);
  await trx
    .updateTable('app_questionnaire')
    .set((eb) => ({ answer_num: eb('answer_num', '+', 1) }))
    .where('id', '=', String(q.id))
    .execute();
  return sheetId;
}

export const answerQuestionnaire: VerbHandler = {
  access: { token: true },
  async handle(request, engine) {
    const user = requireUser(request);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const answers = readAnswers(body);
    const seconds = Number.isInteger(Number(body.durationSeconds)) ? Number(body.durationSeconds) : null;
    const questionnaireId = String(body.questionnaireId ?? '');
    if (!/^\d{1,19}$/.test(questionnaireId)) throw badRequest('问卷不存在');
    const id = await engine.ctx.db.tx({ tenantId: user.tenantId, allTenants: false }, async (trx) => {
      const q = await trx
        .selectFrom('app_questionnaire')
        .selectAll()
        .where('id', '=', questionnaireId)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .forUpdate()
        .executeTakeFirst();
      if (!q) throw badRequest('问卷不存在');
      await assertOpen(trx, user, q);
      const questions = await trx
        .selectFrom('app_questionnaire_question')
        .selectAll()
        .where('questionnaire_id', '=', String(q.id))
        .where('is_deleted', '=', 0)
        .orderBy('sort')
        .execute();
      const options = await trx
        .selectFrom('app_questionnaire_option')
        .select(['id', 'question_id'])
        .where('questionnaire_id', '=', String(q.id))
        .where('is_deleted', '=', 0)
        .execute();
      return writeSheet(trx, user, q, questions, checkAnswers(questions, options, answers), seconds);
    });
    return ok({ id }, '提交成功');
  },
};

/** 答题明细 written by hand (the standard submit and remove of app-questionaire-answer), within the rules
 * of answering (questionnaire-answer.ts): a line belongs to a submitted sheet, answers a question of that
 * sheet's questionnaire once, with the question's options and range, and only while the questionnaire
 * runs; its questionnaire and respondent are the sheet's. The result counters (questionnaire-counters.ts)
 * follow every added, changed or removed line in the same transaction, under the questionnaire's row
 * lock as an answer sheet's are. */
import type { Row, Trx } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';
import { type AnswerInput, assertRunning, checkAnswer, isEmptyAnswer } from './questionnaire-answer.js';
import { countLines } from './questionnaire-counters.js';
import { idsOf } from './rows.js';

const TABLE = 'app_questionnaire_answer';

/** The questionnaire (locked: its counters change) and its live questions and options. */
async function questionnaireOf(trx: Trx, tenantId: string, id: string) {
  const q = await trx
    .selectFrom('app_questionnaire')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!q) throw badRequest('问卷不存在');
  const questions = await trx
    .selectFrom('app_questionnaire_question')
    .selectAll()
    .where('questionnaire_id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
  const options = await trx
    .selectFrom('app_questionnaire_option')
    .select(['id', 'question_id'])
    .where('questionnaire_id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
  return { q, questions, options };
}

async function sheetOf(trx: Trx, tenantId: string, id: unknown): Promise<Row> {
  const sheet = await trx
    .selectFrom('app_questionnaire_user')
    .selectAll()
    .where('id', '=', String(id ?? ''))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!sheet) throw badRequest('答卷不存在');
  if (Number(sheet.answer_status) !== 1) throw badRequest('答卷尚未提交');
  return sheet;
}

const lineOf = (row: Record<string, unknown>): AnswerInput => ({
  questionId: String(row.question_id ?? ''),
  optionIds: idsOf(row.option_ids),
  answerText: row.answer_text ? String(row.answer_text) : null,
  answerScore: row.answer_score === null || row.answer_score === undefined ? null : Number(row.answer_score),
});

/** The questions as they are now (their score counts change with each counted line). */
const current = (trx: Trx, ids: string[]) =>
  trx.selectFrom('app_questionnaire_question').selectAll().where('id', 'in', ids).execute();

export const answerLineHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const merged = { ...existing, ...values };
    const sheet = await sheetOf(trx, user.tenantId, merged.questionnaire_user_id);
    if (existing && String(sheet.id) !== String(existing.questionnaire_user_id))
      throw badRequest('答题明细不能改换答卷');
    for (const [column, message] of [
      ['questionnaire_id', '答卷不属于该问卷'],
      ['app_user_id', '答题人与答卷不一致'],
    ] as const)
      if (
        values[column] !== undefined &&
        values[column] !== null &&
        String(values[column]) !== String(sheet[column])
      )
        throw badRequest(message);
    const { q, questions, options } = await questionnaireOf(
      trx,
      user.tenantId,
      String(sheet.questionnaire_id),
    );
    assertRunning(q);
    const question = questions.find((x) => String(x.id) === String(merged.question_id));
    if (!question) throw badRequest('题目不属于该问卷');
    const line = lineOf(merged);
    if (isEmptyAnswer(question, line)) throw badRequest(`请填写第${String(question.sort)}题的答案`);
    checkAnswer(question, options, line);
    let twin = trx
      .selectFrom(TABLE)
      .select('id')
      .where('questionnaire_user_id', '=', String(sheet.id))
      .where('question_id', '=', line.questionId)
      .where('is_deleted', '=', 0);
    if (existing) twin = twin.where('id', '<>', String(existing.id));
    if (await twin.executeTakeFirst()) throw badRequest(`第${String(question.sort)}题已作答`);
    Object.assign(values, { questionnaire_id: sheet.questionnaire_id, app_user_id: sheet.app_user_id });
    if (existing)
      await countLines(trx, await current(trx, [String(existing.question_id)]), [lineOf(existing)], -1);
    await countLines(trx, await current(trx, [line.questionId]), [line], 1);
  },
  async beforeRemove({ trx, user }, ids) {
    const lines = (await trx.selectFrom(TABLE).selectAll().where('id', 'in', ids).execute()) as Row[];
    for (const questionnaireId of new Set(lines.map((l) => String(l.questionnaire_id)))) {
      const { q } = await questionnaireOf(trx, user.tenantId, questionnaireId);
      assertRunning(q);
    }
    for (const l of lines)
      await countLines(trx, await current(trx, [String(l.question_id)]), [lineOf(l)], -1);
  },
};

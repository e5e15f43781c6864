/** 问卷 result counters: per question how many sheets answered it (`answer_num`), per rating question how
 * many gave each score (`score_nums`, comma-joined counts of 1..满分), per option how often it was chosen
 * (`select_num`). Written only in the transaction that writes an answer sheet, which holds the
 * questionnaire's row lock (FOR UPDATE) — answers to one questionnaire are serialised, so the counters
 * stay exact under concurrent answers. The results read them instead of scanning the answer lines. */
import { CompiledQuery } from 'kysely';
import type { Row, Trx } from '../../db/database.js';
import { Q_TYPE } from './questionnaire.js';

export interface CountedLine {
  questionId: string;
  optionIds: string[];
  answerScore: number | null;
}

/** The counts of scores 1..max held in `score_nums` (missing or extra places read as 0 / ignored). */
export function scoreCounts(scoreNums: unknown, max: number): number[] {
  const held = typeof scoreNums === 'string' && scoreNums ? scoreNums.split(',').map(Number) : [];
  return Array.from({ length: max }, (_, i) => (Number.isFinite(held[i]) ? held[i]! : 0));
}

const maxOf = (q: Row) => Number(q.score_max ?? 5);

/** Adds one sheet's lines to the counters. `questions` are the questionnaire's questions as read inside
 * this transaction after its row lock was taken (their `score_nums` are current). */
export const countSheet = (trx: Trx, questions: Row[], lines: CountedLine[]): Promise<void> =>
  countLines(trx, questions, lines, 1);

/** Adds (`sign` 1) or takes away (-1: a line removed, or the old state of a line changed) lines of
 * distinct questions to or from the counters; the same rules as `countSheet`. */
export async function countLines(
  trx: Trx,
  questions: Row[],
  lines: CountedLine[],
  sign: 1 | -1,
): Promise<void> {
  if (!lines.length) return;
  await trx
    .updateTable('app_questionnaire_question')
    .set((eb) => ({ answer_num: eb('answer_num', '+', sign) }))
    .where(
      'id',
      'in',
      lines.map((l) => l.questionId),
    )
    .execute();
  for (const line of lines) {
    const q = questions.find((x) => String(x.id) === line.questionId);
    if (!q || Number(q.question_type) !== Q_TYPE.rating || line.answerScore === null) continue;
    const counts = scoreCounts(q.score_nums, maxOf(q));
    counts[line.answerScore - 1] = Math.max(0, (counts[line.answerScore - 1] ?? 0) + sign);
    await trx
      .updateTable('app_questionnaire_question')
      .set({ score_nums: counts.join(',') })
      .where('id', '=', line.questionId)
      .execute();
  }
  const chosen = lines.flatMap((a) => a.optionIds);
  if (chosen.length)
    await trx
      .updateTable('app_questionnaire_option')
      .set((eb) => ({ select_num: eb('select_num', '+', sign) }))
      .where('id', 'in', chosen)
      .execute();
}

/** Sets one questionnaire's (`$1`) question counters from its answer lines: for rows written without
 * the answer path (the demo seed, the bench data). The migration's backfill is this for every question. */
export const RECOUNT_SQL = `
  update app_questionnaire_question q set
    answer_num = (select count(*) from app_questionnaire_answer a
                   where a.question_id = q.id and a.is_deleted = 0),
    score_nums = case when q.question_type = ${Q_TYPE.rating} then (
      select string_agg(coalesce(c.n, 0)::text, ',' order by s.i)
        from generate_series(1, coalesce(q.score_max, 5)) s(i)
        left join (select a.answer_score, count(*) n from app_questionnaire_answer a
                    where a.question_id = q.id and a.is_deleted = 0 group by a.answer_score) c
          on c.answer_score = s.i) end
  where q.questionnaire_id = $1`;

export async function recountQuestions(trx: Trx, questionnaireId: string): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(RECOUNT_SQL, [questionnaireId]));
}

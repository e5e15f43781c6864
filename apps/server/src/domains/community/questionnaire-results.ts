/** 问卷 results (docs/domain-model.md#问卷调查-questionnaire): per question the options with counts and percentages,
 * ratings with their average and distribution, the latest text answers; one person's answer sheet; and
 * a person's answers to one questionnaire; a sheet is shown only where the caller may see both it and its
 * questionnaire (their definitions' data scope). Read from the counters the answer path keeps
 * (questionnaire-counters.ts), so 10,000 answers cost what a few rows do; only the latest text answers
 * are read from the lines. Every query names the tenant:
 * row-level security alone (an OR of two settings) cannot use the (tenant_id, ...) indexes. */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { Row, Trx } from '../../db/database.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { rowToWire } from '../../util/case.js';
import { Q_TYPE } from './questionnaire.js';
import { scoreCounts } from './questionnaire-counters.js';
import { idsOf } from './rows.js';

const TEXT_SHOWN = 50;
/** The definition of the answer sheets (app_questionnaire_user). */
const SHEETS = 'questionnaireUser';

const idParam = (request: FastifyRequest, name: string): string => {
  const v = requestParams(request)[name] ?? '';
  if (!/^\d{1,19}$/.test(v)) throw badRequest(`缺少必要的请求参数: ${name}`);
  return v;
};

const percent = (n: number, of: number) => (of ? Math.round((n * 10000) / of) / 100 : 0);

async function questionsOf(trx: Trx, tenantId: string, questionnaireId: string) {
  const questions = await trx
    .selectFrom('app_questionnaire_question')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('questionnaire_id', '=', questionnaireId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const options = await trx
    .selectFrom('app_questionnaire_option')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('questionnaire_id', '=', questionnaireId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return { questions, options };
}

function ratingOf(counts: number[]) {
  const total = counts.reduce((s, n) => s + n, 0);
  const sum = counts.reduce((s, n, i) => s + n * (i + 1), 0);
  const distribution = counts.map((count, i) => ({ score: i + 1, count, percent: percent(count, total) }));
  return { average: total ? Math.round((sum * 100) / total) / 100 : 0, distribution };
}

interface OptionCount {
  optionId: string;
  optionLabel: unknown;
  content: unknown;
  count: number;
}

interface TextAnswer {
  answerText: unknown;
  name: unknown;
  createTime: unknown;
}

/** A question of a results page as its statement builds it. */
interface QuestionCounts {
  id: string;
  sort: unknown;
  title: unknown;
  questionType: unknown;
  answerNum: unknown;
  scoreNums: unknown;
  scoreMax: unknown;
  options: OptionCount[] | null;
  /** The latest TEXT_SHOWN text answers, newest first (text questions only). */
  texts: TextAnswer[] | null;
}

/** The questionnaire's questions as one JSON column of its own row: each with its options' counts (off
 * the (tenant, question) index) and, for a text question, its latest answers with the names of their
 * sheets (off the (tenant, question, id) index, newest first). The questionnaire, its questions and
 * their answers are one statement whatever the questions. */
function questionsColumn(table: string) {
  const tenant = sql.ref(`${table}.tenant_id`);
  const id = sql.ref(`${table}.id`);
  const counted = sql.join([Q_TYPE.single, Q_TYPE.multiple, Q_TYPE.rating].map((t) => sql`${t}`));
  const options = sql`(
    select json_agg(json_build_object('optionId', o.id::text, 'optionLabel', o.option_label,
                                      'content', o.content, 'count', o.select_num) order by o.sort, o.id)
      from app_questionnaire_option o
     where o.tenant_id = q.tenant_id and o.question_id = q.id and o.is_deleted = 0)`;
  const texts = sql`(
    select json_agg(json_build_object('answerText', a.answer_text, 'name', u.name,
                                      'createTime', a.create_time::text) order by a.id desc)
      from (select id, answer_text, create_time, questionnaire_user_id from app_questionnaire_answer
             where tenant_id = q.tenant_id and question_id = q.id and is_deleted = 0
               and answer_text is not null
             order by id desc limit ${TEXT_SHOWN}) a
      left join app_questionnaire_user u on u.tenant_id = q.tenant_id and u.id = a.questionnaire_user_id)`;
  return sql<QuestionCounts[] | string | null>`(
    select json_agg(json_build_object(
             'id', q.id::text, 'sort', q.sort, 'title', q.title, 'questionType', q.question_type,
             'answerNum', q.answer_num, 'scoreNums', q.score_nums, 'scoreMax', q.score_max,
             'options', ${options},
             'texts', case when q.question_type in (${counted}) then null else ${texts} end)
           order by q.sort, q.id)
      from app_questionnaire_question q
     where q.tenant_id = ${tenant} and q.questionnaire_id = ${id} and q.is_deleted = 0)`.as('questions');
}

const parsed = <T>(raw: T | string | null | undefined): T | null =>
  typeof raw === 'string' ? (JSON.parse(raw) as T) : (raw ?? null);

function resultOf(question: QuestionCounts, anonymous: boolean) {
  const type = Number(question.questionType);
  const n = Number(question.answerNum ?? 0);
  const base = {
    questionId: question.id,
    sort: question.sort,
    title: question.title,
    questionType: type,
    answerCount: n,
  };
  if (type === Q_TYPE.single || type === Q_TYPE.multiple)
    return {
      ...base,
      options: (question.options ?? []).map((o) => {
        const count = Number(o.count);
        return {
          optionId: o.optionId,
          optionLabel: o.optionLabel,
          content: o.content,
          count,
          percent: percent(count, n),
        };
      }),
    };
  if (type === Q_TYPE.rating)
    return { ...base, ...ratingOf(scoreCounts(question.scoreNums, Number(question.scoreMax ?? 5))) };
  const shown = question.texts ?? [];
  return { ...base, texts: anonymous ? shown.map((t) => ({ ...t, name: null })) : shown };
}

/** One questionnaire's results, question by question, from its row read with `questionsColumn`. */
export function resultsOf(q: Row) {
  const anonymous = Number(q.is_anonymous) === 1;
  return {
    id: String(q.id),
    title: q.title,
    answerNum: Number(q.answer_num),
    questionNum: Number(q.question_num),
    questions: (parsed(q.questions as QuestionCounts[] | string | null) ?? []).map((x) =>
      resultOf(x, anonymous),
    ),
  };
}

/** getResults?id=: the questionnaire through the resource's visibility (reads only: `engine.read`), its
 * results in the same statement. */
export const getResults: VerbHandler = {
  method: 'GET',
  access: { perm: ['questionnaire_result', 'questionnaire_view'] },
  async handle(request, engine) {
    const user = requireUser(request);
    const id = idParam(request, 'id');
    const results = await engine.read(user, async (_trx, base) => {
      const row = (await (
        await base()
      )
        .selectAll()
        .select(questionsColumn(engine.def.table))
        .where('id', '=', id)
        .executeTakeFirst()) as Row | undefined;
      if (!row) throw notFound();
      return resultsOf(row);
    });
    return ok(results);
  },
};

/** One person's sheet: the questions with what they chose and wrote. */
async function sheetOf(trx: Trx, sheet: Row) {
  const tenantId = String(sheet.tenant_id);
  const { questions, options } = await questionsOf(trx, tenantId, String(sheet.questionnaire_id));
  const lines = await trx
    .selectFrom('app_questionnaire_answer')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('questionnaire_user_id', '=', String(sheet.id))
    .where('is_deleted', '=', 0)
    .execute();
  return {
    ...rowToWire(sheet),
    answers: questions.map((q) => {
      const line = lines.find((l) => String(l.question_id) === String(q.id));
      const chosen = idsOf(line?.option_ids);
      return {
        questionId: String(q.id),
        sort: q.sort,
        title: q.title,
        questionType: Number(q.question_type),
        options: options
          .filter((o) => String(o.question_id) === String(q.id))
          .map((o) => ({
            optionId: String(o.id),
            optionLabel: o.option_label,
            content: o.content,
            checked: chosen.includes(String(o.id)),
          })),
        answerText: line?.answer_text ?? null,
        answerScore: line?.answer_score ?? null,
      };
    }),
  };
}

/** The answer sheets (the questionnaireUser definition's rows) the caller may see, of a questionnaire
 * they may see: both through their resources' data scope, as the sheets' and the questionnaires' lists. */
async function visibleSheets(trx: Trx, user: AuthUser, engine: ResourceEngine) {
  const questionnaires = (await engine.visibleQuery(trx, user)).select('id');
  return (await engine.ctx.resources.named(SHEETS).visibleQuery(trx, user))
    .selectAll()
    .where('questionnaire_id', 'in', questionnaires);
}

/** getResult2user?id=<答卷 id>: one answer sheet. Served on the questionnaire's path. */
export const getResult2user: VerbHandler = {
  method: 'GET',
  access: { perm: ['questionnaire_result', 'questionnaire_view', 'questionnaire_user_view'] },
  async handle(request, engine) {
    const user = requireUser(request);
    const id = idParam(request, 'id');
    return ok(
      await engine.read(user, async (trx) => {
        const sheet = await (await visibleSheets(trx, user, engine)).where('id', '=', id).executeTakeFirst();
        if (!sheet) throw notFound();
        return sheetOf(trx, sheet as Row);
      }),
    );
  },
};

/** listByQuestionIdAndUserId?questionnaireId=&userId=: a person's sheets of one questionnaire (a
 * questionnaire the caller may not see is not found). */
export const listByQuestionIdAndUserId: VerbHandler = {
  method: 'GET',
  access: { perm: ['questionnaire_view', 'questionnaire_user_view'] },
  async handle(request, engine) {
    const params = requestParams(request);
    const questionnaireId = idParam(request, params.questionnaireId ? 'questionnaireId' : 'id');
    const userId = idParam(request, 'userId');
    const user = requireUser(request);
    return ok(
      await engine.read(user, async (trx) => {
        if (!(await engine.visibleRow(trx, user, questionnaireId))) throw notFound();
        const sheets = (await (
          await visibleSheets(trx, user, engine)
        )
          .where('questionnaire_id', '=', questionnaireId)
          .where('app_user_id', '=', userId)
          .orderBy('submit_time', 'desc')
          .execute()) as Row[];
        return Promise.all(sheets.map((s) => sheetOf(trx, s)));
      }),
    );
  },
};

/** 问卷 results (domain model §9.5 results API): per question the options with counts and percentages,
 * ratings with their average and distribution, the latest text answers; one person's answer sheet; and
 * a person's answers to one questionnaire. Read from the counters the answer path keeps
 * (questionnaire-counters.ts), so 10,000 answers cost what a few rows do; only the latest text answers
 * are read from the lines. Every query names the tenant:
 * row-level security alone (an OR of two settings) cannot use the (tenant_id, ...) indexes. */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { rowToWire } from '../../util/case.js';
import { Q_TYPE } from './questionnaire.js';
import { scoreCounts } from './questionnaire-counters.js';
import { idsOf } from './rows.js';

const TEXT_SHOWN = 50;

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

/** The questions of a results page with their options' counts, in one statement (the options as a JSON
 * array per question, off the (tenant, question) index). */
async function questionsWithCounts(trx: Trx, tenantId: string, questionnaireId: string) {
  const { rows } = await sql<{
    id: unknown;
    sort: unknown;
    title: unknown;
    question_type: unknown;
    answer_num: unknown;
    score_nums: unknown;
    score_max: unknown;
    options: OptionCount[] | string | null;
  }>`
    select q.id, q.sort, q.title, q.question_type, q.answer_num, q.score_nums, q.score_max,
           (select json_agg(json_build_object('optionId', o.id::text, 'optionLabel', o.option_label,
                                              'content', o.content, 'count', o.select_num)
                            order by o.sort, o.id)
              from app_questionnaire_option o
             where o.tenant_id = ${tenantId} and o.question_id = q.id and o.is_deleted = 0) as options
      from app_questionnaire_question q
     where q.tenant_id = ${tenantId} and q.questionnaire_id = ${questionnaireId} and q.is_deleted = 0
     order by q.sort, q.id`.execute(trx);
  return rows.map((r) => ({
    ...r,
    options: (typeof r.options === 'string' ? JSON.parse(r.options) : (r.options ?? [])) as OptionCount[],
  }));
}

interface TextAnswer {
  answerText: unknown;
  name: unknown;
  createTime: unknown;
}

/** The latest text answers of each of `questionIds` (off the (tenant, question, id) index, newest first)
 * with the names of their sheets, in one statement. */
async function textsOf(
  trx: Trx,
  tenantId: string,
  questionIds: string[],
): Promise<Map<string, TextAnswer[]>> {
  const byQuestion = new Map<string, TextAnswer[]>(questionIds.map((id) => [id, []]));
  if (!questionIds.length) return byQuestion;
  const asked = sql.join(questionIds.map((id, i) => sql`(${i}, ${id}::bigint)`));
  const { rows } = await sql<{ qid: unknown; answer_text: unknown; create_time: unknown; name: unknown }>`
    select t.qid::text as qid, a.answer_text, a.create_time, u.name
      from (values ${asked}) as t(ord, qid)
      cross join lateral (
        select id, answer_text, create_time, questionnaire_user_id from app_questionnaire_answer
         where tenant_id = ${tenantId} and question_id = t.qid and is_deleted = 0 and answer_text is not null
         order by id desc limit ${TEXT_SHOWN}) a
      left join app_questionnaire_user u on u.tenant_id = ${tenantId} and u.id = a.questionnaire_user_id
     order by t.ord, a.id desc`.execute(trx);
  for (const r of rows)
    byQuestion
      .get(String(r.qid))
      ?.push({ answerText: r.answer_text, name: r.name ?? null, createTime: r.create_time });
  return byQuestion;
}

/** One questionnaire's results, question by question: two statements whatever the questions. */
export async function resultsOf(trx: Trx, q: Row) {
  const id = String(q.id);
  const tenantId = String(q.tenant_id);
  const questions = await questionsWithCounts(trx, tenantId, id);
  const isText = (type: number) =>
    type !== Q_TYPE.single && type !== Q_TYPE.multiple && type !== Q_TYPE.rating;
  const texts = await textsOf(
    trx,
    tenantId,
    questions.filter((x) => isText(Number(x.question_type))).map((x) => String(x.id)),
  );
  const anonymous = Number(q.is_anonymous) === 1;
  const out = questions.map((question) => {
    const qid = String(question.id);
    const type = Number(question.question_type);
    const n = Number(question.answer_num ?? 0);
    const base = {
      questionId: qid,
      sort: question.sort,
      title: question.title,
      questionType: type,
      answerCount: n,
    };
    if (type === Q_TYPE.single || type === Q_TYPE.multiple)
      return {
        ...base,
        options: question.options.map((o) => {
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
      return { ...base, ...ratingOf(scoreCounts(question.score_nums, Number(question.score_max ?? 5))) };
    const shown = texts.get(qid) ?? [];
    return { ...base, texts: anonymous ? shown.map((t) => ({ ...t, name: null })) : shown };
  });
  return {
    id,
    title: q.title,
    answerNum: Number(q.answer_num),
    questionNum: Number(q.question_num),
    questions: out,
  };
}

/** The questionnaire named by `id` through the resource's visibility (reads only: `engine.read`). */
async function visible(
  engine: ResourceEngine,
  request: FastifyRequest,
  param: string,
  fn: (trx: Trx, row: Row) => Promise<unknown>,
) {
  const user = requireUser(request);
  const id = idParam(request, param);
  return engine.read(user, async (trx, base) => {
    const row = (await (await base()).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw badRequest('数据不存在或已被删除');
    return fn(trx, row);
  });
}

export const getResults: VerbHandler = {
  method: 'GET',
  access: { perm: ['questionnaire_result', 'questionnaire_view'] },
  handle: async (request, engine) => ok(await visible(engine, request, 'id', (trx, q) => resultsOf(trx, q))),
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

/** getResult2user?id=<答卷 id>: one answer sheet. Served on the questionnaire's path. */
export const getResult2user: VerbHandler = {
  method: 'GET',
  access: { perm: ['questionnaire_result', 'questionnaire_view', 'questionnaire_user_view'] },
  async handle(request, engine) {
    const user = requireUser(request);
    const id = idParam(request, 'id');
    return ok(
      await engine.read(user, async (trx) => {
        const sheet = await trx
          .selectFrom('app_questionnaire_user')
          .selectAll()
          .where('id', '=', id)
          .where('tenant_id', '=', user.tenantId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!sheet) throw badRequest('数据不存在或已被删除');
        return sheetOf(trx, sheet);
      }),
    );
  },
};

/** listByQuestionIdAndUserId?questionnaireId=&userId=: a person's sheets of one questionnaire. */
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
        const sheets = await trx
          .selectFrom('app_questionnaire_user')
          .selectAll()
          .where('questionnaire_id', '=', questionnaireId)
          .where('app_user_id', '=', userId)
          .where('tenant_id', '=', user.tenantId)
          .where('is_deleted', '=', 0)
          .orderBy('submit_time', 'desc')
          .execute();
        return Promise.all(sheets.map((s) => sheetOf(trx, s)));
      }),
    );
  },
};

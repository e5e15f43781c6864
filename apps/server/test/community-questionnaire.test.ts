import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountQuestions } from '../src/domains/community/questionnaire-counters.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 问卷调查: designed in draft, published, answered through the API by residents (once, while it runs,
// options only of their question), results counted; bad input refused with nothing written.
let s: TestServer;
let admin: string;
const residents: { token: string; userId: string }[] = [];
const Q = '/api/app-questionaire/questionaire';
const QUESTION = '/api/app-questionaire-question/questionairequestion';
const OPTION = '/api/app-questionaire-option/questionaireoption';
const SHEET = '/api/app-questionaire2user/questionaire2user';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  for (const account of ['resident1', 'resident2', 'resident3']) {
    const { userId } = await addTenantWithUser(s.db, { tenantId: '000000', account, menuCodes: [] });
    await s.db.kysely.updateTable('blade_user').set({ user_type: 2 }).where('id', '=', userId).execute();
    residents.push({ token: await login(s.app, { account, password: 'secret' }), userId });
  }
});
afterAll(() => s.close());

const post = (url: string, body: unknown, token = admin) => call(s.app, token, 'POST', url, body);
const idOf = async (res: Promise<{ json: () => { data: { id: string } } }>) => (await res).json().data.id;

async function design(title: string, allowRepeat = 0) {
  const id = await idOf(
    post(`${Q}/save`, {
      title,
      allowRepeat,
      questionnaireType: 1,
      scopeType: 0,
      startTime: '2020-01-01 00:00:00',
      endTime: '2099-01-01 00:00:00',
    }),
  );
  const single = await idOf(
    post(`${QUESTION}/submit`, {
      questionnaireId: id,
      sort: 1,
      questionType: 1,
      title: '您对社区服务满意吗',
      isRequired: 1,
    }),
  );
  const options = [];
  for (const [i, content] of ['满意', '一般', '不满意'].entries())
    options.push(
      await idOf(post(`${OPTION}/submit`, { questionId: single, optionLabel: 'ABC'[i], content, sort: i })),
    );
  const rating = await idOf(
    post(`${QUESTION}/submit`, {
      questionnaireId: id,
      sort: 2,
      questionType: 4,
      title: '请打分',
      isRequired: 1,
      scoreMax: 5,
    }),
  );
  const text = await idOf(
    post(`${QUESTION}/submit`, {
      questionnaireId: id,
      sort: 3,
      questionType: 3,
      title: '意见',
      isRequired: 0,
    }),
  );
  return { id, single, options, rating, text };
}

describe('questionnaire', () => {
  let q: Awaited<ReturnType<typeof design>>;

  it('is published only when complete, then its questions are frozen', async () => {
    q = await design('社区满意度调查');
    const empty = await idOf(
      post(`${Q}/save`, {
        title: '空问卷',
        questionnaireType: 1,
        scopeType: 0,
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
      }),
    );
    const refused = await post(`${Q}/publish?ids=${empty}`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('「空问卷」还没有题目');
    const res = await post(`${Q}/publish?ids=${q.id}`, {});
    expect(res.json().msg, res.body).toBe('发布成功');
    const detail = (await call(s.app, admin, 'GET', `${Q}/detail?id=${q.id}`)).json().data;
    expect(detail.questionnaireStatus).toBe(2);
    expect(detail.questionNum).toBe(3);
    const late = await post(`${QUESTION}/submit`, {
      questionnaireId: q.id,
      sort: 4,
      questionType: 3,
      title: '再加一题',
      isRequired: 0,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('问卷已发布,题目和选项不能再修改');
  });

  it('refuses an option of a question of another questionnaire', async () => {
    const other = await design('另一份问卷');
    const res = await post(`${OPTION}/submit`, {
      ...(await call(s.app, admin, 'GET', `${OPTION}/detail?id=${other.options[0]}`)).json().data,
      questionId: q.single,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('选项只能属于本问卷的题目');
  });

  it('takes one answer per resident and counts the results', async () => {
    const choices = [0, 0, 1];
    for (const [i, r] of residents.entries()) {
      const res = await post(
        `${SHEET}/answer`,
        {
          questionnaireId: q.id,
          answers: [
            { questionId: q.single, optionIds: [q.options[choices[i]!]] },
            { questionId: q.rating, answerScore: 5 - i },
            { questionId: q.text, answerText: `建议${i}` },
          ],
        },
        r.token,
      );
      expect(res.json().msg, res.body).toBe('提交成功');
    }
    const twice = await post(
      `${SHEET}/answer`,
      {
        questionnaireId: q.id,
        answers: [
          { questionId: q.single, optionIds: [q.options[0]] },
          { questionId: q.rating, answerScore: 3 },
        ],
      },
      residents[0]!.token,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('您已提交过该问卷');
    const results = (await call(s.app, admin, 'GET', `${Q}/getResults?id=${q.id}`)).json().data;
    expect(results.answerNum).toBe(3);
    const [single, rating, text] = results.questions;
    expect(single.options.map((o: { count: number }) => o.count)).toEqual([2, 1, 0]);
    expect(single.options[0].percent).toBe(66.67);
    expect(rating.average).toBe(4);
    expect(text.texts).toHaveLength(3);
    expect(rating.answerCount).toBe(3);
    expect(rating.distribution.map((d: { count: number }) => d.count)).toEqual([0, 0, 1, 1, 1]);
    const sheets = (await call(s.app, admin, 'GET', `${SHEET}/page?questionnaireId_equal=${q.id}`)).json()
      .data;
    expect(sheets.total).toBe(3);
    // each text answer carries the name on its own sheet (the questionnaire is not anonymous)
    const nameOf = new Map(
      (sheets.records as { appUserId: string; name: string }[]).map((r) => [r.appUserId, r.name]),
    );
    const texts = text.texts as { answerText: string; name: string | null; createTime: string }[];
    // newest first, answered in this order
    expect(texts.map((t) => t.answerText)).toEqual(['建议2', '建议1', '建议0']);
    for (const t of texts) {
      const i = Number(t.answerText.slice(2));
      expect(t.name).toBe(nameOf.get(residents[i]!.userId));
      expect(t.name).toBeTruthy();
      expect(t.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    const sheet = (await call(s.app, admin, 'GET', `${Q}/getResult2user?id=${sheets.records[0].id}`)).json()
      .data;
    expect(sheet.answers).toHaveLength(3);
    // the answers as an Excel sheet: a header and one line per answered question
    const exported = await call(
      s.app,
      admin,
      'GET',
      `/api/app-questionaire-answer/questionaireanswer/export?questionnaireId_equal=${q.id}`,
    );
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1 + 9);
    // the questionnaire screen's 导出答卷 (questionnaire_export) opens the same export; without it, 403
    for (const [account, codes, status] of [
      ['exporter', ['questionnaire', 'questionnaire_view', 'questionnaire_export'], 200],
      ['viewer', ['questionnaire', 'questionnaire_view'], 403],
    ] as const) {
      await addTenantWithUser(s.db, { tenantId: '000000', account, menuCodes: [...codes] });
      const token = await login(s.app, { account, password: 'secret' });
      const url = `/api/app-questionaire-answer/questionaireanswer/export?questionnaireId_equal=${q.id}`;
      expect((await call(s.app, token, 'GET', url)).statusCode, account).toBe(status);
    }
    const mine = (
      await call(
        s.app,
        admin,
        'GET',
        `${Q}/listByQuestionIdAndUserId?questionnaireId=${q.id}&userId=${residents[1]!.userId}`,
      )
    ).json().data;
    expect(mine).toHaveLength(1);
  });

  it('refuses incomplete, foreign and late answers with nothing written', async () => {
    const other = await design('第三份问卷');
    await post(`${Q}/publish?ids=${other.id}`, {});
    const r = residents[0]!.token;
    const missing = await post(
      `${SHEET}/answer`,
      { questionnaireId: other.id, answers: [{ questionId: other.single, optionIds: [other.options[0]] }] },
      r,
    );
    expect(missing.json().msg).toBe('第2题为必答题');
    const foreign = await post(
      `${SHEET}/answer`,
      {
        questionnaireId: other.id,
        answers: [
          { questionId: other.single, optionIds: [q.options[0]] },
          { questionId: other.rating, answerScore: 1 },
        ],
      },
      r,
    );
    expect(foreign.json().msg).toBe('第1题的选项不属于该题');
    expect((await post(`${Q}/finish?ids=${other.id}`, {})).statusCode).toBe(200);
    const late = await post(
      `${SHEET}/answer`,
      {
        questionnaireId: other.id,
        answers: [
          { questionId: other.single, optionIds: [other.options[0]] },
          { questionId: other.rating, answerScore: 1 },
        ],
      },
      r,
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('问卷已结束,不能再作答');
    const detail = (await call(s.app, admin, 'GET', `${Q}/detail?id=${other.id}`)).json().data;
    expect(detail.answerNum).toBe(0);
    const sheets = await s.db.kysely
      .selectFrom('app_questionnaire_user')
      .select('id')
      .where('questionnaire_id', '=', other.id)
      .execute();
    expect(sheets).toEqual([]);
  });

  it('keeps the result counters equal to the answer lines under concurrent answers', async () => {
    const c = await design('并发作答问卷', 1);
    expect((await post(`${Q}/publish?ids=${c.id}`, {})).json().msg).toBe('发布成功');
    const answers = Array.from({ length: 12 }, (_, i) =>
      post(
        `${SHEET}/answer`,
        {
          questionnaireId: c.id,
          answers: [
            { questionId: c.single, optionIds: [c.options[i % 3]] },
            { questionId: c.rating, answerScore: (i % 5) + 1 },
            ...(i % 4 ? [{ questionId: c.text, answerText: `意见${i}` }] : []),
          ],
        },
        residents[i % 3]!.token,
      ),
    );
    for (const res of await Promise.all(answers)) expect(res.json().msg, res.body).toBe('提交成功');
    const results = (await call(s.app, admin, 'GET', `${Q}/getResults?id=${c.id}`)).json().data;
    // the same results computed from the raw answer lines
    const lines = await s.db.kysely
      .selectFrom('app_questionnaire_answer')
      .select(['question_id', 'option_ids', 'answer_score', 'answer_text'])
      .where('questionnaire_id', '=', c.id)
      .execute();
    const of = (qid: string) => lines.filter((l) => String(l.question_id) === qid);
    const [single, rating, text] = results.questions;
    expect(results.answerNum).toBe(12);
    expect(single.answerCount).toBe(of(c.single).length);
    expect(single.options.map((o: { count: number }) => o.count)).toEqual(
      c.options.map((o) => of(c.single).filter((l) => String(l.option_ids) === o).length),
    );
    const scores = of(c.rating).map((l) => Number(l.answer_score));
    expect(rating.answerCount).toBe(scores.length);
    expect(rating.distribution.map((d: { count: number }) => d.count)).toEqual(
      [1, 2, 3, 4, 5].map((v) => scores.filter((x) => x === v).length),
    );
    expect(rating.average).toBe(Math.round((scores.reduce((a, b) => a + b, 0) * 100) / scores.length) / 100);
    expect(text.answerCount).toBe(9);
    expect(text.texts.map((t: { answerText: string }) => t.answerText).sort()).toEqual(
      of(c.text)
        .map((l) => String(l.answer_text))
        .sort(),
    );
    // recounting from the lines (the migration's backfill, the demo seed) finds the same counters
    const before = await s.db.kysely
      .selectFrom('app_questionnaire_question')
      .select(['id', 'answer_num', 'score_nums'])
      .where('questionnaire_id', '=', c.id)
      .orderBy('id')
      .execute();
    await s.db.tx({ tenantId: '000000', allTenants: false }, (trx) => recountQuestions(trx, c.id));
    const after = await s.db.kysely
      .selectFrom('app_questionnaire_question')
      .select(['id', 'answer_num', 'score_nums'])
      .where('questionnaire_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    expect(before.map((q) => q.score_nums)).toContain('3,3,2,2,2');
  });
});

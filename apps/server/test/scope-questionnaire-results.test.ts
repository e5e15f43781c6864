import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { grantScopes } from './scoped-world.js';
import { type TwoCommunities, twoCommunities } from './two-communities.js';

// A resident's answer sheet keeps to the data scope of the answer sheets (questionnaireUser) and of
// its questionnaire: a grid worker of one community (本部门 on answer sheets, every button) reads the
// sheets of its residents and not another community's resident's (their name, phone and answers),
// neither by the sheet's id (getResult2user) nor by questionnaire and resident
// (listByQuestionIdAndUserId); with 本部门 on questionnaires too, a questionnaire of another dept is not
// there for them at all. Refused as the missing record it is (404 数据不存在或已被删除).

const Q = '/api/app-questionaire/questionaire';
const QUESTION = '/api/app-questionaire-question/questionairequestion';
const SHEET = '/api/app-questionaire2user/questionaire2user';
let s: TestServer;
let w: TwoCommunities;
let questionnaireId: string;
const sheets: Record<'c1' | 'c2', string> = {} as never;

async function post(token: string, url: string, body: unknown): Promise<string> {
  const res = await call(s.app, token, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().data?.id ?? '');
}

beforeAll(async () => {
  s = await startTestServer();
  w = await twoCommunities(s, ['questionnaireUser']);
  const admin = await login(s.app);
  questionnaireId = await post(admin, `${Q}/save`, {
    title: '社区服务满意度',
    questionnaireType: 1,
    scopeType: 0,
    startTime: '2020-01-01 00:00:00',
    endTime: '2099-01-01 00:00:00',
    isAnonymous: 0,
    allowRepeat: 0,
  });
  const questionId = await post(admin, `${QUESTION}/submit`, {
    questionnaireId,
    sort: 1,
    questionType: 3,
    title: '您的建议',
    isRequired: 0,
  });
  await post(admin, `${Q}/publish?ids=${questionnaireId}`, {});
  for (const c of ['c1', 'c2'] as const)
    sheets[c] = await post(w.residents[c].token, `${SHEET}/answer`, {
      questionnaireId,
      answers: [{ questionId, answerText: `${c}的建议` }],
    });
});
afterAll(() => s.close());

const asGrid = (url: string) => call(s.app, w.grid.token, 'GET', url);
const byResident = (c: 'c1' | 'c2') =>
  asGrid(`${Q}/listByQuestionIdAndUserId?questionnaireId=${questionnaireId}&userId=${w.residents[c].userId}`);

function notFound(res: { statusCode: number; body: string; json: () => { msg: string } }) {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json().msg).toBe('数据不存在或已被删除');
}

describe("another community's resident's answers", () => {
  it('are not read by the sheet id', async () => {
    const own = await asGrid(`${Q}/getResult2user?id=${sheets.c1}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ id: sheets.c1, appUserId: w.residents.c1.userId });
    expect(own.json().data.answers[0].answerText).toBe('c1的建议');
    notFound(await asGrid(`${Q}/getResult2user?id=${sheets.c2}`));
  });

  it('are not listed by questionnaire and resident', async () => {
    const own = await byResident('c1');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((x: { id: string }) => x.id)).toEqual([sheets.c1]);
    const other = await byResident('c2');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toEqual([]);
  });

  it('are not there at all when the questionnaire is outside the scope too', async () => {
    await grantScopes(s, '000000', w.grid.roleId, ['questionnaire']);
    notFound(await asGrid(`${Q}/getResult2user?id=${sheets.c1}`));
    notFound(await byResident('c1'));
    notFound(await asGrid(`${Q}/getResults?id=${questionnaireId}`));
  });
});

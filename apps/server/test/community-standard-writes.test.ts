import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The standard submit and remove of 通知对象 and 答题明细, within the rules the publishing and
// answering paths keep: a notice's recipients change only while it is not published and only to the
// tenant's users and communities; an answer line answers a question of its sheet's questionnaire once,
// with the question's options and range, while the questionnaire runs; the counters follow. Every
// refusal is a 400/403 in Chinese and writes nothing.
let s: TestServer;
let admin: string;
let resident: string;
const residentIds: string[] = [];
let community: string;
let foreignUser: string;
let foreignDept: string;
const NOTICE = '/api/app-sys-notice/sysnotice';
const TARGETS = '/api/app-sysnotice2target/sysnotice2target';
const Q = '/api/app-questionaire/questionaire';
const QUESTION = '/api/app-questionaire-question/questionairequestion';
const OPTION = '/api/app-questionaire-option/questionaireoption';
const SHEET = '/api/app-questionaire2user/questionaire2user';
const ANSWER = '/api/app-questionaire-answer/questionaireanswer';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  for (const account of ['r1', 'r2']) {
    const made = await addTenantWithUser(s.db, { tenantId: '000000', account, menuCodes: [] });
    await s.db.kysely.updateTable('blade_user').set({ user_type: 2 }).where('id', '=', made.userId).execute();
    residentIds.push(made.userId);
    community ??= made.deptId;
  }
  resident = await login(s.app, { account: 'r1', password: 'secret' });
  ({ userId: foreignUser, deptId: foreignDept } = await addTenantWithUser(s.db, {
    tenantId: '300001',
    account: 'x',
    menuCodes: [],
  }));
});
afterAll(() => s.close());

const post = (url: string, body: unknown = {}, token = admin) => call(s.app, token, 'POST', url, body);
const get = async (url: string) => (await call(s.app, admin, 'GET', url)).json().data;
const idOf = async (url: string, body: unknown) => {
  const res = await post(url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
};
const count = async (table: string) =>
  (await s.db.kysely.selectFrom(table).select('id').where('is_deleted', '=', 0).execute()).length;

describe('通知对象: submit and remove', () => {
  let notice: string;
  let first: string;

  it('adds the tenant’s users to a notice not yet published, once each, and counts them', async () => {
    const sectionId = await idOf('/api/app-sys-notice-section/sysnoticesection/submit', {
      sectionName: '通知',
      sort: 1,
    });
    notice = await idOf(`${NOTICE}/save`, {
      sectionId,
      title: '电梯检修',
      content: '<p>周三检修</p>',
      targetType: 3,
      targetUserIds: residentIds.join(','),
      pushApp: 1,
    });
    // read receipts are the residents': a body's readStatus is not written
    first = await idOf(`${TARGETS}/submit`, {
      noticeId: notice,
      targetUserId: residentIds[0],
      readStatus: 1,
    });
    expect(await get(`${TARGETS}/detail?id=${first}`)).toMatchObject({
      communityId: community,
      readStatus: 0,
    });
    expect(await get(`${NOTICE}/detail?id=${notice}`)).toMatchObject({ totalNum: 1, readNum: 0 });

    const before = await count('app_sys_notice2target');
    for (const [body, message] of [
      [{ noticeId: notice, targetUserId: residentIds[0] }, '该用户已是此通知的接收人'],
      [{ noticeId: notice, targetUserId: foreignUser }, '接收人不存在或不属于本租户'],
      [
        { noticeId: notice, targetUserId: residentIds[1], communityId: foreignDept },
        '所属社区不存在或不属于本租户',
      ],
      [{ noticeId: '123456789', targetUserId: residentIds[1] }, '通知不存在'],
    ] as const) {
      const res = await post(`${TARGETS}/submit`, body);
      expect([res.statusCode, res.json().msg]).toEqual([400, message]);
    }
    expect(
      (await post(`${TARGETS}/submit`, { noticeId: notice, targetUserId: residentIds[1] }, resident))
        .statusCode,
    ).toBe(403);
    expect(await count('app_sys_notice2target')).toBe(before);
  });

  it('publishes to the chosen recipients, then keeps them: only the phone call is recorded', async () => {
    const second = await idOf(`${TARGETS}/submit`, { noticeId: notice, targetUserId: residentIds[1] });
    expect((await post(`${NOTICE}/publish?ids=${notice}`)).json().msg).toBe('发布成功');
    expect(await get(`${NOTICE}/detail?id=${notice}`)).toMatchObject({ publishStatus: 1, totalNum: 2 });
    const inbox = await s.db.kysely
      .selectFrom('app_message_center')
      .select('receiver_id')
      .where('biz_id', '=', notice)
      .execute();
    expect(inbox.map((m) => String(m.receiver_id)).sort()).toEqual([...residentIds].sort());

    const added = await post(`${TARGETS}/submit`, { noticeId: notice, targetUserId: foreignUser });
    expect([added.statusCode, added.json().msg]).toEqual([400, '通知已发布,不能修改通知对象']);
    const read = await get(`${TARGETS}/detail?id=${second}`);
    const moved = await post(`${TARGETS}/submit`, { ...read, targetUserId: residentIds[0] });
    expect([moved.statusCode, moved.json().msg]).toEqual([400, '通知已发布,不能修改通知对象']);
    const removed = await post(`${TARGETS}/remove?ids=${second}`);
    expect([removed.statusCode, removed.json().msg]).toEqual([400, '通知已发布,不能删除通知对象']);
    expect(await get(`${TARGETS}/detail?id=${second}`)).toEqual(read);

    const called = await post(`${TARGETS}/submit`, { ...read, contactStatus: 1 });
    expect(called.statusCode, called.body).toBe(200);
    const after = await get(`${TARGETS}/detail?id=${second}`);
    expect(after).toMatchObject({ contactStatus: 1, targetUserId: residentIds[1] });
    expect(after.contactTime).toBeTruthy();
  });

  it('removes a recipient of a withdrawn notice and counts again', async () => {
    expect((await post(`${NOTICE}/withdraw?ids=${notice}`)).statusCode).toBe(200);
    expect((await post(`${TARGETS}/remove?ids=${first}`)).json().msg).toBe('删除成功');
    expect(await get(`${NOTICE}/detail?id=${notice}`)).toMatchObject({ totalNum: 1 });
  });
});

describe('答题明细: submit and remove', () => {
  let questionnaire: string;
  let single: string;
  let rating: string;
  let options: string[];
  let otherOption: string;
  let otherQuestion: string;
  let sheet: string;

  const counters = async () => ({
    options: await Promise.all(options.map(async (o) => (await get(`${OPTION}/detail?id=${o}`)).selectNum)),
    answered: (await get(`${QUESTION}/detail?id=${single}`)).answerNum,
  });

  beforeAll(async () => {
    const design = async (title: string) => {
      const id = await idOf(`${Q}/save`, {
        title,
        questionnaireType: 1,
        scopeType: 0,
        allowRepeat: 0,
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
      });
      const question = await idOf(`${QUESTION}/submit`, {
        questionnaireId: id,
        sort: 1,
        questionType: 1,
        title: '满意吗',
        isRequired: 0,
      });
      const opts = [];
      for (const [i, content] of ['满意', '不满意'].entries())
        opts.push(
          await idOf(`${OPTION}/submit`, { questionId: question, optionLabel: 'AB'[i], content, sort: i }),
        );
      return { id, question, opts };
    };
    const mine = await design('物业满意度');
    ({ id: questionnaire, question: single, opts: options } = mine);
    rating = await idOf(`${QUESTION}/submit`, {
      questionnaireId: questionnaire,
      sort: 2,
      questionType: 4,
      title: '打分',
      isRequired: 0,
      scoreMax: 5,
    });
    const other = await design('另一份问卷');
    otherOption = other.opts[0]!;
    otherQuestion = other.question;
    for (const id of [questionnaire, other.id])
      expect((await post(`${Q}/publish?ids=${id}`)).statusCode).toBe(200);
    const answered = await post(`${SHEET}/answer`, { questionnaireId: questionnaire, answers: [] }, resident);
    expect(answered.statusCode, answered.body).toBe(200);
    sheet = answered.json().data.id;
  });

  const line = (extra: Record<string, unknown>) => ({
    questionnaireUserId: sheet,
    questionnaireId: questionnaire,
    appUserId: residentIds[0],
    ...extra,
  });

  it('adds a line within the rules of answering and counts it', async () => {
    const before = await count('app_questionnaire_answer');
    for (const [body, message] of [
      [line({ questionId: single, optionIds: otherOption }), '第1题的选项不属于该题'],
      [line({ questionId: otherQuestion, optionIds: otherOption }), '题目不属于该问卷'],
      [line({ questionId: single, optionIds: options.join(',') }), '第1题为单选题'],
      [line({ questionId: single }), '请填写第1题的答案'],
      [line({ questionId: rating, answerScore: 9 }), '第2题的评分须在1到5之间'],
      [line({ questionId: single, optionIds: options[0], appUserId: residentIds[1] }), '答题人与答卷不一致'],
      [line({ questionId: single, optionIds: options[0], questionnaireUserId: '123456789' }), '答卷不存在'],
    ] as const) {
      const res = await post(`${ANSWER}/submit`, body);
      expect([res.statusCode, res.json().msg], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await count('app_questionnaire_answer')).toBe(before);
    expect(await counters()).toEqual({ options: [0, 0], answered: 0 });

    const id = await idOf(`${ANSWER}/submit`, line({ questionId: single, optionIds: options[0] }));
    expect(await counters()).toEqual({ options: [1, 0], answered: 1 });
    const twice = await post(`${ANSWER}/submit`, line({ questionId: single, optionIds: options[1] }));
    expect([twice.statusCode, twice.json().msg]).toEqual([400, '第1题已作答']);

    // changed: the counters move with it; removed: they go back
    const read = await get(`${ANSWER}/detail?id=${id}`);
    expect((await post(`${ANSWER}/submit`, { ...read, optionIds: options[1] })).statusCode).toBe(200);
    expect(await counters()).toEqual({ options: [0, 1], answered: 1 });
    expect((await post(`${ANSWER}/remove?ids=${id}`)).json().msg).toBe('删除成功');
    expect(await counters()).toEqual({ options: [0, 0], answered: 0 });
  });

  it('changes nothing once the questionnaire has ended', async () => {
    const id = await idOf(`${ANSWER}/submit`, line({ questionId: rating, answerScore: 4 }));
    await s.db.kysely
      .updateTable('app_questionnaire')
      .set({ end_time: '2021-01-01 00:00:00' })
      .where('id', '=', questionnaire)
      .execute();
    const added = await post(`${ANSWER}/submit`, line({ questionId: single, optionIds: options[0] }));
    expect([added.statusCode, added.json().msg]).toEqual([400, '问卷已结束,不能再作答']);
    const removed = await post(`${ANSWER}/remove?ids=${id}`);
    expect([removed.statusCode, removed.json().msg]).toEqual([400, '问卷已结束,不能再作答']);
    expect((await get(`${ANSWER}/detail?id=${id}`)).answerScore).toBe(4);
    expect((await get(`${QUESTION}/detail?id=${rating}`)).scoreNums).toBe('0,0,0,1,0');
  });
});

import { studyArticleResource } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { sampleBody } from './samples.js';

// 学习资料 "who has read it": viewDetail records each reader once (later reads move the last-read time
// on), the article's list counts its readers, and its 已读人员 tab lists them with their times.
let s: TestServer;
let admin: string;
let reader: string;
let readerId: string;
const ARTICLE = studyArticleResource.path;
const RECORDS = '/api/app-study-record/studyrecord';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const made = await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'learner',
    menuCodes: ['study_article', 'study_article_view'],
  });
  readerId = made.userId;
  reader = await login(s.app, { account: 'learner', password: 'secret' });
});
afterAll(() => s.close());

describe('study article readers', () => {
  it('records each reader once and lists them on the article', async () => {
    const body = await sampleBody(s.app, admin, studyArticleResource);
    const verb = studyArticleResource.write === 'save-update' ? 'save' : 'submit';
    const added = await call(s.app, admin, 'POST', `${ARTICLE}/${verb}`, { ...body, title: '党章学习' });
    expect(added.statusCode, added.body).toBe(200);
    const id = String(added.json().data.id);
    const view = (token: string) => call(s.app, token, 'GET', `${ARTICLE}/viewDetail?id=${id}`);
    expect((await view(reader)).json().data.readNum).toBe(1);
    expect((await view(reader)).json().data.readNum).toBe(1);
    const third = (await view(admin)).json().data;
    expect([third.readNum, third.browseNum]).toEqual([2, 3]);
    const listed = (
      await call(s.app, admin, 'GET', `${ARTICLE}/page?title_like=${encodeURIComponent('党章学习')}`)
    ).json().data.records;
    expect(listed.map((r: { readNum: number }) => r.readNum)).toEqual([2]);
    const readers = await call(s.app, reader, 'GET', `${RECORDS}/page?articleId_equal=${id}`);
    expect(readers.statusCode, readers.body).toBe(200);
    const rows = readers.json().data.records as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.appUserId === readerId)!;
    expect([mine.appUserName, mine.readCount, Boolean(mine.startTime), Boolean(mine.endTime)]).toEqual([
      'learner',
      2,
      true,
      true,
    ]);
    const stored = await s.db.kysely
      .selectFrom('app_study_record')
      .select('id')
      .where('article_id', '=', id)
      .where('app_user_id', '=', readerId)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('the readers are not written through the wire', async () => {
    const res = await call(s.app, admin, 'POST', `${RECORDS}/submit`, { articleId: '1', appUserId: '1' });
    expect(res.statusCode).toBe(404);
  });
});

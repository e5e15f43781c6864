import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { addMember } from './samples.js';

// 党组织 (tree, ancestors, removal), 民主评议 (once per member and round, the results summary, the
// partyraise aliases), 思想汇报 批阅/退回, 纪检举报 (the reporter's identity behind its button code).
let s: TestServer;
let admin: string;
let clerk: string;
const DEPT = '/api/app_party_dept/dept';
const APPRAISE = '/api/app-party-appraise/partyappraise';
const APPRAISE_USER = '/api/app-party-appraise2user/partyappraise2user';
const REPORT = '/api/app_party_report/partyReport';
const DISCIPLINE = '/api/app-discipline-report/disciplinereport';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'clerk',
    menuCodes: ['discipline_report', 'discipline_report_view', 'discipline_report_add'],
  });
  clerk = await login(s.app, { account: 'clerk', password: 'secret' });
});
afterAll(() => s.close());

const post = (token: string, url: string, body?: unknown) => call(s.app, token, 'POST', url, body);
const get = (token: string, url: string) => call(s.app, token, 'GET', url);

describe('party organisations', () => {
  it('keeps ancestors, refuses a move below itself and keeps a node with children', async () => {
    const root = (await post(admin, `${DEPT}/submit`, { deptName: '党委', orgType: '1', sort: 1 })).json()
      .data.id;
    const branch = (
      await post(admin, `${DEPT}/submit`, { deptName: '支部', orgType: '3', sort: 1, parentId: root })
    ).json().data.id;
    const group = (
      await post(admin, `${DEPT}/submit`, { deptName: '小组', orgType: '5', sort: 1, parentId: branch })
    ).json().data.id;
    const row = (await get(admin, `${DEPT}/detail?id=${group}`)).json().data;
    expect(row.ancestors).toBe(`0,${root},${branch}`);
    const loop = await post(admin, `${DEPT}/submit`, {
      id: root,
      deptName: '党委',
      orgType: '1',
      sort: 1,
      parentId: group,
    });
    expect(loop.json().msg).toBe('上级党组织不能选择自身或其下级组织');
    const removed = await post(admin, `${DEPT}/remove?ids=${branch}`);
    expect(removed.json().msg).toBe('请先删除子节点!');
    const lazy = (await get(admin, `${DEPT}/lazy-list?parentId=${root}`)).json().data;
    expect(lazy.map((r: { id: string; hasChildren: boolean }) => [r.id, r.hasChildren])).toEqual([
      [branch, true],
    ]);
    expect(lazy[0].memberCount).toBe(0);
  });
});

describe('appraisals', () => {
  it('appraises a member once per round and sums the results', async () => {
    const dept = (await post(admin, `${DEPT}/submit`, { deptName: '评议支部', orgType: '3', sort: 1 })).json()
      .data.id;
    const round = await post(admin, `${APPRAISE}/save`, {
      title: '2026年度民主评议党员',
      appraiseYear: '2026',
      partyDeptId: dept,
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-12-31 00:00:00',
    });
    expect(round.statusCode, round.body).toBe(200);
    const appraiseId = round.json().data.id;
    const ciren = await addMember(s.app, admin, '次仁');
    const zhuoma = await addMember(s.app, admin, '卓玛');
    const first = await post(admin, `${APPRAISE_USER}/save`, {
      appraiseId,
      partyArchiveId: ciren,
      selfContent: '认真学习',
      selfLevel: '1',
      finalLevel: '1',
    });
    expect(first.statusCode, first.body).toBe(200);
    const twice = await post(admin, `${APPRAISE_USER}/save`, { appraiseId, partyArchiveId: ciren });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('该党员在本轮评议中已有自评记录');
    // the alias path serves the same wire and the same rule
    const alias = await post(admin, '/api/app-party-appraise2user/partyraise2user/save', {
      appraiseId,
      partyArchiveId: zhuoma,
      finalLevel: '2',
    });
    expect(alias.statusCode, alias.body).toBe(200);
    const viaAlias = await post(admin, '/api/app-party-appraise2user/partyraise2user/save', {
      appraiseId,
      partyArchiveId: zhuoma,
    });
    expect(viaAlias.json().msg).toBe('该党员在本轮评议中已有自评记录');
    const mine = (await get(admin, `${APPRAISE_USER}/detail?id=${first.json().data.id}`)).json().data;
    expect([mine.userStatus, mine.memberName]).toEqual([3, '次仁']);
    const unknown = await post(admin, `${APPRAISE_USER}/save`, { appraiseId, partyArchiveId: '999' });
    expect(unknown.json().msg).toBe('党员不存在');
    expect(mine.selfTime).toBeTruthy();
    const summary = (await get(admin, `/api/app-party-appraise/partyraise/detail?id=${appraiseId}`)).json()
      .data;
    expect([summary.participantNum, summary.finishedNum, summary.resultSummary]).toEqual([
      2,
      2,
      '优秀 1 · 合格 1',
    ]);
    const keep = await post(admin, `${APPRAISE}/remove?ids=${appraiseId}`);
    expect(keep.json().msg).toBe('该评议下已有党员自评，不能删除');
  });
});

describe('member reports', () => {
  it('reviews with a comment or returns for rework, only from 待批阅', async () => {
    const dept = (await post(admin, `${DEPT}/submit`, { deptName: '汇报支部', orgType: '3', sort: 1 })).json()
      .data.id;
    const add = (title: string) =>
      post(admin, `${REPORT}/submit`, {
        title,
        memberName: '扎西',
        partyDeptId: dept,
        reportType: '1',
        content: '汇报',
      });
    const a = (await add('一季度思想汇报')).json().data.id;
    const b = (await add('二季度思想汇报')).json().data.id;
    const row = (await get(admin, `${REPORT}/detail?id=${a}`)).json().data;
    expect([row.reviewStatus, Boolean(row.submitTime)]).toEqual([0, true]);
    expect((await post(admin, `${REPORT}/review?ids=${a}`)).json().msg).toBe('请输入批阅意见');
    expect((await post(admin, `${REPORT}/review?ids=${a}`, { reviewComment: '很好' })).statusCode).toBe(200);
    expect((await post(admin, `${REPORT}/reject?ids=${b}`, { reviewComment: '请补充' })).statusCode).toBe(
      200,
    );
    const reviewed = (await get(admin, `${REPORT}/detail?id=${a}`)).json().data;
    expect([reviewed.reviewStatus, reviewed.reviewComment]).toEqual([1, '很好']);
    const again = await post(admin, `${REPORT}/reject?ids=${a}`, { reviewComment: 'x' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('「一季度思想汇报」的批阅状态为「已批阅」,不能退回');
  });
});

describe('discipline reports', () => {
  it("shows the reporter's identity only to holders of its button code", async () => {
    const res = await post(admin, `${DISCIPLINE}/submit`, {
      title: '违规收受礼品',
      problemType: '3',
      reportedName: '某干部',
      reportedUnit: '某单位',
      content: '反映内容',
      isRealName: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    await s.db.kysely
      .updateTable('app_discipline_report')
      .set({ informant_name: '举报人甲', informant_phone: '13800000000' })
      .where('id', '=', id)
      .execute();
    const full = (await get(admin, `${DISCIPLINE}/detail?id=${id}`)).json().data;
    expect(full.informantName).toBe('举报人甲');
    expect(full.reportNo).toMatch(/^JJ\d{16}$/);
    const masked = (await get(clerk, `${DISCIPLINE}/detail?id=${id}`)).json().data;
    expect([masked.informantName, masked.informantPhone]).toEqual(['***', '***']);
    const probe = await get(
      clerk,
      `${DISCIPLINE}/page?informantName_equal=${encodeURIComponent('举报人甲')}`,
    );
    expect(probe.statusCode).toBe(403);
    expect((await get(admin, `${DISCIPLINE}/page?informantName_equal=x`)).statusCode).toBe(200);
  });
});

describe('party members', () => {
  const ARCHIVE = '/api/app-party-archive/partyarchive';
  const ALIAS = '/api/app-party-archive/partyarchive2user';
  it('disables and enables with a reason; partyarchive2user serves the same wire and saveArchive2user', async () => {
    const id = await addMember(s.app, admin, '强巴');
    expect((await post(admin, `${ARCHIVE}/disable?ids=${id}`)).json().msg).toBe('请输入停用原因');
    expect(
      (await post(admin, `${ARCHIVE}/disable?ids=${id}`, { statusReason: '组织关系转出' })).statusCode,
    ).toBe(200);
    const off = (await get(admin, `${ALIAS}/detail?id=${id}`)).json().data;
    expect([off.memberStatus, off.statusReason]).toEqual([2, '组织关系转出']);
    const twice = await post(admin, `${ARCHIVE}/disable?ids=${id}`, { statusReason: 'x' });
    expect(twice.statusCode).toBe(400);
    expect(
      (await post(admin, `${ARCHIVE}/enable?ids=${id}`, { statusReason: '转回本支部' })).statusCode,
    ).toBe(200);
    expect((await get(admin, `${ARCHIVE}/detail?id=${id}`)).json().data.memberStatus).toBe(1);
    const page = (await get(admin, `${ALIAS}/page?name_like=${encodeURIComponent('强巴')}`)).json().data;
    expect(page.records.map((r: { id: string }) => r.id)).toContain(id);
    const body = (await get(admin, `${ARCHIVE}/detail?id=${id}`)).json().data;
    // the detail masks personal data, which a new record never takes: copy the revealed values
    const whole = (await get(admin, `${ARCHIVE}/reveal?id=${id}`)).json().data;
    const applied = await post(admin, `${ALIAS}/saveArchive2user`, {
      ...body,
      ...whole,
      id: undefined,
      version: undefined,
      name: '旺堆',
      idCard: '11010519491231002X',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const row = (await get(admin, `${ARCHIVE}/detail?id=${applied.json().data.id}`)).json().data;
    expect([row.name, row.auditStatus]).toEqual(['旺堆', 0]);
  });
});

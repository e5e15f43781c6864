/** Community A's demo content: news sections and articles, notice sections and notices published to
 * every resident (receipts, some read, and their messages), FAQ, the app's home grid, and a browse log
 * over the last three months. */
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { formatDateTime } from '../../util/datetime.js';
import { demoAudit, type Gen, type Resident } from './demo-residents.js';
import { insertChunked } from './rows.js';

const daysAgo = (d: number, hour = 10) =>
  formatDateTime(new Date(Date.now() - d * 86400_000 + (hour - 12) * 3600_000));

async function sections(
  trx: Trx,
  table: string,
  tenantId: string,
  names: string[],
  now: string,
): Promise<string[]> {
  const ids = names.map(() => nextId());
  await insertChunked(
    trx,
    table,
    names.map((n, i) => ({
      id: ids[i],
      tenant_id: tenantId,
      parent_id: 0,
      section_name: n,
      sort: i + 1,
      show_in_app: 1,
      enable_status: 1,
      ...demoAudit(now),
    })),
  );
  return ids;
}

const ARTICLES: [number, string, string][] = [
  [0, '城关区召开民族团结进步创建工作推进会', '会议总结了上半年民族团结进步创建工作,部署下一阶段重点任务。'],
  [0, '吉日社区开展“邻里守望”志愿服务活动', '社区志愿者走访独居老人,送去生活用品和节日问候。'],
  [1, '城乡居民基本医疗保险参保缴费指南', '本文介绍参保对象、缴费标准、缴费渠道及办理时限。'],
  [1, '关于开展冬季取暖安全检查的通知解读', '重点检查燃气、电器及烟道,请居民配合入户检查。'],
  [2, '社区老年人健康体检时间安排', '65岁以上老年人可携带身份证到社区卫生服务站免费体检。'],
  [2, '垃圾分类小知识: 厨余垃圾怎么投放', '厨余垃圾应沥干水分后投放至绿色垃圾桶。'],
  [0, '拉鲁社区举办藏历新年文艺汇演', '居民自编自演歌舞节目,共庆佳节。'],
  [1, '居住证办理流程说明', '流动人口可在社区服务中心申请办理居住证。'],
];

async function seedArticles(trx: Trx, tenantId: string, communityIds: string[], now: string) {
  const sectionIds = await sections(
    trx,
    'app_info_section',
    tenantId,
    ['社区动态', '政策解读', '便民服务'],
    now,
  );
  const articles = ARTICLES.map(([s, title, summary], i) => ({
    id: nextId(),
    tenant_id: tenantId,
    section_id: sectionIds[s],
    title,
    sub_title: summary,
    content_type: 1,
    content: `<p>${summary}</p><p>详情请咨询所在社区居委会。</p>`,
    publisher: '城关区融媒体中心',
    scope_type: i === 1 ? 1 : 0,
    is_top: i < 2 ? 1 : 0,
    sort: i + 1,
    publish_status: i === 7 ? 0 : 1,
    publish_time: i === 7 ? null : daysAgo(30 - i * 3),
    browse_num: 0,
    like_num: 0,
    ...demoAudit(now),
  }));
  await insertChunked(trx, 'app_info_article', articles);
  await insertChunked(
    trx,
    'app_info_community',
    communityIds.slice(0, 2).map((c) => ({
      id: nextId(),
      tenant_id: tenantId,
      article_id: articles[1]!.id,
      community_id: c,
      ...demoAudit(now),
    })),
  );
  return articles;
}

const NOTICES = [
  ['停水通知', '因管网维修,本周六8:00-18:00吉日路沿线停水,请提前储水。', 3],
  ['关于开展2026年度人口信息核查的通知', '请各户主配合网格员完成家庭成员信息核对。', 2],
  ['社区党群服务中心开放时间调整', '自下月起,党群服务中心周末开放时间调整为9:30-17:30。', 1],
] as const;

async function seedNotices(trx: Trx, tenantId: string, residents: Resident[], g: Gen, now: string) {
  const sectionIds = await sections(
    trx,
    'app_sys_notice_section',
    tenantId,
    ['通知公告', '停水停电', '办事指南'],
    now,
  );
  const mine = residents.filter((r) => r.tenantId === tenantId);
  for (const [i, [title, text, level]] of NOTICES.entries()) {
    const id = nextId();
    const targets = mine.map((r) => {
      const read = g.next() < 0.6;
      return {
        id: nextId(),
        tenant_id: tenantId,
        notice_id: id,
        target_user_id: r.userId,
        community_id: r.communityId,
        read_status: read ? 1 : 0,
        read_time: read ? daysAgo(i + 1, 15) : null,
        confirm_status: 0,
        contact_status: 0,
        ...demoAudit(now),
      };
    });
    await trx
      .insertInto('app_sys_notice')
      .values({
        id,
        tenant_id: tenantId,
        section_id: sectionIds[i === 0 ? 1 : 0],
        title,
        content: `<p>${text}</p>`,
        notice_level: level,
        target_type: 0,
        need_confirm: 0,
        push_app: 1,
        publish_status: 1,
        publish_time: daysAgo(i + 2),
        total_num: targets.length,
        read_num: targets.filter((t) => t.read_status === 1).length,
        ...demoAudit(now),
      })
      .execute();
    await insertChunked(trx, 'app_sys_notice2target', targets);
    await insertChunked(
      trx,
      'app_message_center',
      targets.map((t) => ({
        id: nextId(),
        tenant_id: tenantId,
        receiver_id: t.target_user_id,
        receiver_type: 1,
        message_type: 1,
        title,
        content: '您有一条新的通知公告',
        biz_type: 'notice',
        biz_id: id,
        read_status: t.read_status,
        read_time: t.read_time,
        send_time: daysAgo(i + 2),
        ...demoAudit(now),
      })),
    );
  }
  await trx
    .insertInto('app_sys_notice')
    .values({
      id: nextId(),
      tenant_id: tenantId,
      section_id: sectionIds[2],
      title: '居住证办理须知(草稿)',
      content: '<p>待完善</p>',
      notice_level: 1,
      target_type: 1,
      need_confirm: 0,
      push_app: 0,
      publish_status: 0,
      total_num: 0,
      read_num: 0,
      ...demoAudit(now),
    })
    .execute();
}

const FAQ: [number, string, string][] = [
  [1, '忘记密码怎么办?', '在登录页点击“忘记密码”,通过手机验证码重置。'],
  [2, '如何进行住户认证?', '在“我的-住户认证”中填写房屋信息并上传证明材料,社区审核通过后即完成认证。'],
  [3, '积分如何获得?', '参加志愿活动、随手拍属实、完成问卷等均可获得积分。'],
  [4, '报名活动后可以取消吗?', '活动开始前可在“我的报名”中取消。'],
  [5, '我的个人信息安全吗?', '平台严格按照个人信息保护法保护您的信息。'],
];
const MODULES: [string, string, number][] = [
  ['随手拍', 'snap', 1],
  ['志愿活动', 'volunteer', 1],
  ['便民电话', 'contactPhone', 1],
  ['问卷调查', 'questionnaire', 1],
  ['共享设施', 'shareFacility', 1],
  ['党员活动', 'partyActivity', 4],
  ['我的积分', 'score', 3],
  ['我的报名', 'enrolment', 3],
];

/** Everything of community A's demo content for one tenant. */
export async function seedContent(
  trx: Trx,
  tenantId: string,
  communityIds: string[],
  residents: Resident[],
  g: Gen,
  now: string,
) {
  const articles = await seedArticles(trx, tenantId, communityIds, now);
  await seedNotices(trx, tenantId, residents, g, now);
  await insertChunked(
    trx,
    'app_sys_question',
    FAQ.map(([category, question, answer], i) => ({
      id: nextId(),
      tenant_id: tenantId,
      category,
      question,
      answer: `<p>${answer}</p>`,
      sort: i + 1,
      enable_status: 1,
      browse_num: g.int(10, 300),
      ...demoAudit(now),
    })),
  );
  await insertChunked(
    trx,
    'app_module',
    MODULES.map(([name, code, position], i) => ({
      id: nextId(),
      tenant_id: tenantId,
      module_name: name,
      module_code: code,
      icon: JSON.stringify([{ originalName: `${code}.png`, link: `/img/modules/${code}.png` }]),
      module_position: position,
      audience: 0,
      sort: i + 1,
      enable_status: 1,
      ...demoAudit(now),
    })),
  );
  const mine = residents.filter((r) => r.tenantId === tenantId);
  const published = articles.filter((a) => a.publish_status === 1);
  if (!mine.length) return;
  const logs = Array.from({ length: 1500 }, () => {
    const a = g.pick(published);
    const r = g.pick(mine);
    return {
      id: nextId(),
      tenant_id: tenantId,
      target_type: 'info',
      target_id: a.id,
      target_title: a.title,
      section_id: a.section_id,
      app_user_id: r.userId,
      community_id: r.communityId,
      browse_time: daysAgo(g.int(0, 90), g.int(7, 22)),
      duration_seconds: g.int(5, 300),
      client_type: g.pick([1, 1, 2, 3]),
      ...demoAudit(now),
    };
  });
  await insertChunked(trx, 'app_browse_log', logs);
  for (const a of published) {
    const n = logs.filter((l) => l.target_id === a.id).length;
    await trx.updateTable('app_info_article').set({ browse_num: n }).where('id', '=', String(a.id)).execute();
  }
}

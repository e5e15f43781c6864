/** The party domain's part of the demo data (DomainModule.seedDemo): per demo tenant a party tree along
 * its dept tree, activity, study and discipline sections with material, a year of activities with
 * enrolments and reports, member reports, one appraisal round, dual registrations and discipline
 * reports at every state, and a few records of each approval waiting in (or rejected by) their process
 * (demo-approvals.ts). Runs once, inside the demo seed's transaction on a fresh database. */
import {
  disciplineReportResource,
  idCardCheckDigit,
  partyAppraiseUserResource,
  partyArchiveResource,
  partyDoubleReportResource,
  type ResourceDef,
} from '@tongxin/resources';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { DemoSeedArgs } from '../../engine/module.js';
import { formatDateTime } from '../../util/datetime.js';
import { activityState, CANCELLED } from './activity-status.js';
import { type DemoApprovals, seedDemoApprovals } from './demo-approvals.js';
import {
  ACTIVITY_SECTIONS,
  ACTIVITY_TITLES,
  DISCIPLINE_REPORTS,
  DISCIPLINE_SECTIONS,
  DISCIPLINE_TITLES,
  memberNames,
  REPORT_TITLES,
  STUDY_SECTIONS,
  STUDY_TITLES,
  UNITS,
} from './demo-data.js';

type Values = Record<string, unknown>;
interface Ctx {
  trx: Trx;
  tenantId: string;
  now: string;
}
interface Branch {
  id: string;
  name: string;
}

const DAY = 86_400_000;
/** A time `days` from now (negative: ago), at `hour` o'clock. */
const at = (days: number, hour = 9) => {
  const d = new Date(Date.now() + days * DAY);
  d.setHours(hour, 0, 0, 0);
  return formatDateTime(d);
};
const APPLYING = 4;
const phoneOf = (i: number) => `139${String(8_900_000 + i * 137).padStart(8, '0')}`;

async function insert(c: Ctx, table: string, rows: Values[]): Promise<string[]> {
  if (!rows.length) return [];
  const full = rows.map((r) => ({
    id: nextId(),
    tenant_id: c.tenantId,
    create_time: c.now,
    update_time: c.now,
    ...r,
  }));
  await c.trx.insertInto(table).values(full).execute();
  return full.map((r) => String(r.id));
}

/** 党委 for the root dept, 党总支 for a street, 党支部 for a community (with two 党小组). */
async function seedTree(c: Ctx): Promise<Branch[]> {
  const depts = (await c.trx
    .selectFrom('blade_dept')
    .select(['id', 'parent_id', 'dept_name', 'dept_category'])
    .where('tenant_id', '=', c.tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .execute()) as Row[];
  const mapped = new Map<string, { id: string; ancestors: string }>();
  const branches: Branch[] = [];
  const add = async (
    name: string,
    orgType: number,
    parent: { id: string; ancestors: string } | undefined,
    sort: number,
  ) => {
    const id = nextId();
    const node = { id, ancestors: parent ? `${parent.ancestors},${parent.id}` : '0' };
    await insert(c, 'app_party_dept', [
      {
        id,
        parent_id: parent?.id ?? '0',
        ancestors: node.ancestors,
        dept_name: name,
        org_type: orgType,
        sort,
        org_status: 0,
      },
    ]);
    return node;
  };
  const pending = [...depts];
  // parents first: a dept whose parent is not mapped yet waits for the next round
  for (let round = 0; round < 6 && pending.length; round++) {
    for (const d of [...pending]) {
      const parentKey = String(d.parent_id);
      const parent = mapped.get(parentKey);
      if (parentKey !== '0' && !parent && depts.some((x) => String(x.id) === parentKey)) continue;
      pending.splice(pending.indexOf(d), 1);
      const category = Number(d.dept_category);
      const name = String(d.dept_name);
      const orgType = category === 3 ? 3 : parent ? 2 : 1;
      const label = orgType === 3 ? `${name}党支部` : orgType === 2 ? `${name}党工委` : `${name}党委`;
      const node = await add(label, orgType, parent, mapped.size + 1);
      mapped.set(String(d.id), node);
      if (orgType === 3) {
        branches.push({ id: node.id, name: label });
        for (const n of [1, 2]) await add(`${name}第${n === 1 ? '一' : '二'}党小组`, 5, node, n);
      }
    }
  }
  if (!branches.length) {
    const node = await add('社区党支部', 3, undefined, 1);
    branches.push({ id: node.id, name: '社区党支部' });
  }
  return branches;
}

interface Member {
  id: string;
  name: string;
  phone: string;
}

/** The party members (党员档案) of the branches: most 正式, some 预备, a few 流动, entered by the office;
 * the last APPLYING registered themselves as residents and wait for the audit (demo-approvals.ts). */
async function seedMembers(
  c: Ctx,
  branches: Branch[],
  names: string[],
  tenantIndex: number,
): Promise<Member[]> {
  const members: Member[] = names.map((name, i) => ({
    id: nextId(),
    name,
    phone: phoneOf(400 + i + tenantIndex * 300),
  }));
  await insert(
    c,
    'app_party_archive',
    members.map((m, i) => {
      const year = 1955 + ((i * 7) % 45);
      const birthday = `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
      const sex = i % 3 === 1 ? 2 : 1;
      const seq = `${String(tenantIndex)}${String(i % 100).padStart(2, '0')}`;
      const body = `540102${birthday.replaceAll('-', '')}${seq}`;
      return {
        id: m.id,
        name: m.name,
        sex,
        nation: i % 4 === 3 ? '01' : '04',
        birthday,
        id_card: body + idCardCheckDigit(body),
        phone: m.phone,
        party_dept_id: branches[i % branches.length]!.id,
        education: ['20', '30', '60', '40'][i % 4],
        member_type: i % 9 === 4 ? 2 : 1,
        join_date: `${Math.min(year + 25, 2024)}-07-01`,
        org_relation_status: i % 23 === 7 ? 1 : 0,
        member_status: i % 41 === 13 ? 2 : 1,
        apply_source: i >= members.length - APPLYING ? 1 : 0,
        audit_status: i >= members.length - APPLYING ? 0 : 1,
      };
    }),
  );
  return members;
}

/** A month of 党员值班: past shifts done, today's under way, the rest waiting. */
async function seedDuty(c: Ctx, branches: Branch[], members: Member[]) {
  await insert(
    c,
    'app_party_duty',
    Array.from({ length: 30 }, (_, i) => {
      const day = i - 20;
      const m = members[(i * 3) % members.length]!;
      return {
        duty_place: `${branches[i % branches.length]!.name.replace(/党支部$/, '')}党群服务中心`,
        duty_post: (i % 4) + 1,
        duty_date: at(day).slice(0, 10),
        shift: (i % 3) + 1,
        member_name: m.name,
        phone: m.phone,
        party_archive_id: m.id,
        duty_status: day < 0 ? (i % 9 === 0 ? 3 : 2) : day === 0 ? 1 : 0,
        reception_num: day < 0 ? 3 + (i % 7) : null,
        duty_content: day < 0 ? '接待群众来访，协助办理相关事项。' : null,
      };
    }),
  );
}

async function seedSections(c: Ctx) {
  const section = (name: string, i: number, extra: Values = {}) => ({
    section_name: name,
    sort: i + 1,
    show_in_app: 1,
    enable_status: 1,
    ...extra,
  });
  const party = await insert(
    c,
    'app_party_section',
    ACTIVITY_SECTIONS.map((n, i) => section(n, i)),
  );
  const study = await insert(
    c,
    'app_study_section',
    STUDY_SECTIONS.map(([n, audience], i) => section(n, i, { audience })),
  );
  const discipline = await insert(
    c,
    'app_discipline_section',
    DISCIPLINE_SECTIONS.map((n, i) => section(n, i)),
  );
  return { party, study, discipline };
}

/** Two activities a month over the past year and a few ahead, with enrolments; one cancelled. */
async function seedActivities(c: Ctx, branches: Branch[], sections: string[], names: string[]) {
  const ids: string[] = [];
  for (let k = 0; k < 26; k++) {
    const start = -330 + k * 14;
    const cancelled = k === 20;
    const id = nextId();
    const limit = k % 3 === 0 ? 20 : 0;
    const times = {
      enroll_start_time: at(start - 10),
      enroll_end_time: at(start - 1, 18),
      start_time: at(start, 9),
      end_time: at(start, 12),
    };
    await insert(c, 'app_party_activity', [
      {
        id,
        title: ACTIVITY_TITLES[k % ACTIVITY_TITLES.length],
        section_id: sections[k % sections.length],
        activity_type: (k % 9) + 1,
        party_dept_id: branches[k % branches.length]!.id,
        address: `${branches[k % branches.length]!.name.replace(/党支部$/, '')}党群服务中心`,
        content: `<p>${ACTIVITY_TITLES[k % ACTIVITY_TITLES.length]}，请党员同志准时参加。</p>`,
        ...times,
        limit_num: limit,
        enroll_audit: k % 5 === 0 ? 1 : 0,
        audience: 1,
        need_sign: 1,
        score: 5,
        contact_name: names[k % names.length],
        contact_phone: '0891-6320000',
        // the state its times give now (the sweep moves it on from there)
        activity_status: cancelled ? CANCELLED : activityState(times, formatDateTime()),
        ...(cancelled ? { cancel_reason: '因天气原因取消', cancel_time: at(start - 2) } : {}),
        browse_num: 20 + ((k * 13) % 80),
      },
    ]);
    ids.push(id);
    const count = start - 10 > 0 ? 0 : 5 + (k % 9);
    const past = start < 0;
    await insert(
      c,
      'app_party_activity2user',
      names.slice(k % 20, (k % 20) + count).map((name, i) => ({
        activity_id: id,
        member_name: name,
        phone: phoneOf(i + k),
        enroll_time: at(start - 9 + (i % 5), 10 + (i % 8)),
        enroll_status: cancelled ? 3 : 1,
        cancel_reason: cancelled ? '因天气原因取消' : null,
        sign_status: past && !cancelled ? (i % 6 === 5 ? 2 : 1) : 0,
        sign_time: past && !cancelled && i % 6 !== 5 ? at(start, 9) : null,
      })),
    );
  }
  return ids;
}

async function seedArticles(
  c: Ctx,
  sections: Awaited<ReturnType<typeof seedSections>>,
  activities: string[],
) {
  const article = (title: string, i: number, sectionIds: string[], extra: Values = {}) => ({
    title,
    section_id: sectionIds[i % sectionIds.length],
    content_type: 1,
    content: `<p>${title}</p><p>正文内容。</p>`,
    author: '社区党委',
    is_top: i === 0 ? 1 : 0,
    publish_status: i === 5 ? 0 : 1,
    publish_time: i === 5 ? null : at(-300 + i * 40),
    browse_num: 30 + i * 11,
    ...extra,
  });
  await insert(
    c,
    'app_party_article',
    activities.slice(0, 10).map((a, i) =>
      article(`${ACTIVITY_TITLES[i % ACTIVITY_TITLES.length]}活动风采`, i, sections.party, {
        activity_id: a,
      }),
    ),
  );
  await insert(
    c,
    'app_study_article',
    STUDY_TITLES.map((t, i) =>
      article(t, i, sections.study, {
        file_type: i % 4 === 1 ? 2 : 1,
        is_required: i % 3 === 0 ? 1 : 0,
        study_duration: 30,
        study_score: 2,
      }),
    ),
  );
  await insert(
    c,
    'app_discipline_article',
    DISCIPLINE_TITLES.map((t, i) => article(t, i, sections.discipline)),
  );
}

/** Who has read the study material: the tenant's accounts, a different handful per article (the
 * 已读人员 tab and the list's 已读人数). */
async function seedStudyReads(c: Ctx) {
  const articles = await c.trx
    .selectFrom('app_study_article')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .orderBy('id')
    .execute();
  const users = await c.trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .limit(12)
    .execute();
  if (!users.length) return;
  for (const [i, a] of articles.entries()) {
    const readers = users.filter((_, k) => (k + i) % 3 !== 0);
    await insert(
      c,
      'app_study_record',
      readers.map((u, k) => ({
        article_id: a.id,
        app_user_id: u.id,
        start_time: at(-30 + i + k, 9 + (k % 8)),
        end_time: at(-29 + i + k, 20),
        read_count: 1 + (k % 3),
        study_seconds: 600 + k * 120,
        finished: k % 2,
      })),
    );
    await c.trx
      .updateTable('app_study_article')
      .set({ read_num: readers.length })
      .where('id', '=', a.id)
      .execute();
  }
}

async function seedReports(c: Ctx, branches: Branch[], members: Member[], reviewer: string | null) {
  await insert(
    c,
    'app_party_report',
    members.slice(0, 24).map(({ id: memberId, name }, i) => {
      const status = i % 5 === 0 ? 0 : i % 7 === 0 ? 2 : 1;
      return {
        title: `${2026 - (i % 2)}年第${(i % 4) + 1}季度${REPORT_TITLES[i % REPORT_TITLES.length]}`,
        member_name: name,
        party_archive_id: memberId,
        party_dept_id: branches[i % branches.length]!.id,
        report_type: (i % 3) + 1,
        report_period: `${2026 - (i % 2)}-Q${(i % 4) + 1}`,
        content: '<p>通过学习，进一步坚定了理想信念……</p>',
        submit_time: at(-200 + i * 8, 15),
        review_status: status,
        review_comment:
          status === 1 ? '汇报认真，继续保持' : status === 2 ? '内容过于简单，请补充学习体会' : null,
        review_time: status === 0 ? null : at(-195 + i * 8, 10),
        review_user_id: status === 0 ? null : reviewer,
      };
    }),
  );
}

/** One appraisal round per branch of the first three, every member appraised, most rated; the last
 * self-appraisal of each round waits for the review, one of the first round was returned. */
async function seedAppraisal(c: Ctx, branches: Branch[], members: Member[]): Promise<DemoApprovals> {
  const work: DemoApprovals = { waiting: [], rejected: [] };
  for (const [b, branch] of branches.slice(0, 3).entries()) {
    const id = nextId();
    await insert(c, 'app_party_appraise', [
      {
        id,
        title: `2025年度${branch.name}民主评议党员`,
        appraise_year: '2025',
        party_dept_id: branch.id,
        start_time: at(-60),
        end_time: at(-20),
        self_start_time: at(-60),
        self_end_time: at(-45),
        appraise_status: 4,
        description: '对照党员标准，开展自评、互评和组织评定。',
        indicators: '政治思想\n学习情况\n作用发挥\n遵纪守法',
      },
    ]);
    const ids = await insert(
      c,
      'app_party_appraise2user',
      members.slice(b * 8, b * 8 + 8).map((m, i) => {
        const open = i === 7 || (b === 0 && i === 6);
        return {
          appraise_id: id,
          member_name: m.name,
          party_archive_id: m.id,
          self_content: '本年度认真履行党员义务，积极参加组织生活。',
          self_level: i % 4 === 0 ? 1 : 2,
          self_time: at(-50 + i),
          mutual_score: 80 + ((i * 7) % 20),
          final_level: open ? null : i % 4 === 0 ? 1 : i === 6 ? 3 : 2,
          user_status: open ? 1 : 3,
          review_time: open ? null : at(-25),
        };
      }),
    );
    if (ids[7]) work.waiting.push(ids[7]);
    if (b === 0 && ids[6]) work.rejected.push([ids[6], '自评内容过于简单，请结合本年度工作补充']);
  }
  return work;
}

/** Discipline reports at every state: the 待受理 ones wait in their process, the 不予受理 one was
 * declined by the approver. */
async function seedDiscipline(c: Ctx, names: string[]): Promise<DemoApprovals> {
  const work: DemoApprovals = { waiting: [], rejected: [] };
  const states = [0, 1, 2, 0, 3, 1];
  for (const [i, [title, problem, person, unit]] of DISCIPLINE_REPORTS.entries()) {
    const id = nextId();
    const state = states[i]!;
    const real = i % 2 === 0;
    await insert(c, 'app_discipline_report', [
      {
        id,
        report_no: `JJ2026${String(1000 + i * 37).padStart(10, '0')}`,
        title,
        problem_type: problem,
        reported_name: person,
        reported_unit: unit,
        is_real_name: real ? 1 : 2,
        informant_name: real ? names[i] : null,
        informant_phone: real ? phoneOf(100 + i) : null,
        content: `反映${person}${title}的问题，请予以核查。`,
        report_time: at(-90 + i * 12, 11),
        handle_status: state,
        handle_time: state ? at(-85 + i * 12) : null,
        survey_opinion:
          state === 2
            ? '经核查，情况部分属实，已对当事人进行谈话提醒。'
            : state === 3
              ? '反映问题不属于纪检受理范围。'
              : null,
        result_type: state === 2 ? 1 : null,
      },
    ]);
    if (state === 0) work.waiting.push(id);
    if (state === 3) work.rejected.push([id, '反映问题不属于纪检受理范围。']);
    if (state > 0)
      await insert(c, 'app_discipline_report_reply', [
        {
          report_id: id,
          reply_type: 1,
          content: state === 1 ? '您的举报已受理，正在调查核实。' : '您的举报已办结，感谢您的监督。',
          reply_user_name: '纪检委员',
        },
      ]);
  }
  return work;
}

/** 双报到 registrations: the 待确认 ones wait in their process, the 已驳回 one was refused. */
async function seedDoubleReports(c: Ctx, branches: Branch[], names: string[]): Promise<DemoApprovals> {
  const ids = await insert(
    c,
    'app_party_double_report',
    names.slice(30, 42).map((name, i) => {
      const state = i < 3 ? 0 : i === 3 ? 2 : i === 4 ? 3 : 1;
      return {
        report_kind: 1,
        name,
        phone: phoneOf(200 + i),
        unit_name: UNITS[i % UNITS.length],
        unit_type: (i % 3) + 1,
        unit_party_org: `${UNITS[i % UNITS.length]}机关党支部`,
        party_dept_id: branches[i % branches.length]!.id,
        service_intention: `${(i % 8) + 1},${((i + 3) % 8) + 1}`,
        report_time: at(-120 + i * 9),
        report_status: state,
        confirm_time: state === 1 || state === 3 ? at(-118 + i * 9) : null,
        service_hours: state === 1 ? 4 + i : 0,
        cancel_reason: state === 3 ? '已搬离本社区' : null,
        cancel_time: state === 3 ? at(-10) : null,
      };
    }),
  );
  return { waiting: ids.slice(0, 3), rejected: ids[3] ? [[ids[3], '报到社区与居住地不符']] : [] };
}

export async function seedPartyDemo({ trx, tenantIds }: DemoSeedArgs): Promise<void> {
  const now = formatDateTime();
  for (const [t, tenantId] of tenantIds.entries()) {
    const c: Ctx = { trx, tenantId, now };
    const reviewer = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'admin')
      .executeTakeFirst();
    const branches = await seedTree(c);
    const members = await seedMembers(c, branches, memberNames(t === 0 ? 140 : 60, t * 17), t);
    const names = members.map((m) => m.name);
    await seedDuty(c, branches, members);
    const sections = await seedSections(c);
    const activities = await seedActivities(c, branches, sections.party, names);
    await seedArticles(c, sections, activities);
    await seedStudyReads(c);
    await seedReports(c, branches, members, reviewer ? String(reviewer.id) : null);
    const appraisal = await seedAppraisal(c, branches, members);
    const discipline = await seedDiscipline(c, names);
    const doubleReports = await seedDoubleReports(c, branches, names);
    const applying = members.slice(-APPLYING).map((m) => m.id);
    const work = new Map<ResourceDef, DemoApprovals>([
      [
        partyArchiveResource,
        { waiting: applying.slice(1), rejected: [[applying[0]!, '材料不全，请补充入党时间证明']] },
      ],
      [partyDoubleReportResource, doubleReports],
      [partyAppraiseUserResource, appraisal],
      [disciplineReportResource, discipline],
    ]);
    await seedDemoApprovals(trx, tenantId, work);
  }
}

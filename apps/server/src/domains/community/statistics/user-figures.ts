/** get2UserDataById?userId: one user's own figures (the "2user" calls answer about one user, as
 * getResult2user answers one user's sheet): their points (balance, earned and spent in the range), their
 * enrolments and service, what they submitted and answered, their loans and reads. The user must be one
 * the caller may see in 用户管理 (their tenant and data scope, scope.ts); their figures are all their own
 * rows, wherever they were recorded. Counted in one statement (figures.ts). */
import { sql } from 'kysely';
import type { Trx } from '../../../db/database.js';
import { forbidden, notFound } from '../../../http/envelope.js';
import { INCOME } from '../../../points/score-ledger.js';
import { figuresOf, type Figure, type Where } from './figures.js';
import type { Range } from './range.js';
import { inScope, type StatsScope } from './scope.js';

const within = (column: string, range: Range): Where => [
  [column, '>=', range.start],
  [column, '<=', range.end],
];

const enrolled: Where = [['enroll_status', '=', 1]];
const served: Where = [...enrolled, ['settle_status', '=', 1], ['sign_status', '=', 1]];

const figures = (range: Range) =>
  ({
    scoreBalance: [
      'app_score_flow',
      [],
      { sum: sql`case when direction = ${INCOME} then score else -score end` },
    ],
    scoreEarned: [
      'app_score_flow',
      [['direction', '=', INCOME], ...within('flow_time', range)],
      { sum: sql`score` },
    ],
    scoreSpent: [
      'app_score_flow',
      [['direction', '<>', INCOME], ...within('flow_time', range)],
      { sum: sql`score` },
    ],
    volunteerEnrolments: ['app_micro_volunteer_user', enrolled],
    volunteerServed: ['app_micro_volunteer_user', served],
    serviceHours: ['app_micro_volunteer_user', served, { sum: sql`service_hours` }],
    partyActivityEnrolments: ['app_party_activity2user', enrolled],
    solidarityEnrolments: ['app_solidarity_activity_user', enrolled],
    complaints: ['app_sys_complain'],
    advice: ['app_sys_advice'],
    snaps: ['app_sys_report'],
    questionnairesAnswered: ['app_questionnaire_user', [['answer_status', '=', 1]]],
    facilityLoans: ['app_share_facility_user'],
    browsesInRange: ['app_browse_log', within('browse_time', range)],
    households: ['app_household'],
    partyMemberships: ['app_party_archive', [['audit_status', '=', 1]]],
  }) satisfies Record<string, Figure>;

/** The figures of `userId`, a user of the caller's tenant within their data scope (else 404 / 403). */
export async function userFigures(trx: Trx, scope: StatsScope, range: Range, userId: string) {
  const account = () =>
    trx
      .selectFrom('blade_user')
      .select(['id', 'account', 'real_name', 'user_type', 'dept_id'])
      .where('tenant_id', '=', scope.tenantId)
      .where('id', '=', userId)
      .where('is_deleted', '=', 0);
  const user = await account().executeTakeFirst();
  if (!user) throw notFound('用户不存在');
  if (!(await account().where(inScope('blade_user', scope)).executeTakeFirst()))
    throw forbidden('无权查看该用户的数据');
  const { partyMemberships, ...n } = await figuresOf(
    trx,
    scope.tenantId,
    () => (eb) => eb('app_user_id', '=', userId),
    figures(range),
  );
  return {
    userId,
    account: String(user.account ?? ''),
    realName: String(user.real_name ?? ''),
    userType: Number(user.user_type),
    deptId: String(user.dept_id ?? ''),
    ...n,
    partyMember: partyMemberships > 0,
  };
}

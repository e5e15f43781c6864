/** The figures of 数据统计: users and members (get2UserDataById without a user) and per-module totals
 * with what waits for the office (getDataCount), within the caller's data scope (scope.ts). Totals are
 * all-time; `inRange` counts rows created within the range. Each endpoint's counts travel as one
 * statement (figures.ts). */
import { ALARM_UNHANDLED } from '@tongxin/resources';
import { sql } from 'kysely';
import type { Trx } from '../../../db/database.js';
import { figuresOf, type Figure, type Where } from './figures.js';
import type { Range } from './range.js';
import { inScope, type StatsScope } from './scope.js';

const inScopeOf = (scope: StatsScope) => (table: string) => inScope(table, scope);

const created = (range: Range): Where => [
  ['create_time', '>=', range.start],
  ['create_time', '<=', range.end],
];

/** The user data of the caller's scope: residents' accounts, members, volunteers and newcomers. */
export async function userData(trx: Trx, scope: StatsScope, range: Range) {
  const appUsers: Where = [['user_type', '=', 2]];
  const today = range.end.slice(0, 10);
  const daysBack = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const since = (day: string): Where => [...appUsers, ['create_time', '>=', `${day} 00:00:00`]];
  return figuresOf(trx, scope.tenantId, inScopeOf(scope), {
    totalUsers: ['blade_user', appUsers],
    authedUsers: ['app_household', [], { distinct: 'app_user_id' }],
    partyMembers: ['app_party_archive', [['audit_status', '=', 1]]],
    volunteers: ['app_micro_volunteer_user', [['enroll_status', '=', 1]], { distinct: 'app_user_id' }],
    doubleReportMembers: ['app_party_double_report', [['report_status', '=', 1]]],
    newUsersToday: ['blade_user', since(today)],
    newUsersWeek: ['blade_user', since(daysBack(6))],
    newUsersMonth: ['blade_user', since(daysBack(29))],
    newUsersInRange: ['blade_user', [...appUsers, ...created(range)]],
  });
}

/** The modules with a total and what waits for the office: table and the pending condition. */
const PAIRS = {
  complain: ['app_sys_complain', [['handle_status', 'in', [0, 1]]]],
  snap: ['app_sys_report', [['handle_status', 'in', [0, 1]]]],
  feedback: ['app_sys_advice', [['reply_status', '=', 0]]],
  disciplineReport: ['app_discipline_report', [['handle_status', 'in', [0, 1]]]],
  householdRecord: ['app_household_record', [['audit_status', '=', 0]]],
  partyArchive: ['app_party_archive', [['audit_status', '=', 0]]],
  doubleReport: ['app_party_double_report', [['report_status', '=', 0]]],
  facilityBorrow: ['app_share_facility_user', [['borrow_status', '=', 0]]],
} satisfies Record<string, [string, Where]>;

/** 未处理 alarms (docs/domain-model.md#设备告警-ocalarm, the rule the shell's bell counts by too). */
const UNHANDLED: Where = [[ALARM_UNHANDLED.column, '=', ALARM_UNHANDLED.value]];

export async function dataCounts(trx: Trx, scope: StatsScope, range: Range) {
  const alarmsInRange: Where = [
    ['alarm_time', '>=', range.start],
    ['alarm_time', '<=', range.end],
  ];
  const alarmLevels = await trx
    .selectFrom('app_oc_alarm')
    .select(['alarm_level', sql<string>`count(*)`.as('n')])
    .where('tenant_id', '=', scope.tenantId)
    .where(inScope('app_oc_alarm', scope))
    .where('is_deleted', '=', 0)
    .where('alarm_time', '>=', range.start)
    .where('alarm_time', '<=', range.end)
    .groupBy('alarm_level')
    .execute();
  const figures: Record<string, Figure> = {
    alarmTotal: ['app_oc_alarm'],
    alarmUnhandled: ['app_oc_alarm', UNHANDLED],
    alarmHandling: ['app_oc_alarm', [['handle_status', '=', 1]]],
    alarmInRange: ['app_oc_alarm', alarmsInRange],
    residents: ['app_household'],
    partyMembers: ['app_party_archive', [['audit_status', '=', 1]]],
    volunteerActivities: ['app_micro_volunteer'],
    solidarityActivities: ['app_solidarity_activity'],
    temples: ['app_temple_info'],
    devices: ['app_oc_device'],
    meshes: ['app_map_mesh'],
    activitiesInRange: ['app_micro_volunteer', created(range)],
  };
  for (const [key, [table, pending]] of Object.entries(PAIRS)) {
    figures[`${key}Total`] = [table];
    figures[`${key}Pending`] = [table, pending as Where];
  }
  const n = await figuresOf(trx, scope.tenantId, inScopeOf(scope), figures);
  const pairs = Object.fromEntries(
    Object.keys(PAIRS).map((key) => [key, { total: n[`${key}Total`]!, pending: n[`${key}Pending`]! }]),
  ) as Record<keyof typeof PAIRS, { total: number; pending: number }>;
  return {
    ...pairs,
    alarm: {
      total: n.alarmTotal!,
      unhandled: n.alarmUnhandled!,
      handling: n.alarmHandling!,
      inRange: n.alarmInRange!,
      byLevel: alarmLevels.map((r) => ({ level: Number(r.alarm_level), count: Number(r.n) })),
    },
    residents: n.residents!,
    partyMembers: n.partyMembers!,
    volunteerActivities: n.volunteerActivities!,
    solidarityActivities: n.solidarityActivities!,
    temples: n.temples!,
    devices: n.devices!,
    meshes: n.meshes!,
    activitiesInRange: n.activitiesInRange!,
  };
}

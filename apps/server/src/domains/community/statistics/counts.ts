/** The figures of 数据统计: users and members (get2UserDataById without a user) and per-module totals
 * with what waits for the office (getDataCount; the modules are the definitions' `counted`), within the
 * caller's data scope (scope.ts). Totals are
 * all-time; `inRange` counts rows created within the range. Each endpoint's counts travel as one
 * statement (figures.ts). */
import { ALARM_UNHANDLED, countedResources, pendingColumn, resources } from '@tongxin/resources';
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

/** The definitions counted with a total and what waits for the office (their `counted`), in the chart's
 * order: the key, the table and the pending condition. */
const REQUESTS = countedResources(resources).map((def) => ({
  def,
  key: def.counted.key,
  pending: [[pendingColumn(def), 'in', def.counted.pending.in]] satisfies Where,
}));

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
  for (const { def, key, pending } of REQUESTS) {
    figures[`${key}Total`] = [def.table];
    figures[`${key}Pending`] = [def.table, pending];
  }
  const n = await figuresOf(trx, scope.tenantId, inScopeOf(scope), figures);
  // each counted resource under its key, and all of them in order with their wording for the chart
  const requests = REQUESTS.map(({ def, key }) => ({
    key,
    label: def.counted.label ?? def.label,
    total: n[`${key}Total`]!,
    pending: n[`${key}Pending`]!,
  }));
  return {
    ...Object.fromEntries(requests.map(({ key, total, pending }) => [key, { total, pending }])),
    requests,
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

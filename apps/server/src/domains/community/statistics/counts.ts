/** The figures of 数据统计: users and members (get2UserDataById) and per-module totals with what waits
 * for the office (getDataCount). Totals are all-time; `inRange` counts rows created within the range. */
import { sql } from 'kysely';
import type { Trx } from '../../../db/database.js';
import type { Range } from './range.js';

type Where = [column: string, op: '=' | 'in' | '>=' | '<=', value: unknown][];

async function count(trx: Trx, table: string, where: Where = [], distinct?: string): Promise<number> {
  let q = trx
    .selectFrom(table)
    .select((distinct ? sql<string>`count(distinct ${sql.ref(distinct)})` : sql<string>`count(*)`).as('n'))
    .where('is_deleted', '=', 0);
  for (const [column, op, value] of where) q = q.where(column, op, value as never);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

const created = (range: Range): Where => [
  ['create_time', '>=', range.start],
  ['create_time', '<=', range.end],
];

export async function userData(trx: Trx, range: Range, userId: string) {
  const appUsers: Where = [['user_type', '=', 2]];
  const today = range.end.slice(0, 10);
  const daysBack = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const since = (day: string): Where => [...appUsers, ['create_time', '>=', `${day} 00:00:00`]];
  return {
    userId,
    totalUsers: await count(trx, 'blade_user', appUsers),
    authedUsers: await count(trx, 'app_household', [], 'app_user_id'),
    partyMembers: await count(trx, 'app_party_archive', [['audit_status', '=', 1]]),
    volunteers: await count(trx, 'app_micro_volunteer_user', [['enroll_status', '=', 1]], 'app_user_id'),
    doubleReportMembers: await count(trx, 'app_party_double_report', [['report_status', '=', 1]]),
    newUsersToday: await count(trx, 'blade_user', since(today)),
    newUsersWeek: await count(trx, 'blade_user', since(daysBack(6))),
    newUsersMonth: await count(trx, 'blade_user', since(daysBack(29))),
    newUsersInRange: await count(trx, 'blade_user', [...appUsers, ...created(range)]),
  };
}

const pair = async (trx: Trx, table: string, pending: Where) => ({
  total: await count(trx, table),
  pending: await count(trx, table, pending),
});

export async function dataCounts(trx: Trx, range: Range) {
  const alarmsInRange: Where = [
    ['alarm_time', '>=', range.start],
    ['alarm_time', '<=', range.end],
  ];
  const alarmLevels = await trx
    .selectFrom('app_oc_alarm')
    .select(['alarm_level', sql<string>`count(*)`.as('n')])
    .where('is_deleted', '=', 0)
    .where('alarm_time', '>=', range.start)
    .where('alarm_time', '<=', range.end)
    .groupBy('alarm_level')
    .execute();
  return {
    complain: await pair(trx, 'app_sys_complain', [['handle_status', 'in', [0, 1]]]),
    snap: await pair(trx, 'app_sys_report', [['handle_status', 'in', [0, 1]]]),
    feedback: await pair(trx, 'app_sys_advice', [['reply_status', '=', 0]]),
    disciplineReport: await pair(trx, 'app_discipline_report', [['handle_status', 'in', [0, 1]]]),
    householdRecord: await pair(trx, 'app_household_record', [['audit_status', '=', 0]]),
    partyArchive: await pair(trx, 'app_party_archive', [['audit_status', '=', 0]]),
    doubleReport: await pair(trx, 'app_party_double_report', [['report_status', '=', 0]]),
    facilityBorrow: await pair(trx, 'app_share_facility_user', [['borrow_status', '=', 0]]),
    alarm: {
      total: await count(trx, 'app_oc_alarm'),
      unhandled: await count(trx, 'app_oc_alarm', [['handle_status', 'in', [0, 1]]]),
      inRange: await count(trx, 'app_oc_alarm', alarmsInRange),
      byLevel: alarmLevels.map((r) => ({ level: Number(r.alarm_level), count: Number(r.n) })),
    },
    residents: await count(trx, 'app_household'),
    partyMembers: await count(trx, 'app_party_archive', [['audit_status', '=', 1]]),
    volunteerActivities: await count(trx, 'app_micro_volunteer'),
    solidarityActivities: await count(trx, 'app_solidarity_activity'),
    temples: await count(trx, 'app_temple_info'),
    devices: await count(trx, 'app_oc_device'),
    meshes: await count(trx, 'app_map_mesh'),
    activitiesInRange: await count(trx, 'app_micro_volunteer', created(range)),
  };
}

/** A party activity's state (dict `activity_status`) follows from its times and its cancellation:
 * 5 已取消 once cancelled; else before enrolment opens 0, while it is open 1 报名中, until the start
 * 2 报名截止, until the end 3 进行中, then 4 已结束. Computed on every read and search, so it never
 * waits for a scheduler. */
import { sql, type RawBuilder } from 'kysely';

export const CANCELLED = 5;
export const ENDED = 4;

/** Times as the wire and the database hand them (`yyyy-MM-dd HH:mm:ss`, comparable as text). */
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function activityState(row: Record<string, unknown>, now: string): number {
  const get = (snake: string, camel: string) => text(row[camel] ?? row[snake]);
  if (get('cancel_time', 'cancelTime')) return CANCELLED;
  if (now < get('enroll_start_time', 'enrollStartTime')) return 0;
  const start = get('start_time', 'startTime');
  if (now < start && now < get('enroll_end_time', 'enrollEndTime')) return 1;
  if (now < start) return 2;
  if (now < get('end_time', 'endTime')) return 3;
  return ENDED;
}

/** The same rule in SQL, for searching by state. */
export function activityStateSql(now: string): RawBuilder<number> {
  const t = sql`cast(${now} as timestamp)`;
  return sql<number>`(case
    when cancel_time is not null then 5
    when ${t} < enroll_start_time then 0
    when ${t} < start_time and ${t} < enroll_end_time then 1
    when ${t} < start_time then 2
    when ${t} < end_time then 3
    else 4 end)`;
}

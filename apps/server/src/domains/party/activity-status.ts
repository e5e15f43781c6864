/** A party activity's state (dict `activity_status`) is stored, moved by the definition's time transitions
 * (partyActivity's `lapses`: 0 → 1 报名中 at the enrolment's start → 2 报名截止 at its end → 3 进行中 at the
 * start → 4 已结束 at the end) as the sweep finds them passed, and set at once on every write from the
 * same transitions; a cancelled activity is 5 已取消 for good. One rule, in the definition. */
import { partyActivityResource } from '@tongxin/resources';
import type { Row } from '../../db/database.js';
import { lapsed } from '../../engine/crud/lapses.js';

export const CANCELLED = 5;
export const ENDED = 4;

/** The state the times of `row` (stored columns) give at `now`: what the sweep stores. */
export function activityState(row: Row, now: string): number {
  if (row.cancel_time) return CANCELLED;
  return Number(lapsed(partyActivityResource, { ...row, activity_status: 0 }, now).activity_status);
}

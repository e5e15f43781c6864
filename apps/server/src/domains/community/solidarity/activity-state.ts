/** A 民族团结活动's state follows its approval (docs/domain-model.md#民族团结活动-solidarityactivity: audited before it
 * is published): a new activity is 草稿 (0) while the SolidarityActivity approval waits, and stays so when
 * rejected or withdrawn; the pass (audit_status 1) publishes it in the state its times give at once (报名中
 * within its enrolment window: an approval's move stores the state the definition's time transitions give,
 * engine/crud/transition.ts `settle`), and the lapses move it on from there. A cancelled activity keeps
 * 已取消. */
import { solidarityActivityResource } from '@tongxin/resources';
import type { Row } from '../../../db/database.js';
import type { ResourceHooks } from '../../../engine/crud/hooks.js';
import { lapsed } from '../../../engine/crud/lapses.js';
import { formatDateTime } from '../../../util/datetime.js';

export const DRAFT = 0;
export const ENROLLING = 1;
export const CANCELLED = 5;
export const APPROVED = 1;

/** The state of a published (approved) activity at `now`, by its times. */
export const publishedState = (row: Row, now: string): number =>
  Number(
    lapsed(solidarityActivityResource, { ...row, activity_status: DRAFT, audit_status: APPROVED }, now)
      .activity_status,
  );

export const solidarityActivityHooks: ResourceHooks = {
  /** Not approved: 草稿; approved: the state of its (possibly changed) times; cancelled: kept. */
  async beforeWrite(_args, values, existing) {
    if (existing && Number(existing.activity_status) === CANCELLED) return;
    values.activity_status =
      existing && Number(existing.audit_status) === APPROVED
        ? publishedState({ ...existing, ...values }, formatDateTime())
        : DRAFT;
  },
};

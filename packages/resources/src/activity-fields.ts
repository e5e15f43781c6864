/** Field and action builders the activity definitions share (党员活动, 微志愿活动, 民族团结活动,
 * docs/domain-model.md#党员活动-partyactivity) and every record cancelled with a reason (an activity, an
 * enrolment, a dual registration): one shape each, written once. */
import type { ActionDef, FieldDef, StateCondition } from './define';
import { statusMove, type StatusMove } from './status-actions';

/** A time the form asks for (`required` is its message), not listed unless `extra` says so. */
export const timeField = (
  name: string,
  zh: string,
  en: string,
  required: string,
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  kind: 'datetime',
  label: { zh, en },
  required,
  list: false,
  ...extra,
});

/** An activity's four times: it starts (listed, sorted, searched by range) and ends; enrolment opens and
 * closes. The lapses move the activity's state by them. */
export const activityTimes = (): FieldDef[] => [
  timeField('startTime', '开始时间', 'Starts', '请选择开始时间', {
    list: true,
    sortable: true,
    search: 'range',
  }),
  timeField('endTime', '结束时间', 'Ends', '请选择结束时间'),
  timeField('enrollStartTime', '报名开始', 'Enrolment opens', '请选择报名开始时间'),
  timeField('enrollEndTime', '报名截止', 'Enrolment closes', '请选择报名截止时间'),
];

/** A count the server keeps (enrolled, signed in, views): shown, never written, zero at first. */
export const counterField = (
  name: string,
  zh: string,
  en: string,
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  kind: 'int',
  label: { zh, en },
  readOnly: true,
  defaultValue: 0,
  nullable: false,
  ...extra,
});

/** The contact of an activity: name and landline or mobile. */
export const contactFields = (): FieldDef[] => [
  { name: 'contactName', kind: 'string', label: { zh: '联系人', en: 'Contact' }, maxLength: 32, list: false },
  {
    name: 'contactPhone',
    kind: 'string',
    label: { zh: '联系电话', en: 'Phone' },
    maxLength: 32,
    rule: 'telephone',
    list: false,
  },
];

/** What an activity leaves behind: its summary and photos. */
export const activitySummaryFields = (): FieldDef[] => [
  {
    name: 'summary',
    kind: 'text',
    label: { zh: '活动总结', en: 'Summary' },
    maxLength: 5000,
    multiline: true,
    list: false,
  },
  {
    name: 'summaryImages',
    kind: 'images',
    label: { zh: '活动照片', en: 'Photos' },
    maxLength: 2000,
    maxCount: 9,
    list: false,
  },
];

/** The reason a cancellation asks for (`word`: 取消, or 注销 for a registration), stored in `cancelReason`. */
export const cancelReasonInput = (word = '取消'): NonNullable<ActionDef['reason']> => ({
  field: 'cancelReason',
  label: { zh: `${word}原因`, en: 'Reason' },
  required: `请输入${word}原因`,
  maxLength: 200,
});

/** The stored reason, shown while the record is in its cancelled state `when`. */
export const cancelReasonField = (
  when: StateCondition,
  word = '取消',
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name: 'cancelReason',
  kind: 'string',
  label: { zh: `${word}原因`, en: 'Cancel reason' },
  maxLength: 200,
  readOnly: true,
  list: false,
  visibleWhen: when,
  ...extra,
});

/** When the record was cancelled, shown while it is in its cancelled state `when`. */
export const cancelTimeField = (when: StateCondition, word = '取消'): FieldDef => ({
  name: 'cancelTime',
  kind: 'datetime',
  label: { zh: `${word}时间`, en: 'Cancelled' },
  readOnly: true,
  list: false,
  visibleWhen: when,
});

/** 取消活动: the row action the engine serves, moving the activity to its cancelled state with a reason. */
export const cancelActivity = (move: StatusMove, extra: Partial<ActionDef> = {}): ActionDef =>
  statusMove('cancel', { zh: '取消活动', en: 'Cancel' }, move, {
    verb: 'activityCancel',
    ...extra,
    danger: true,
    reason: cancelReasonInput(),
  });

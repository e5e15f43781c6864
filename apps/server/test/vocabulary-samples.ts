import { defineResource } from '@tongxin/resources';
import { label } from './sample-definitions.js';

// Definitions of no real screen, for the engine vocabulary tests (engine-vocabulary.test.ts): an activity
// with state-changing actions and a detail list, its enrolments, and a read-only log.

/** An activity: searched by title (two operators), state and start time (a range); cancelled with a
 * reason (POST activityCancel?ids=) from the states 草稿/报名中/报名截止, published (GET publish?activityId=)
 * from 草稿; its enrolments are its detail. */
export const activitySample = defineResource({
  name: 'sampleActivity',
  label: label('样例活动'),
  path: '/api/app-sample/activity',
  table: 'app_sample_activity',
  permission: 'sample_activity',
  tenant: true,
  audit: true,
  softDelete: true,
  labelField: 'title',
  fields: [
    {
      name: 'title',
      kind: 'string',
      label: label('活动标题'),
      required: true,
      maxLength: 64,
      unique: '活动标题已存在',
      search: ['like', 'equal'],
    },
    {
      name: 'activityStatus',
      kind: 'dict',
      label: label('活动状态'),
      dict: { code: 'activity_status' },
      defaultValue: 0,
      nullable: false,
      search: 'equal',
    },
    { name: 'startTime', kind: 'datetime', label: label('开始时间'), search: 'range' },
    { name: 'place', kind: 'string', label: label('地点'), maxLength: 64 },
    { name: 'seats', kind: 'int', label: label('名额'), nullable: false },
    {
      name: 'cancelReason',
      kind: 'string',
      label: label('取消原因'),
      maxLength: 200,
      readOnly: true,
      visibleWhen: { field: 'activityStatus', in: [5] },
    },
    { name: 'cancelTime', kind: 'datetime', label: label('取消时间'), readOnly: true },
    { name: 'cancelUser', kind: 'long', label: label('取消人'), readOnly: true },
  ],
  actions: [
    {
      name: 'cancel',
      label: label('取消'),
      placement: 'both',
      verb: 'activityCancel',
      reason: { field: 'reason', label: label('取消原因'), required: '请输入取消原因', maxLength: 200 },
      when: { field: 'activityStatus', in: [0, 1, 2] },
      effect: {
        set: { activityStatus: 5, cancelReason: '$reason', cancelTime: '$now', cancelUser: '$user' },
        from: { field: 'activityStatus', in: [0, 1, 2] },
      },
      danger: true,
    },
    {
      name: 'publish',
      label: label('发布'),
      placement: 'row',
      method: 'GET',
      idParam: 'activityId',
      effect: { set: { activityStatus: 1 }, from: { field: 'activityStatus', in: [0] } },
    },
  ],
  details: [{ resource: 'sampleEnroll', foreignKey: 'activityId' }],
});

/** An activity's enrolments (the detail rows): filtered by `activityId`. */
export const enrollSample = defineResource({
  name: 'sampleEnroll',
  label: label('样例报名'),
  path: '/api/app-sample/enroll',
  table: 'app_sample_enroll',
  permission: 'sample_enroll',
  tenant: true,
  audit: true,
  softDelete: true,
  fields: [
    { name: 'activityId', kind: 'long', label: label('活动'), required: true, index: true },
    { name: 'userName', kind: 'string', label: label('报名人'), required: true, maxLength: 32 },
  ],
});

/** A log: read-only (list, page, detail, export; nothing written by clients). */
export const logSample = defineResource({
  name: 'sampleLog',
  label: label('样例日志'),
  path: '/api/app-sample/log',
  table: 'app_sample_log',
  permission: 'sample_log',
  tenant: true,
  audit: false,
  softDelete: false,
  version: false,
  readOnly: true,
  exportable: true,
  importable: true,
  fields: [
    { name: 'title', kind: 'string', label: label('标题'), maxLength: 64, search: 'like' },
    { name: 'createTime', kind: 'datetime', label: label('时间'), search: 'range' },
  ],
});

/** An application residents file for themselves (`own`): changed only while it waits (`editableWhen`),
 * withdrawn by its applicant alone (an owner's effect action). */
export const applicationSample = defineResource({
  name: 'sampleApplication',
  label: label('样例申请'),
  path: '/api/app-sample/application',
  table: 'app_sample_application',
  permission: 'sample_application',
  own: { field: 'applicantId' },
  editableWhen: { field: 'state', in: [0] },
  tenant: true,
  audit: true,
  softDelete: true,
  labelField: 'subject',
  fields: [
    { name: 'applicantId', kind: 'long', label: label('申请人'), required: '请选择申请人' },
    { name: 'subject', kind: 'string', label: label('事项'), required: true, maxLength: 64 },
    {
      name: 'state',
      kind: 'dict',
      label: label('审核状态'),
      dict: { code: 'audit_status' },
      defaultValue: 0,
      nullable: false,
      readOnly: true,
    },
  ],
  actions: [
    {
      name: 'withdraw',
      label: label('撤回'),
      placement: 'row',
      mine: { field: 'applicantId' },
      when: { field: 'state', in: [0] },
      effect: { set: { state: 3 }, from: { field: 'state', in: [0] } },
    },
  ],
});

export const vocabularySamples = [activitySample, enrollSample, logSample, applicationSample];

/** The button codes the samples use (seeded as buttons for the tests). */
export const SAMPLE_CODES = [
  'sample_activity',
  ...['view', 'add', 'edit', 'delete', 'cancel', 'publish'].map((a) => `sample_activity_${a}`),
  'sample_enroll',
  ...['view', 'add', 'edit', 'delete'].map((a) => `sample_enroll_${a}`),
  'sample_log',
  ...['view', 'export', 'import'].map((a) => `sample_log_${a}`),
  'sample_application',
  ...['view', 'add', 'edit', 'delete', 'withdraw'].map((a) => `sample_application_${a}`),
];

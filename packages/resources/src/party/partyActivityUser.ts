import { cancelReasonField } from '../activity-fields';
import { columnOnly, defineResource } from '../define';
import { mobileField } from '../person-fields';
import { statusMove } from '../status-actions';

/** 报名管理 — docs/domain-model.md#活动报名-partyactivityuser: an activity's enrolments (a tab of the activity and
 * the 活动报名 screen). Server (domains/party/enrolment.ts): an enrolment is refused outside the
 * activity's window, past its limit, on a cancelled activity or twice for one member; it is 报名成功 at
 * once, or 待审核 when the activity reviews enrolments. 通过 / 驳回 / 签到 are state changes the engine
 * serves from the actions below. */
export const partyActivityUserResource = defineResource({
  name: 'partyActivityUser',
  label: { zh: '活动报名', en: 'Activity enrolments' },
  path: '/api/app_party_activity2user/partyactivity2user',
  table: 'app_party_activity2user',
  permission: 'party_activity_user',
  screens: ['/party/partyactivity2user'],
  menu: {
    parent: 'party_life',
    sort: 3,
    icon: 'UsergroupAddOutlined',
    label: { zh: '活动报名', en: 'Activity enrolment' },
    buttons: ['view', 'delete', 'export', 'add', 'edit', 'approve', 'reject', 'sign'],
  },
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  exportable: true,
  labelField: 'memberName',
  defaultSort: [{ field: 'enrollTime', direction: 'desc' }],
  states: { field: 'enrollStatus' },
  // 取消活动 of the activity (its `activityCancel` verb) cancels its live enrolments with its reason
  // (domains/party/activity.ts afterTransition)
  transitions: [
    {
      name: 'activityCancelled',
      field: 'enrollStatus',
      from: [0, 1],
      to: 3,
      set: { cancelReason: '$reason' },
      on: { verb: 'activityCancel' },
    },
  ],
  actions: [
    statusMove('approve', { zh: '通过', en: 'Approve' }, { field: 'enrollStatus', from: [0], to: 1 }),
    statusMove(
      'reject',
      { zh: '驳回', en: 'Reject' },
      { field: 'enrollStatus', from: [0], to: 2 },
      {
        reason: {
          field: 'auditRemark',
          label: { zh: '驳回理由', en: 'Reason' },
          required: '请输入驳回理由',
          maxLength: 500,
        },
        danger: true,
      },
    ),
    {
      name: 'sign',
      label: { zh: '签到', en: 'Sign in' },
      placement: 'both',
      when: { field: 'signStatus', in: [0] },
      effect: { set: { signStatus: 1, signTime: '$now' }, from: { field: 'enrollStatus', in: [1] } },
    },
  ],
  fields: [
    {
      name: 'activityId',
      kind: 'ref',
      label: { zh: '活动', en: 'Activity' },
      ref: { resource: 'partyActivity', labelField: 'title' },
      required: '请选择活动',
      search: 'equal',
      width: 180,
    },
    {
      name: 'partyArchiveId',
      kind: 'ref',
      label: { zh: '党员', en: 'Member' },
      ref: {
        resource: 'partyArchive',
        labelField: 'name',
        pick: { title: { zh: '请选择党员', en: 'Select a party member' }, columns: ['name', 'idCard'] },
      },

      list: false,
      view: false,
      index: true,
    },
    {
      name: 'memberName',
      kind: 'string',
      label: { zh: '报名人', en: 'Name' },
      help: { zh: '选择党员时自动填写', en: 'Filled from the member chosen' },
      maxLength: 32,
      search: 'like',
      width: 100,
    },
    mobileField({ label: { zh: '联系电话', en: 'Phone' }, width: 130 }),
    {
      name: 'enrollTime',
      kind: 'datetime',
      label: { zh: '报名时间', en: 'Enrolled' },
      readOnly: true,
      search: 'range',
      sortable: true,
      width: 170,
    },
    {
      name: 'enrollStatus',
      kind: 'dict',
      label: { zh: '报名状态', en: 'Enrolment' },
      dict: { code: 'enroll_status' },
      readOnly: true,
      defaultValue: 1,
      nullable: false,
      search: 'equal',
      width: 100,
    },
    {
      name: 'signStatus',
      kind: 'dict',
      label: { zh: '签到状态', en: 'Sign-in' },
      dict: { code: 'sign_status' },
      readOnly: true,
      defaultValue: 0,
      nullable: false,
      search: 'equal',
      width: 90,
    },
    {
      name: 'signTime',
      kind: 'datetime',
      label: { zh: '签到时间', en: 'Signed in' },
      readOnly: true,
      list: false,
    },
    {
      name: 'auditRemark',
      kind: 'string',
      label: { zh: '驳回理由', en: 'Reject reason' },
      maxLength: 500,
      readOnly: true,
      list: false,
      visibleWhen: { field: 'enrollStatus', in: [2] },
    },
    cancelReasonField({ field: 'enrollStatus', in: [3] }, '取消', { list: true, width: 160 }),
    columnOnly({ name: 'appUserId', kind: 'long', label: { zh: '报名账号', en: 'Account' } }),
    columnOnly({
      name: 'scoreGranted',
      kind: 'int',
      label: { zh: '积分已发放', en: 'Points granted' },
      defaultValue: 0,
      nullable: false,
    }),
  ],
});

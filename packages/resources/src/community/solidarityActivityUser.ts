import { defineResource } from '../define';
import { mobileField, nationField } from '../person-fields';
import { personNameField } from '../person-fields';

/** 民族团结活动报名 — docs/domain-model.md#团结活动报名-solidarityactivityuser: a participant of a unity activity (a party
 * activity's enrolment without the member record, plus `nation` for the 各民族参与人数 statistics). Shown in the
 * activity's drawer; the wire of the activity screen pages it (getEnrollUsersPage). */
export const solidarityActivityUserResource = defineResource({
  name: 'solidarityActivityUser',
  label: { zh: '团结活动报名', en: 'Unity participants' },
  path: '/api/app-solidarity-activity-user/solidarityactivity2user',
  table: 'app_solidarity_activity_user',
  permission: 'solidarity_activity',
  tenant: true,
  audit: true,
  softDelete: true,
  exportable: false,
  drawerWidth: 700,
  labelField: 'name',
  defaultSort: [{ field: 'enrollTime', direction: 'desc' }],
  fields: [
    {
      name: 'activityId',
      kind: 'ref',
      label: { zh: '活动', en: 'Activity' },
      ref: { resource: 'solidarityActivity', labelField: 'title' },
      required: '请选择活动',
      search: 'equal',
    },
    {
      name: 'appUserId',
      kind: 'ref',
      label: { zh: '报名人', en: 'Participant' },
      ref: { resource: 'user', labelField: 'realName' },
      list: false,
    },
    personNameField(),
    mobileField({ label: { zh: '电话', en: 'Phone' } }),
    nationField({ search: 'equal', list: undefined }),
    { name: 'enrollTime', kind: 'datetime', label: { zh: '报名时间', en: 'Enrolled' }, sortable: true },
    {
      name: 'enrollStatus',
      kind: 'dict',
      label: { zh: '报名状态', en: 'Enrolment' },
      dict: { code: 'enroll_status' },
      defaultValue: 1,
      nullable: false,
      search: 'equal',
    },
    {
      name: 'auditRemark',
      kind: 'string',
      label: { zh: '驳回理由', en: 'Refusal' },
      maxLength: 500,
      list: false,
    },
    {
      name: 'signStatus',
      kind: 'dict',
      label: { zh: '签到状态', en: 'Attendance' },
      dict: { code: 'sign_status' },
      defaultValue: 0,
      nullable: false,
    },
    { name: 'signTime', kind: 'datetime', label: { zh: '签到时间', en: 'Signed in' }, list: false },
    {
      name: 'cancelReason',
      kind: 'string',
      label: { zh: '取消原因', en: 'Cancel reason' },
      maxLength: 200,
      list: false,
    },
  ],
});

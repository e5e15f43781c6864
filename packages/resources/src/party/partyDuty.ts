import { columnOnly, defineResource } from '../define';
import { mobileField } from '../person-fields';

/** 党员值班 — docs/domain-model.md#党员值班-partyduty (one table: the slot and the member's record). Not
 * approval-driven. */
export const partyDutyResource = defineResource({
  name: 'partyDuty',
  label: { zh: '党员值班', en: 'Party duty' },
  path: '/api/app-party-duty/partyduty',
  table: 'app_party_duty',
  permission: 'party_duty',
  screens: ['/party/partyduty'],
  menu: { parent: 'party_life', sort: 6, icon: 'ScheduleOutlined' },
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 700,
  exportable: true,
  labelField: 'dutyPlace',
  defaultSort: [{ field: 'dutyDate', direction: 'desc' }],
  // The duty list is filtered by post and status together (bench/: 1M rows, most recent ones future shifts
  // of status 0): one index for both beats either field's own.
  searchedTogether: [['dutyPost', 'dutyStatus']],
  fields: [
    {
      name: 'dutyPlace',
      kind: 'string',
      label: { zh: '值班地点', en: 'Place' },
      required: '请输入值班地点',
      maxLength: 200,
      search: 'like',
    },
    {
      name: 'dutyPost',
      kind: 'dict',
      label: { zh: '值班岗位', en: 'Post' },
      dict: { code: 'duty_post', biz: true },
      search: 'equal',
    },
    {
      name: 'dutyDate',
      kind: 'date',
      label: { zh: '值班日期', en: 'Date' },
      required: '请选择值班日期',
      sortable: true,
    },
    {
      name: 'shift',
      kind: 'dict',
      label: { zh: '班次', en: 'Shift' },
      dict: { code: 'duty_shift', biz: true },
    },
    {
      name: 'memberName',
      kind: 'string',
      label: { zh: '值班党员', en: 'Member' },
      required: '请输入值班党员',
      maxLength: 32,
      search: 'like',
    },
    mobileField({ label: { zh: '联系电话', en: 'Phone' } }),
    {
      name: 'dutyStatus',
      kind: 'dict',
      label: { zh: '状态', en: 'Status' },
      dict: { code: 'duty_status' },
      defaultValue: 0,
      nullable: false,
      search: 'equal',
    },
    { name: 'receptionNum', kind: 'int', label: { zh: '接待人数', en: 'Visitors' }, min: 0 },
    {
      name: 'dutyContent',
      kind: 'text',
      label: { zh: '值班记录', en: 'Record' },
      maxLength: 2000,
      multiline: true,
      list: false,
    },
    // Columns of the table no screen shows yet (the slot, the claim, sign-in/out).
    columnOnly({ name: 'communityId', kind: 'long', label: { zh: '所属社区', en: 'Community' } }),
    columnOnly({ name: 'partyDeptId', kind: 'long', label: { zh: '所属党组织', en: 'Party branch' } }),
    columnOnly({ name: 'startTime', kind: 'datetime', label: { zh: '开始时间', en: 'Starts' } }),
    columnOnly({ name: 'endTime', kind: 'datetime', label: { zh: '结束时间', en: 'Ends' } }),
    columnOnly({ name: 'partyArchiveId', kind: 'long', label: { zh: '值班党员档案', en: 'Member record' } }),
    columnOnly({
      name: 'claimType',
      kind: 'int',
      label: { zh: '排班方式', en: 'Claim type' },
      defaultValue: 1,
      nullable: false,
    }),
    columnOnly({ name: 'signInTime', kind: 'datetime', label: { zh: '签到时间', en: 'Signed in' } }),
    columnOnly({ name: 'signOutTime', kind: 'datetime', label: { zh: '签退时间', en: 'Signed out' } }),
    columnOnly({
      name: 'serviceHours',
      kind: 'decimal',
      label: { zh: '服务时长', en: 'Service hours' },
      precision: [4, 1],
    }),
  ],
});

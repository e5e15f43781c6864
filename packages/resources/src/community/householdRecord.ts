import { defineResource } from '../define';
import { idCardField, mobileField } from '../person-fields';
import { personNameField } from '../person-fields';
import { statusMove } from '../status-actions';
import { appUserField, communityField } from './shared-fields';

const AUDIT = 'household_record_audit';

/** 住户认证/变更记录 — docs/domain-model.md#住户变更记录-householdrecord: a resident's move-in certification, change or
 * move-out request, filed by the resident for themself (申请来源 居民App) or entered by the back office (后台代办).
 * Passing it (a community verb) creates or updates the household row in the same transaction; the resident
 * may withdraw it (已撤回) while it waits; a decided or withdrawn request is not changed any more. */
export const householdRecordResource = defineResource({
  name: 'householdRecord',
  label: { zh: '住户变更记录', en: 'Household applications' },
  path: '/api/app-household-record/householdRecord',
  table: 'app_household_record',
  permission: 'household_record',
  screens: ['/community/householdrecord'],
  menu: {
    parent: 'household_manage',
    sort: 2,
    icon: 'IdcardOutlined',
    label: { zh: '住户认证', en: 'Household applications' },
    buttons: ['view', 'add', 'edit', 'audit', 'delete', 'withdraw'],
  },
  counted: {
    key: 'householdRecord',
    sort: 5,
    pending: { field: 'auditStatus', in: [0] },
    label: { zh: '住户认证', en: 'Household checks' },
  },
  own: { field: 'appUserId' },
  editableWhen: { field: 'auditStatus', in: [0] },
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 900,
  labelField: 'name',
  dataScope: { deptColumn: 'community_id' },
  defaultSort: [{ field: 'applyTime', direction: 'desc' }],
  states: { field: 'auditStatus' },
  // 通过 (the `auditPass` verb, which also writes the household, domains/community/household.ts)
  transitions: [
    {
      name: 'auditPass',
      field: 'auditStatus',
      from: [0],
      to: 1,
      set: { auditTime: '$now', auditUser: '$user' },
      on: { verb: 'auditPass' },
    },
  ],
  actions: [
    {
      name: 'auditPass',
      label: { zh: '通过', en: 'Approve' },
      code: AUDIT,
      placement: 'row',
      verb: 'auditPass',
      confirm: { zh: '确定审核通过? 住户信息将随之更新', en: 'Approve? The household is updated.' },
      when: { field: 'auditStatus', in: [0] },
    },
    statusMove(
      'auditReject',
      { zh: '驳回', en: 'Reject' },
      { field: 'auditStatus', from: [0], to: 2, set: { auditTime: '$now', auditUser: '$user' } },
      {
        code: AUDIT,
        verb: 'auditReject',
        reason: {
          field: 'auditRemark',
          label: { zh: '驳回理由', en: 'Reason' },
          required: '请输入驳回理由',
          maxLength: 500,
        },
        danger: true,
      },
    ),
    // the applicant's own, while nobody decided it (while still 待审核)
    {
      name: 'withdraw',
      label: { zh: '撤回', en: 'Withdraw' },
      placement: 'row',
      mine: { field: 'appUserId' },
      confirm: { zh: '确定撤回该申请?', en: 'Withdraw this application?' },
      when: { field: 'auditStatus', in: [0] },
      effect: { set: { auditStatus: 3 }, from: { field: 'auditStatus', in: [0] } },
    },
  ],
  fields: [
    appUserField({ zh: '申请人账号', en: 'Applicant' }, '请选择申请人', { list: false }),
    {
      name: 'householdId',
      kind: 'ref',
      label: { zh: '关联住户', en: 'Household' },
      ref: { resource: 'household', labelField: 'name' },
      search: 'equal',
      list: false,
    },
    {
      name: 'applyType',
      kind: 'dict',
      label: { zh: '申请类型', en: 'Type' },
      dict: { code: 'household_apply_type' },
      required: '请选择申请类型',
      search: 'equal',
    },
    communityField('请选择申请社区'),
    {
      name: 'buildingName',
      kind: 'string',
      label: { zh: '楼栋', en: 'Building' },
      required: '请输入楼栋',
      maxLength: 32,
    },
    { name: 'unitName', kind: 'string', label: { zh: '单元', en: 'Unit' }, maxLength: 16 },
    {
      name: 'roomNo',
      kind: 'string',
      label: { zh: '门牌号', en: 'Room' },
      required: '请输入门牌号',
      maxLength: 16,
    },
    {
      name: 'householdType',
      kind: 'dict',
      label: { zh: '申请身份', en: 'Type' },
      dict: { code: 'household_type' },
      required: '请选择申请身份',
    },
    personNameField(),
    {
      name: 'idCardType',
      kind: 'dict',
      label: { zh: '证件类型', en: 'ID type' },
      dict: { code: 'id_card_type' },
      required: '请选择证件类型',
      defaultValue: 1,
      list: false,
    },
    idCardField({
      kind: 'string',
      label: { zh: '证件号', en: 'ID number' },
      required: '请输入证件号',
      search: undefined,
    }),
    mobileField(),
    {
      name: 'proofImages',
      kind: 'images',
      label: { zh: '证明材料', en: 'Proof' },
      maxLength: 2000,
      maxCount: 9,
      list: false,
    },
    {
      name: 'changeContent',
      kind: 'text',
      label: { zh: '变更内容', en: 'Changes' },
      list: false,
      readOnly: true,
    },
    {
      name: 'applyTime',
      kind: 'datetime',
      label: { zh: '申请时间', en: 'Applied' },
      readOnly: true,
      sortable: true,
      search: 'range',
    },
    {
      name: 'applySource',
      kind: 'int',
      label: { zh: '申请来源', en: 'Source' },
      options: [
        { value: 0, label: { zh: '后台代办', en: 'Back office' } },
        { value: 1, label: { zh: '居民App', en: 'App' } },
      ],
      defaultValue: 1,
      nullable: false,
      readOnly: true,
    },
    {
      name: 'auditStatus',
      kind: 'dict',
      label: { zh: '审核状态', en: 'Review' },
      dict: { code: 'audit_status' },
      defaultValue: 0,
      nullable: false,
      readOnly: true,
      search: 'equal',
    },
    {
      name: 'auditUser',
      kind: 'long',
      label: { zh: '审核人', en: 'Reviewer' },
      readOnly: true,
      list: false,
      view: false,
    },
    {
      name: 'auditTime',
      kind: 'datetime',
      label: { zh: '审核时间', en: 'Reviewed' },
      readOnly: true,
      list: false,
    },
    {
      name: 'auditRemark',
      kind: 'string',
      label: { zh: '审核意见', en: 'Review remark' },
      maxLength: 500,
      readOnly: true,
      list: false,
    },
  ],
});

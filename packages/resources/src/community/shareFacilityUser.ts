import { defineResource, type ActionDef } from '../define';
import { homeAddressField, personPhoneField } from '../person-fields';
import { statusMove } from '../status-actions';
import { onApproval } from '../transitions';

const move = (
  name: string,
  zh: string,
  en: string,
  from: number[],
  extra: Partial<ActionDef> = {},
): ActionDef => ({
  name,
  label: { zh, en },
  placement: 'row',
  when: { field: 'borrowStatus', in: from },
  ...extra,
});

/** 借用记录 — docs/domain-model.md#借用记录-sharefacilityuser: a loan of a shared facility. Applying reserves the
 * units (refused when too few are left, even for two requests at once); 确认借出 hands them over; 确认归还 (with the
 * condition) and a rejection or cancellation give them back. A loan in use past its planned return becomes
 * 逾期未还 (stored, so the list's filter and its label agree) and its borrower is told once. */
export const shareFacilityUserResource = defineResource({
  name: 'shareFacilityUser',
  label: { zh: '借用记录', en: 'Loans' },
  path: '/api/app_share_facility2user/sharefacility2user',
  table: 'app_share_facility_user',
  permission: 'share_facility_user',
  screens: ['/share/sharefacility2user'],
  menu: {
    parent: 'share',
    sort: 2,
    icon: 'ProfileOutlined',
    buttons: ['add', 'edit', 'view', 'delete', 'export', 'lend', 'giveBack', 'requestReturn', 'cancel'],
    audits: [
      { process: 'ShareFacilityUse', sort: 3, label: { zh: '借用审核', en: 'Loan review' } },
      { process: 'ShareFacilityReturn', sort: 4, label: { zh: '归还审核', en: 'Return review' } },
    ],
  },
  counted: {
    key: 'facilityBorrow',
    sort: 8,
    pending: { field: 'borrowStatus', in: [0] },
    label: { zh: '设施借用', en: 'Facility loans' },
  },
  tenant: true,
  audit: true,
  softDelete: true,
  exportable: true,
  drawerWidth: 800,
  labelField: 'name',
  defaultSort: [{ field: 'applyTime', direction: 'desc' }],
  process: {
    key: 'ShareFacilityUse',
    name: '共享设施借用流程',
    category: 'flow_5',
    perm: 'share_facility_audit_audit',
    taskName: '借用审核',
    groups: 'volunteer_manager,admin',
    auditScreen: '/share/sharefacilityaudit',
    dealPaths: ['/api/app-share-facility/sharefacility/useDealProcessFlow'],
    // the borrower
    applicant: 'appUserId',
  },
  // 申请归还 (verb requestReturn) starts it on a loan in use, once the borrowing approval has ended
  laterProcesses: [
    {
      key: 'ShareFacilityReturn',
      name: '共享设施归还流程',
      category: 'flow_6',
      perm: 'share_facility_return_audit_audit',
      taskName: '归还确认',
      groups: 'volunteer_manager,admin',
      auditScreen: '/share/sharefacilityreturnaudit',
      dealPaths: ['/api/app-share-facility/sharefacility/returnDealProcessFlow'],
      applicant: 'appUserId',
    },
  ],
  lapses: [{ field: 'borrowStatus', from: [3], to: 5, at: 'planReturnTime' }],
  states: { field: 'borrowStatus' },
  // Moving out of the states holding units gives them back, into them takes them again
  // (domains/community/facility/loans.ts afterTransition).
  transitions: [
    // 借用审核 on a waiting loan: passed 待领取; refused, sent back or withdrawn 已驳回 / 已取消;
    // 重新提交 of a refused loan waits again
    ...onApproval(
      'borrowStatus',
      {
        pass: { from: [0], to: 2 },
        reject: { from: [0], to: 1 },
        return: { from: [0], to: 1 },
        withdraw: { from: [0], to: 6 },
        resubmit: { from: [1], to: 0, refusal: '该借用记录的状态不能重新提交审核' },
      },
      'ShareFacilityUse',
    ),
    // 归还审核 passed: 确认归还 with the condition the borrower gave
    ...onApproval(
      'borrowStatus',
      { pass: { from: [3, 5], to: 4, set: { actualReturnTime: '$now' } } },
      'ShareFacilityReturn',
    ),
    // the verbs of the actions 确认归还 (with the condition) and 取消借用
    {
      name: 'giveBack',
      field: 'borrowStatus',
      from: [3, 5],
      to: 4,
      set: { actualReturnTime: '$now' },
      on: { verb: 'giveBack' },
    },
    { name: 'cancelBorrow', field: 'borrowStatus', from: [0, 2], to: 6, on: { verb: 'cancelBorrow' } },
  ],
  actions: [
    statusMove(
      'lend',
      { zh: '确认借出', en: 'Hand over' },
      { field: 'borrowStatus', from: [2], to: 3, set: { actualBorrowTime: '$now' } },
    ),
    move('giveBack', '确认归还', 'Returned', [3, 5], {
      verb: 'giveBack',
      reason: { field: 'returnRemark', label: { zh: '归还说明', en: 'Return note' }, maxLength: 200 },
    }),
    // the borrower's own: starts 归还审核 (ShareFacilityReturn) with the condition they report
    move('requestReturn', '申请归还', 'Ask to return', [3, 5], {
      verb: 'requestReturn',
      mine: { field: 'appUserId' },
      inputs: [
        {
          name: 'returnCondition',
          kind: 'dict',
          label: { zh: '归还情况', en: 'Condition' },
          dict: { code: 'return_condition' },
          required: '请选择归还情况',
        },
      ],
      reason: { field: 'returnRemark', label: { zh: '归还说明', en: 'Return note' }, maxLength: 200 },
    }),
    move('cancel', '取消借用', 'Cancel', [0, 2], {
      verb: 'cancelBorrow',
      danger: true,
      confirm: { zh: '确定取消该借用?', en: 'Cancel this loan?' },
    }),
  ],
  fields: [
    {
      name: 'facilityId',
      kind: 'ref',
      label: { zh: '设施', en: 'Facility' },
      ref: { resource: 'shareFacility', labelField: 'facilityName' },
      required: '请选择设施',
      search: 'equal',
    },
    {
      name: 'appUserId',
      kind: 'ref',
      label: { zh: '借用人', en: 'Borrower' },
      ref: { resource: 'user', labelField: 'realName' },
      required: '请选择借用人',
      list: false,
      search: 'equal',
    },
    {
      name: 'name',
      kind: 'string',
      label: { zh: '姓名', en: 'Name' },
      maxLength: 32,
      readOnly: true,
      search: 'like',
    },
    personPhoneField('phone', { zh: '电话', en: 'Phone' }, { readOnly: true }),
    homeAddressField('address', { zh: '住址', en: 'Address' }),
    {
      name: 'quantity',
      kind: 'int',
      label: { zh: '数量', en: 'Quantity' },
      required: '请输入借用数量',
      min: 1,
      defaultValue: 1,
    },
    {
      name: 'purpose',
      kind: 'string',
      label: { zh: '借用说明', en: 'Purpose' },
      maxLength: 200,
      list: false,
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
      name: 'planBorrowTime',
      kind: 'datetime',
      label: { zh: '预计借出', en: 'Planned from' },
      required: '请选择预计借出时间',
      list: false,
    },
    {
      name: 'planReturnTime',
      kind: 'datetime',
      label: { zh: '预计归还', en: 'Planned return' },
      required: '请选择预计归还时间',
      sortable: true,
    },
    {
      name: 'actualBorrowTime',
      kind: 'datetime',
      label: { zh: '实际借出', en: 'Handed over' },
      readOnly: true,
      list: false,
    },
    {
      name: 'actualReturnTime',
      kind: 'datetime',
      label: { zh: '实际归还', en: 'Returned' },
      readOnly: true,
      list: false,
    },
    {
      name: 'borrowStatus',
      kind: 'dict',
      label: { zh: '借用状态', en: 'Status' },
      dict: { code: 'borrow_status' },
      readOnly: true,
      defaultValue: 0,
      nullable: false,
      search: 'equal',
    },
    {
      name: 'returnCondition',
      kind: 'dict',
      label: { zh: '归还情况', en: 'Condition' },
      dict: { code: 'return_condition' },
      list: false,
      visibleWhen: { field: 'borrowStatus', in: [3, 4, 5] },
    },
    {
      name: 'returnRemark',
      kind: 'string',
      label: { zh: '归还说明', en: 'Return note' },
      maxLength: 200,
      list: false,
      visibleWhen: { field: 'borrowStatus', in: [3, 4, 5] },
    },
    {
      name: 'compensateWay',
      kind: 'dict',
      label: { zh: '赔偿方式', en: 'Compensation' },
      dict: { code: 'compensate_way' },
      list: false,
      visibleWhen: { field: 'borrowStatus', in: [3, 4, 5] },
    },
    {
      name: 'qrCode',
      kind: 'string',
      label: { zh: '借用凭证', en: 'Voucher' },
      maxLength: 500,
      readOnly: true,
      list: false,
    },
  ],
});

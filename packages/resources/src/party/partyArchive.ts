import { columnOnly, defineResource, type Label } from '../define';
import { dictField as dict, textKeys } from '../dict-field';
import { disableEnableActions } from '../status-actions';
import { idCardField, mobileField, nationField, personNameField } from '../person-fields';
import { partyBranchRef } from './branch-ref';

const l = (zh: string, en: string): Label => ({ zh, en });

/** 党员档案 — docs/domain-model.md#党员档案-partyarchive: the party-member master record, registered through an
 * approval (党员登记审核, audited at /party/partyarchiveaudit). */
export const partyArchiveResource = defineResource({
  name: 'partyArchive',
  label: l('党员档案', 'Party members'),
  path: '/api/app-party-archive/partyarchive',
  table: 'app_party_archive',
  permission: 'party_archive',
  screens: ['/party/partyarchive'],
  menu: {
    parent: 'party_org',
    sort: 2,
    icon: 'IdcardOutlined',
    audits: [{ process: 'PartyArchive', sort: 3, label: { zh: '党员登记审核', en: 'Registration review' } }],
  },
  counted: {
    key: 'partyArchive',
    sort: 6,
    pending: { field: 'auditStatus', in: [0] },
    label: { zh: '党员登记', en: 'Member registrations' },
  },
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 800,
  exportable: true,
  importable: true,
  labelField: 'name',
  defaultSort: [{ field: 'joinDate', direction: 'desc' }],
  // 停用 / 启用 (memberStatus 1 ↔ 2 with a reason, e.g. 出党, 去世, 转出)
  actions: disableEnableActions('memberStatus', { enabled: 1, disabled: 2 }, 'statusReason', 200),
  process: {
    key: 'PartyArchive',
    name: '党员登记审核流程',
    category: 'flow_8',
    perm: 'party_archive_audit_audit',
    taskName: '登记审核',
    groups: 'secretary,admin',
    auditScreen: '/party/partyarchiveaudit',
    // the member's own app account
    applicant: 'appUserId',
  },
  fields: [
    personNameField(),
    { name: 'nameBo', kind: 'string', label: l('姓名(藏文)', 'Name (Tibetan)'), maxLength: 64, list: false },
    dict('sex', l('性别', 'Sex'), 'sex', { required: '请选择性别', search: 'equal' }),
    nationField({ maxLength: 2, required: '请选择民族' }),
    { name: 'birthday', kind: 'date', label: l('出生日期', 'Born'), required: '请选择出生日期', list: false },
    idCardField({ required: '请输入身份证号', unique: '该身份证号已登记', search: 'like' }),
    mobileField({ label: l('手机号码', 'Mobile'), required: '手机号码不能为空' }),
    {
      name: 'partyDeptId',
      kind: 'ref',
      label: l('所在党支部', 'Branch'),
      ref: partyBranchRef,
      required: '请选择所在党支部',
      search: 'equal',
    },
    dict('memberType', l('党员类型', 'Type'), 'party_member_type', {
      required: '请选择党员类型',
      search: 'equal',
    }),
    {
      name: 'joinDate',
      kind: 'date',
      label: l('入党日期', 'Joined'),
      required: '请选择入党日期',
      sortable: true,
      search: 'range',
    },
    { name: 'regularDate', kind: 'date', label: l('转正日期', 'Full member since'), list: false },
    dict('education', l('学历', 'Education'), 'education', { ...textKeys('education'), list: false }),
    { name: 'introducer', kind: 'string', label: l('入党介绍人', 'Introducer'), maxLength: 64, list: false },
    dict('partyPost', l('党内职务', 'Party post'), 'party_post'),
    dict('orgRelationStatus', l('组织状态', 'Relation'), 'party_relation_status', {
      defaultValue: 0,
      nullable: false,
      search: 'equal',
    }),
    {
      name: 'flowDirection',
      kind: 'string',
      label: l('流出去向', 'Moved to'),
      maxLength: 200,
      list: false,
      visibleWhen: { field: 'orgRelationStatus', in: [1] },
    },
    { name: 'workUnit', kind: 'string', label: l('工作单位', 'Employer'), maxLength: 100, list: false },
    { name: 'workPost', kind: 'string', label: l('职务', 'Position'), maxLength: 64, list: false },
    dict('isInService', l('在职党员', 'In service'), 'yes_no', { defaultValue: 0, list: false }),
    { name: 'duesStandard', kind: 'decimal', label: l('党费标准(元/月)', 'Dues'), min: 0, list: false },
    {
      name: 'duesPaidTo',
      kind: 'string',
      label: l('党费交至', 'Dues paid to'),
      maxLength: 7,
      help: l('年月, 如 2026-01', 'year-month, e.g. 2026-01'),
      list: false,
    },
    { name: 'proofImages', kind: 'images', label: l('证明材料', 'Proof'), maxCount: 9, list: false },
    { name: 'photo', kind: 'images', label: l('照片', 'Photo'), maxLength: 500, maxCount: 1, list: false },
    dict('memberStatus', l('党员状态', 'Status'), 'party_member_status', {
      defaultValue: 1,
      nullable: false,
      readOnly: true,
      search: 'equal',
    }),
    {
      name: 'statusReason',
      kind: 'string',
      label: l('停用/启用原因', 'Status reason'),
      maxLength: 200,
      readOnly: true,
      list: false,
    },
    {
      name: 'applySource',
      kind: 'int',
      label: l('来源', 'Source'),
      options: [
        { value: 0, label: l('后台录入', 'Back office') },
        { value: 1, label: l('居民认证', 'Resident') },
      ],
      defaultValue: 0,
      nullable: false,
      readOnly: true,
      list: false,
    },
    {
      name: 'scoreBalance',
      kind: 'int',
      label: l('党员积分', 'Points'),
      defaultValue: 0,
      readOnly: true,
      list: false,
    },
    columnOnly({ name: 'appUserId', kind: 'long', label: l('App账号', 'App account') }),
    columnOnly({ name: 'householdId', kind: 'long', label: l('住户记录', 'Household') }),
  ],
});

import {
  auditField,
  type ActionDef,
  type DetailDef,
  type FieldDef,
  type Label,
  type ResourceDef,
} from '../define';

/** What the three feedback tickets (投诉, 意见建议, 随手拍 — docs/domain-model.md#feedback-tickets) share: the reply
 * screen's actions (reply as a conversation, close with a result, refuse) and the reply rows' fields. */
export const ticketActions = (replyCode: string, open: { field: string; in: number[] }): ActionDef[] => [
  {
    name: 'reply',
    label: { zh: '回复', en: 'Reply' },
    code: replyCode,
    placement: 'row',
    verb: 'reply',
    reason: {
      field: 'content',
      label: { zh: '回复内容', en: 'Reply' },
      required: '请输入回复内容',
      maxLength: 2000,
    },
    when: open,
  },
  {
    name: 'finish',
    label: { zh: '办结', en: 'Close' },
    code: replyCode,
    placement: 'row',
    verb: 'finish',
    reason: {
      field: 'comment',
      label: { zh: '办结结果', en: 'Result' },
      required: '请输入办结结果',
      maxLength: 1000,
    },
    when: open,
  },
  {
    name: 'refuse',
    label: { zh: '不予受理', en: 'Refuse' },
    code: replyCode,
    placement: 'row',
    verb: 'refuse',
    reason: {
      field: 'comment',
      label: { zh: '不予受理理由', en: 'Reason' },
      required: '请输入不予受理理由',
      maxLength: 1000,
    },
    when: open,
    danger: true,
  },
];

/** 转办: the ticket handed to a handler (承办人), chosen among the tenant's users; the handler gets a
 * message and the conversation a system row. */
export const assignAction = (replyCode: string, open: { field: string; in: number[] }): ActionDef => ({
  name: 'assign',
  label: { zh: '转办', en: 'Assign' },
  code: replyCode,
  placement: 'row',
  verb: 'assign',
  inputs: [
    {
      name: 'handleUserId',
      kind: 'ref',
      label: { zh: '承办人', en: 'Handler' },
      ref: { resource: 'user', labelField: 'realName' },
      required: '请选择承办人',
    },
  ],
  when: open,
});

/** 超期: derived on every read and search from the ticket's submission, the deadline parameter
 * (`ticket.overdueDays`, days) and when it was closed — a ticket not closed within the deadline (still
 * open past it, or closed after it) reads 1 已超期; a ticket the resident withdrew never does. */
export const overdueField = (): FieldDef => ({
  name: 'overdue',
  kind: 'dict',
  label: { zh: '超期', en: 'Overdue' },
  dict: { code: 'overdue_status' },
  defaultValue: 0,
  nullable: false,
  readOnly: true,
  search: 'equal',
  width: 90,
});

export const replyDetail = (resource: string, foreignKey: string): DetailDef => ({
  resource,
  foreignKey,
  label: { zh: '回复记录', en: 'Conversation' },
});

/** The fields of a reply row; `ticket` is the ticket's foreign key. */
export const replyFields = (ticket: { name: string; resource: string; label: Label }): FieldDef[] => [
  {
    name: ticket.name,
    kind: 'ref',
    label: ticket.label,
    ref: { resource: ticket.resource, labelField: 'title' },
    required: true,
    search: 'equal',
    list: false,
  },
  {
    name: 'replyType',
    kind: 'dict',
    label: { zh: '类型', en: 'Type' },
    dict: { code: 'reply_type' },
    required: true,
    width: 100,
  },
  { name: 'replyUserId', kind: 'long', label: { zh: '回复人ID', en: 'By (id)' }, list: false, view: false },
  { name: 'replyUserName', kind: 'string', label: { zh: '回复人', en: 'By' }, maxLength: 32, width: 120 },
  { name: 'content', kind: 'text', label: { zh: '内容', en: 'Content' }, required: true, maxLength: 2000 },
  {
    name: 'images',
    kind: 'images',
    label: { zh: '图片', en: 'Photos' },
    maxLength: 2000,
    maxCount: 9,
    list: false,
  },
  {
    name: 'actionCode',
    kind: 'int',
    label: { zh: '动作', en: 'Action' },
    options: [
      { value: 1, label: { zh: '受理', en: 'Accepted' } },
      { value: 2, label: { zh: '转办', en: 'Assigned' } },
      { value: 3, label: { zh: '办结', en: 'Closed' } },
      { value: 4, label: { zh: '不予受理', en: 'Refused' } },
      { value: 5, label: { zh: '撤销', en: 'Withdrawn' } },
    ],
    list: false,
  },
  auditField('createTime', { list: true, sortable: true }),
];

/** The points a verified snap report earns its resident (docs/domain-model.md#随手拍-sysreport), asked when it
 * is closed. */
export const rewardInput = (): FieldDef => ({
  name: 'rewardScore',
  kind: 'int',
  label: { zh: '奖励积分', en: 'Points' },
  min: 0,
  max: 100,
  help: { zh: '不填则按参数 snap.rewardScore 奖励', en: 'Empty: the snap.rewardScore parameter' },
});

export const handleStatusField = (): FieldDef => ({
  name: 'handleStatus',
  kind: 'dict',
  label: { zh: '处理状态', en: 'Status' },
  dict: { code: 'handle_status' },
  defaultValue: 0,
  nullable: false,
  readOnly: true,
  search: 'equal',
});

export const HANDLING = { field: 'handleStatus', in: [0, 1] };

/** The frame of a ticket definition: filed by residents for themselves (the app's save; their applicant's
 * 撤销, withdrawProcessFlow, needs no button), viewed and removed by the office, exported, kept to the
 * caller's communities, newest first. */
export const ticketFrame = {
  standard: ['view', 'delete'],
  write: 'save-update',
  own: { field: 'appUserId' },
  tenant: true,
  audit: true,
  softDelete: true,
  exportable: true,
  drawerWidth: 1000,
  labelField: 'title',
  dataScope: { deptColumn: 'community_id' },
  defaultSort: [{ field: 'createTime', direction: 'desc' }],
} satisfies Partial<ResourceDef>;

/** A written ticket's title, text (`required`: the message when it is empty) and photos. */
export const ticketTextFields = (required: string): FieldDef[] => [
  {
    name: 'title',
    kind: 'string',
    label: { zh: '标题', en: 'Title' },
    required: '请输入标题',
    maxLength: 100,
    search: 'like',
  },
  {
    name: 'content',
    kind: 'text',
    label: { zh: '内容', en: 'Content' },
    required,
    maxLength: 2000,
    multiline: true,
    list: false,
  },
  {
    name: 'images',
    kind: 'images',
    label: { zh: '图片', en: 'Photos' },
    maxLength: 2000,
    maxCount: 9,
    list: false,
  },
];

/** The three feedback tickets (投诉, 意见建议, 随手拍 — docs/domain-model.md#feedback-tickets) as data: their tables, the states
 * each step reads and writes, and what a resident's withdrawal (撤销) and the back office may change. */
import type { KnownParamKey } from '@tongxin/resources';
import type { Row } from '../../db/database.js';
import type { TicketDeadline } from './ticket-overdue.js';

/** reply_type */
export const REPLY = { community: 1, resident: 2, system: 3 } as const;
/** handle_status */
export const HANDLE = { waiting: 0, handling: 1, closed: 2, refused: 3, cancelled: 4 } as const;
/** audit_status of a record its applicant withdrew */
export const WITHDRAWN = 3;
/** action_code of a conversation row: what the step did */
export const ACTION = { accept: 1, assign: 2, close: 3, refuse: 4, withdraw: 5 } as const;

export interface TicketKind {
  /** what the resident sees it called: 投诉, 建议, 随手拍 */
  noun: string;
  table: string;
  replyTable: string;
  /** the reply rows' foreign key column */
  foreignKey: string;
  replyCode: string;
  /** the numbering prefix of a ticket number column, when it has one */
  number?: { column: string; prefix: string };
  /** the resident's verbs that file one (save; 随手拍 also submit) */
  writeVerbs: ('save' | 'submit')[];
  /** columns keeping the submitter's name and phone as they were, when the kind has them */
  submitter?: { name: string; phone: string };
  /** whether a reply or a decision is still possible (neither decided nor withdrawn) */
  open(row: Row): boolean;
  /** whether the community has not acted on it yet (no reply, no acceptance): the resident may still
   * change or withdraw it */
  waiting(row: Row): boolean;
  /** whether the community decided it (closed, refused, adopted or declined) */
  settled(row: Row): boolean;
  /** what a first community reply changes */
  onReply(row: Row, now: string): Record<string, unknown>;
  /** what closing (pass) and refusing (reject) change */
  onClose(comment: string, now: string, userId: string): Record<string, unknown>;
  onRefuse(comment: string, now: string, userId: string): Record<string, unknown>;
  /** what the resident's withdrawal changes besides audit_status 已撤回 */
  onWithdraw(now: string): Record<string, unknown>;
  /** where its closing shows, for 超期 (ticket-overdue.ts) */
  deadline: TicketDeadline;
  /** whether it is handed to a handler (转办): the kinds with a 承办人 column */
  assignable: boolean;
  /** the columns the back office may change while it is open (updateById): its classification; the
   * resident's own words are theirs */
  staffColumns: string[];
  /** the points a verified ticket earns its resident (docs/domain-model.md#随手拍-sysreport): the ledger's source type and the
   * parameter holding the default amount */
  reward?: { sourceType: string; param: KnownParamKey };
}

const handling = (row: Row) => [HANDLE.waiting, HANDLE.handling].includes(Number(row.handle_status) as 0 | 1);
const accept = (row: Row, now: string) =>
  Number(row.handle_status) === HANDLE.waiting ? { handle_status: HANDLE.handling, accept_time: now } : {};
const handleWaiting = (row: Row) => Number(row.handle_status) === HANDLE.waiting;
const handleSettled = (row: Row) =>
  [HANDLE.closed, HANDLE.refused].includes(Number(row.handle_status) as 2 | 3);

export const COMPLAIN: TicketKind = {
  noun: '投诉',
  table: 'app_sys_complain',
  replyTable: 'app_sys_complain_reply',
  foreignKey: 'complain_id',
  replyCode: 'sys_complain_reply_reply',
  number: { column: 'complain_no', prefix: 'TS' },
  writeVerbs: ['save'],
  submitter: { name: 'complainant_name', phone: 'complainant_phone' },
  deadline: {
    status: 'handle_status',
    closed: [HANDLE.closed, HANDLE.refused],
    closedAt: 'finish_time',
    withdrawn: { handle_status: HANDLE.cancelled },
  },
  assignable: true,
  staffColumns: ['complain_type'],
  open: handling,
  waiting: handleWaiting,
  settled: handleSettled,
  onReply: accept,
  onClose: (comment, now, userId) => ({
    handle_status: HANDLE.closed,
    finish_time: now,
    result: comment.slice(0, 1000),
    handle_user_id: userId,
  }),
  onRefuse: (comment, now, userId) => ({
    handle_status: HANDLE.refused,
    finish_time: now,
    result: comment.slice(0, 1000),
    handle_user_id: userId,
  }),
  onWithdraw: () => ({ handle_status: HANDLE.cancelled }),
};

/** adopt_status: 0 未处理 1 已采纳 2 未采纳. An advice has no handling state of its own: withdrawn, it
 * keeps 未处理 and its audit_status reads 已撤回. */
const adviceWithdrawn = (row: Row) => Number(row.audit_status) === WITHDRAWN;

export const ADVICE: TicketKind = {
  noun: '建议',
  table: 'app_sys_advice',
  replyTable: 'app_sys_advice_reply',
  foreignKey: 'advice_id',
  replyCode: 'sys_advice_reply_reply',
  writeVerbs: ['save'],
  deadline: {
    status: 'adopt_status',
    closed: [1, 2],
    closedAt: 'last_reply_time',
    withdrawn: { audit_status: WITHDRAWN, adopt_status: 0 },
  },
  assignable: false,
  staffColumns: ['advice_type'],
  open: (row) => Number(row.adopt_status) === 0 && !adviceWithdrawn(row),
  waiting: (row) => Number(row.adopt_status) === 0 && Number(row.reply_status) === 0,
  settled: (row) => [1, 2].includes(Number(row.adopt_status)),
  onReply: (_row, now) => ({ reply_status: 1, last_reply_time: now }),
  onClose: (_c, now) => ({ adopt_status: 1, reply_status: 1, last_reply_time: now }),
  onRefuse: (_c, now) => ({ adopt_status: 2, reply_status: 1, last_reply_time: now }),
  onWithdraw: () => ({}),
};

export const REPORT: TicketKind = {
  noun: '随手拍',
  table: 'app_sys_report',
  replyTable: 'app_sys_report_reply',
  foreignKey: 'report_id',
  replyCode: 'sys_report_reply_reply',
  number: { column: 'report_no', prefix: 'SP' },
  writeVerbs: ['save', 'submit'],
  deadline: {
    status: 'handle_status',
    closed: [HANDLE.closed, HANDLE.refused],
    closedAt: 'handle_time',
    withdrawn: { handle_status: HANDLE.cancelled },
  },
  assignable: true,
  staffColumns: ['report_type', 'is_public'],
  reward: { sourceType: 'snap', param: 'snap.rewardScore' },
  open: handling,
  waiting: handleWaiting,
  settled: handleSettled,
  onReply: accept,
  onClose: (comment, now, userId) => ({
    handle_status: HANDLE.closed,
    handle_time: now,
    handle_result: comment.slice(0, 1000),
    handle_user_id: userId,
    verify_status: 1,
  }),
  onRefuse: (comment, now, userId) => ({
    handle_status: HANDLE.refused,
    handle_time: now,
    handle_result: comment.slice(0, 1000),
    handle_user_id: userId,
    verify_status: 2,
  }),
  onWithdraw: () => ({ handle_status: HANDLE.cancelled }),
};

/** Why a ticket that is not open takes no further step. */
export const closedMessage = (kind: TicketKind, row: Row): string =>
  kind.settled(row) ? `该${kind.noun}已办结` : `该${kind.noun}已撤销`;

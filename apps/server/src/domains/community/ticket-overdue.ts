/** 超期 of a feedback ticket (投诉, 意见建议, 随手拍): a ticket not closed within the deadline — the
 * `ticket.overdueDays` parameter, days after its submission (docs/domain-model.md#feedback-tickets) — reads
 * 1 已超期: still open past the deadline, or closed after it. A ticket the resident withdrew never does.
 * Computed on every read and search (like a party activity's state), so it never waits for a scheduler. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { wholeParam } from '../../db/params.js';

export const OVERDUE_PARAM = 'ticket.overdueDays';
const DAY_MS = 86_400_000;
const SEARCH = 'overdue_equal';

/** Where a ticket's closing shows: the state column, its closed states (the time of closing in
 * `closedAt`) and the columns' values of a ticket withdrawn by the resident (all of them hold). */
export interface TicketDeadline {
  status: string;
  closed: number[];
  closedAt: string;
  withdrawn: Record<string, number>;
}

/** The tenant's deadline in days (its parameter when it is a whole number of 1–365 days, else 7). */
export const overdueDays = (trx: Trx, tenantId: string): Promise<number> =>
  wholeParam(trx, tenantId, OVERDUE_PARAM, [1, 365]);

const camel = (column: string) => column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const at = (v: unknown): number => (v ? Date.parse(String(v).replace(' ', 'T')) : NaN);

/** 1 when the row (as the wire sends it, or as stored) is overdue at `now`, else 0. */
export function overdueOf(d: TicketDeadline, row: Row, now: string, days: number): 0 | 1 {
  const get = (column: string) => row[camel(column)] ?? row[column];
  const status = Number(get(d.status));
  if (Object.entries(d.withdrawn).every(([column, value]) => Number(get(column)) === value)) return 0;
  const created = at(get('create_time'));
  if (Number.isNaN(created)) return 0;
  const end = d.closed.includes(status) ? at(get(d.closedAt)) : at(now);
  return !Number.isNaN(end) && end > created + days * DAY_MS ? 1 : 0;
}

/** The same rule in SQL, for searching. */
export function overdueSql(d: TicketDeadline, now: string, days: number): RawBuilder<number> {
  const status = sql.ref(d.status);
  const withdrawn = sql.join(
    Object.entries(d.withdrawn).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql` and `,
  );
  const closed = sql.join(d.closed.map((s) => sql`${s}`));
  return sql<number>`(case
    when ${withdrawn} then 0
    when (case when ${status} in (${closed}) then ${sql.ref(d.closedAt)} else cast(${now} as timestamp) end)
      > create_time + ${days} * interval '1 day' then 1
    else 0 end)`;
}

/** The read side of 超期: the `overdue` of every row on its way out, and the `overdue_equal` search. */
export function overdueHooks(d: TicketDeadline): ResourceHooks {
  return {
    params: [SEARCH],
    async filter({ trx, user }, params) {
      const raw = params[SEARCH];
      if (raw === undefined) return undefined;
      if (!/^[01]$/.test(raw)) throw badRequest('超期状态格式不正确');
      const state = overdueSql(d, formatDateTime(), await overdueDays(trx, user.tenantId));
      return () => sql<SqlBool>`${state} = ${Number(raw)}`;
    },
    async decorate({ trx, user }, rows) {
      if (!rows.length) return;
      const now = formatDateTime();
      const days = await overdueDays(trx, user.tenantId);
      for (const r of rows) r.overdue = overdueOf(d, r, now, days);
    },
  };
}

/** The date range of a statistics call: `startTime` and `endTime` (a date or a date-time, either may be
 * left out); charts default to the last 7 days and span at most 366 days. */
import { badRequest } from '../../../http/envelope.js';
import { formatDateTime } from '../../../util/datetime.js';

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
const DAY_MS = 86_400_000;
const MAX_DAYS = 366;

export interface Range {
  start: string;
  end: string;
  /** every day of the range, `yyyy-MM-dd`, for zero-filled series */
  days: string[];
}

const parse = (raw: string | undefined, end: boolean, label: string): string | undefined => {
  if (!raw) return undefined;
  if (!DATE.test(raw)) throw badRequest(`${label}格式不正确，应为yyyy-MM-dd或yyyy-MM-dd HH:mm:ss`);
  return raw.length === 10 ? `${raw} ${end ? '23:59:59' : '00:00:00'}` : raw;
};

const dayOf = (t: string) => t.slice(0, 10);
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function readRange(p: Record<string, string | undefined>, defaultDays = 7): Range {
  const end = parse(p.endTime, true, '结束时间') ?? `${dayOf(formatDateTime())} 23:59:59`;
  const start =
    parse(p.startTime, false, '开始时间') ??
    `${new Date(utc(dayOf(end)) - (defaultDays - 1) * DAY_MS).toISOString().slice(0, 10)} 00:00:00`;
  if (start > end) throw badRequest('开始时间不能晚于结束时间');
  const count = Math.round((utc(dayOf(end)) - utc(dayOf(start))) / DAY_MS) + 1;
  if (count > MAX_DAYS) throw badRequest(`统计区间不能超过${MAX_DAYS}天`);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(utc(dayOf(start)) + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { start, end, days };
}

/** A series over every day of the range, zero where no row fell. */
export const zeroFilled = (days: string[], rows: { day: unknown; n: unknown }[]): number[] => {
  const byDay = new Map(rows.map((r) => [String(r.day).slice(0, 10), Number(r.n)]));
  return days.map((d) => byDay.get(d) ?? 0);
};

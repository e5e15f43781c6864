/** How a range of browse times is read (browse-rollup.ts): whole days from the daily rollup, the partial
 * days at its ends from the log itself. Times are wall times 'yyyy-MM-dd HH:mm:ss' (the log keeps
 * seconds), so a day is whole when the range holds it from 00:00:00 to 23:59:59. */

/** Part of a range read from the log: `[from, before)` or `[from, to]`. */
export interface RawPart {
  from: string;
  before?: string;
  to?: string;
}

export interface DaySplit {
  /** whole days `[from, before)` ('yyyy-MM-dd'), or null when the range holds none */
  days: { from: string; before: string } | null;
  raw: RawPart[];
}

const DAY_MS = 86_400_000;
const dayOf = (t: string) => t.slice(0, 10);
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Splits `[from, before)` or `[from, to]` into whole days and the partial days at its ends. */
export function splitDays(from: string, end: { before: string } | { to: string }): DaySplit {
  const first = from.endsWith(' 00:00:00') ? dayOf(from) : addDays(dayOf(from), 1);
  const before =
    'before' in end
      ? dayOf(end.before)
      : end.to.endsWith(' 23:59:59')
        ? addDays(dayOf(end.to), 1)
        : dayOf(end.to);
  if (first >= before) return { days: null, raw: [{ from, ...end }] };
  const raw: RawPart[] = [];
  if (!from.endsWith(' 00:00:00')) raw.push({ from, before: `${first} 00:00:00` });
  const tailFrom = `${before} 00:00:00`;
  if ('before' in end) {
    if (end.before !== tailFrom) raw.push({ from: tailFrom, before: end.before });
  } else if (!end.to.endsWith(' 23:59:59')) raw.push({ from: tailFrom, to: end.to });
  return { days: { from: first, before }, raw };
}

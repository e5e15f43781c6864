// The rank's plan of a range (points/score-months.ts planRange): whole months from the monthly sums,
// partial months covering more than half of their month as the month less the rest of it, the others
// from the ledger. Pure; the rank's answers against the ledger are in community-volunteer-score.test.ts.
import { describe, expect, it } from 'vitest';
import { planRange } from '../src/points/score-months.js';

describe('planRange', () => {
  it('reads a last-30-days range ending today as the last month’s days and this month less its future', () => {
    expect(planRange('2026-10-30 00:00:00', '2026-11-28 23:59:59')).toEqual({
      months: null,
      ledger: [{ from: '2026-10-30 00:00:00', before: '2026-11-01 00:00:00' }],
      monthsLess: [
        { month: '2026-11-01', outside: [{ after: '2026-11-28 23:59:59', before: '2026-12-01 00:00:00' }] },
      ],
    });
  });

  it('reads a year as whole months, a short first month from the ledger and most of the last from its sums', () => {
    expect(planRange('2025-11-28 00:00:00', '2026-11-28 23:59:59')).toEqual({
      months: { from: '2025-12-01 00:00:00', before: '2026-11-01 00:00:00' },
      ledger: [{ from: '2025-11-28 00:00:00', before: '2025-12-01 00:00:00' }],
      monthsLess: [
        { month: '2026-11-01', outside: [{ after: '2026-11-28 23:59:59', before: '2026-12-01 00:00:00' }] },
      ],
    });
  });

  it('takes the rows before a late start off a month, and both sides off a month the range sits inside', () => {
    expect(planRange('2024-01-03 12:00:00', '2024-01-30 23:59:59')).toEqual({
      months: null,
      ledger: [],
      monthsLess: [
        {
          month: '2024-01-01',
          outside: [
            { from: '2024-01-01 00:00:00', before: '2024-01-03 12:00:00' },
            { after: '2024-01-30 23:59:59', before: '2024-02-01 00:00:00' },
          ],
        },
      ],
    });
    expect(planRange('2024-02-03 00:00:00', undefined)).toEqual({
      months: { from: '2024-03-01 00:00:00', before: undefined },
      ledger: [],
      monthsLess: [
        { month: '2024-02-01', outside: [{ from: '2024-02-01 00:00:00', before: '2024-02-03 00:00:00' }] },
      ],
    });
  });

  it('leaves half a month or less to the ledger, and open or whole-month ranges to the sums alone', () => {
    // February 2024 has 29 days: 14 are half or less, 15 are more
    expect(planRange('2024-02-16 00:00:00', '2024-02-29 23:59:59').monthsLess).toEqual([]);
    expect(planRange('2024-02-15 00:00:00', '2024-02-29 23:59:59').monthsLess).toEqual([
      { month: '2024-02-01', outside: [{ from: '2024-02-01 00:00:00', before: '2024-02-15 00:00:00' }] },
    ]);
    expect(planRange(undefined, undefined)).toEqual({
      months: { from: undefined, before: undefined },
      ledger: [],
      monthsLess: [],
    });
    expect(planRange('2024-01-01 00:00:00', '2024-03-31 23:59:59')).toEqual({
      months: { from: '2024-01-01 00:00:00', before: '2024-04-01 00:00:00' },
      ledger: [],
      monthsLess: [],
    });
  });
});

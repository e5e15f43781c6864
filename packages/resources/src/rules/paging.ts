import type { Label } from '../define';

/** `current`/`size` paging of every list (BladeX Query). */
export interface Paging {
  current: number;
  size: number;
}

export const DEFAULT_PAGE_SIZE = 10;
/** The largest `size` the server answers (a larger one is capped); the server's MAX_PAGE_SIZE default. */
export const MAX_PAGE_SIZE = 500;
/** The page sizes the tables offer; each at most MAX_PAGE_SIZE. */
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;

const positive = (raw: unknown, fallback: number): number | undefined => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/** Reads `current` (default 1) and `size` (default 10, capped at `maxSize`) from a query: the paging, or
 * the message of the first parameter that is not a positive integer. */
export function readPaging(
  query: { current?: unknown; size?: unknown },
  maxSize: number = MAX_PAGE_SIZE,
): { paging: Paging; problem?: undefined } | { problem: Label; paging?: undefined } {
  const current = positive(query.current, 1);
  const size = positive(query.size, DEFAULT_PAGE_SIZE);
  for (const [name, n] of [
    ['current', current],
    ['size', size],
  ] as const) {
    if (n === undefined)
      return {
        problem: { zh: `分页参数 ${name} 必须是正整数`, en: `Paging: ${name} must be a positive integer` },
      };
  }
  return { paging: { current: current!, size: Math.min(size!, maxSize) } };
}

/** The page count of `total` rows. */
export const pageCount = (total: number, size: number): number => Math.ceil(total / size);

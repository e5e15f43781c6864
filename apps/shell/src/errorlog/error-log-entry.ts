import type { LocalLog } from '@tongxin/api-client';

/** A local log entry (docs/front-end.md#the-shells-frame): type error, message, stack, info, url, time. */
export function toLogEntry(
  error: unknown,
  info = '',
  url = window.location.href,
  now = new Date(),
): LocalLog {
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  return { type: 'error', message: err.message, stack: err.stack ?? '', info, url, time: formatTime(now) };
}

const pad = (n: number) => String(n).padStart(2, '0');
export const formatTime = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** Badge text: the count, capped at 99. */
export const badgeCount = (count: number, max = 99): number => Math.min(count, max);

/** Whole days between two `yyyy-MM-dd HH:mm:ss` times, truncated (BladeX: 3.9 days → 3), as the server. */
export function leaveDays(start: string | undefined, end: string | undefined): number | undefined {
  if (!start || !end) return undefined;
  const parse = (s: string) => new Date(s.replace(' ', 'T')).getTime();
  const ms = parse(end) - parse(start);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 86_400_000) : undefined;
}

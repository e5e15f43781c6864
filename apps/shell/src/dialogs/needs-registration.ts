/** docs/front-end.md#session-and-lock: the registration dialog shows when the logged-in user id is empty or
 * negative. */
export function needsRegistration(userId: string | undefined | null): boolean {
  if (userId === undefined || userId === null || String(userId).trim() === '') return true;
  const n = Number(userId);
  return Number.isFinite(n) && n < 0;
}

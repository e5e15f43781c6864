import { website } from '../config';
import { refreshLock } from '../http/client';
import { type RefreshLock, shouldRefresh } from '../http/refresh-lock';
import { getToken, getTokenIssuedAt } from './token-store';

export interface TokenCheckOptions {
  intervalMs?: number;
  tokenTimeSeconds?: number;
  now?: () => number;
  lock?: RefreshLock;
}

/** One tick: refresh (through the lock) when a token exists and is tokenTime seconds old. */
export function checkTokenOnce(options: TokenCheckOptions = {}): Promise<string> | undefined {
  const { tokenTimeSeconds = website.tokenTime, now = Date.now, lock = refreshLock } = options;
  if (!getToken() || lock.locked) return undefined;
  if (!shouldRefresh(getTokenIssuedAt(), now(), tokenTimeSeconds)) return undefined;
  const refreshing = lock.run();
  refreshing.catch(() => undefined);
  return refreshing;
}

/** Runs the token check every 10 s (docs/front-end.md#session-and-lock). Returns the stop function. */
export function startTokenCheck(options: TokenCheckOptions = {}): () => void {
  const timer = setInterval(
    () => checkTokenOnce(options),
    options.intervalMs ?? website.tokenCheckIntervalMs,
  );
  return () => clearInterval(timer);
}

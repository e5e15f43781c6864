/**
 * Only one token refresh runs at a time; everyone who asks while it runs gets the same promise,
 * so waiting calls continue with the new token.
 */
export interface RefreshLock {
  /** Starts a refresh, or joins the one in flight. Resolves to the new access token. */
  run(): Promise<string>;
  /** The refresh in flight, if any. */
  pending(): Promise<string> | undefined;
  readonly locked: boolean;
}

export function createRefreshLock(refresh: () => Promise<string>): RefreshLock {
  let inFlight: Promise<string> | undefined;
  return {
    run() {
      if (!inFlight) {
        inFlight = (async () => {
          try {
            return await refresh();
          } finally {
            inFlight = undefined;
          }
        })();
      }
      return inFlight;
    },
    pending: () => inFlight,
    get locked() {
      return inFlight !== undefined;
    },
  };
}

/** True when the token is at least `tokenTimeSeconds` old (docs/front-end.md#session-and-lock). */
export function shouldRefresh(
  issuedAtMs: number | undefined,
  nowMs: number,
  tokenTimeSeconds: number,
): boolean {
  if (issuedAtMs === undefined) return false;
  return (nowMs - issuedAtMs) / 1000 >= tokenTimeSeconds;
}

/** What a tab reads from the storage its tabs share. */
export interface StoredTokens {
  token?: string;
  refreshToken?: string;
}

/**
 * The tabs of one browser share the stored tokens, and the server ends the whole session when a refresh
 * token it has already taken comes back. So a refresh runs in one tab at a time (Web Locks, where the
 * browser has them), and a tab that waited while another refreshed takes that tab's new token instead of
 * sending the refresh token it had read, now used.
 */
export function oneTabAtATime(
  refresh: () => Promise<string>,
  stored: () => StoredTokens,
  locks: Pick<LockManager, 'request'> | null | undefined = globalThis.navigator?.locks,
): () => Promise<string> {
  if (!locks) return refresh;
  return async () => {
    const seen = stored().refreshToken;
    return locks.request('tongxin-token-refresh', async () => {
      const now = stored();
      if (now.token && now.refreshToken !== seen) return now.token;
      return refresh();
    });
  };
}

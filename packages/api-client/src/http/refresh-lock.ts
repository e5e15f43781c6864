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

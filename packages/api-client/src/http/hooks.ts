/** What the UI plugs into the http client: how errors are shown and what a 401 does. */
export interface HttpHooks {
  notifyError: (message: string) => void;
  /** Local logout and redirect to /login (docs/front-end.md#the-http-client). */
  onUnauthorized: () => void;
}

const hooks: HttpHooks = {
  notifyError: (message) => console.error(message),
  onUnauthorized: () => undefined,
};

export function configureHttp(next: Partial<HttpHooks>): void {
  Object.assign(hooks, next);
}

export const getHttpHooks = (): HttpHooks => hooks;

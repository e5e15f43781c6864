import 'axios';

/** Per-call switches of the Saber client, carried on the axios config. */
declare module 'axios' {
  interface AxiosRequestConfig {
    meta?: {
      /** false: send no token headers. */
      isToken?: boolean;
      /** true: do not wait for a refresh in flight (the refresh call itself). */
      skipRefreshWait?: boolean;
      /** Set once a call was retried with a refreshed token. */
      retriedAfterRefresh?: boolean;
    };
    /** false: no Basic client-credential header. */
    authorization?: boolean;
  }
}

import axios, { type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import './request-meta';
import { website } from '../config';
import {
  getRefreshToken,
  getTenantId,
  getToken,
  getUserInfo,
  saveTokenResponse,
} from '../session/token-store';
import type { TokenResponse } from '../types';
import { basicClientHeader } from './client-credentials';
import { getHttpHooks } from './hooks';
import { createRefreshLock, oneTabAtATime } from './refresh-lock';
import { ApiError, classifyResponse } from './response-rules';

export const TOKEN_URL = '/api/blade-auth/oauth/token';

/** The one axios instance every call goes through (docs/front-end.md#the-http-client). */
export const http: AxiosInstance = axios.create({
  timeout: website.requestTimeoutMs,
  withCredentials: true,
  validateStatus: (status) => status >= 200 && status <= 500,
});

/** Refresh through the token endpoint; the lock makes parallel callers share one refresh, and the
 * browser's other tabs wait for it (oneTabAtATime). */
const refreshNow = async (): Promise<string> => {
  const tenantId = getTenantId() ?? website.tenantId;
  const user = getUserInfo();
  const headers: Record<string, string> = { 'Tenant-Id': tenantId };
  if (website.switchMode && user) {
    headers['Dept-Id'] = user.dept_id;
    headers['Role-Id'] = user.role_id;
  }
  try {
    const res = await http.post<TokenResponse>(TOKEN_URL, null, {
      params: { tenantId, refresh_token: getRefreshToken(), grant_type: 'refresh_token', scope: 'all' },
      headers,
      meta: { isToken: false, skipRefreshWait: true },
    });
    saveTokenResponse(res.data);
    return res.data.access_token;
  } catch (error) {
    // a refused refresh token ends the session (otherwise the 10 s check would retry forever)
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
      getHttpHooks().onUnauthorized();
    }
    throw error;
  }
};
export const refreshLock = createRefreshLock(
  oneTabAtATime(refreshNow, () => ({ token: getToken(), refreshToken: getRefreshToken() })),
);

export function applyAuthHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  const sendToken = Boolean(token) && config.meta?.isToken !== false;
  if (config.authorization !== false) config.headers.set('Authorization', basicClientHeader());
  if (sendToken) {
    config.headers.set(website.tokenHeader, `bearer ${token}`);
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
}

http.interceptors.request.use(async (config) => {
  const refreshing = config.meta?.skipRefreshWait ? undefined : refreshLock.pending();
  if (refreshing) await refreshing.catch(() => undefined);
  return applyAuthHeaders(config);
});

const sentToken = (config: InternalAxiosRequestConfig): string =>
  String(config.headers.get(website.tokenHeader) ?? '').replace(/^bearer /, '');

async function retryWithNewToken(res: AxiosResponse): Promise<AxiosResponse | undefined> {
  const config = res.config;
  if (config.meta?.isToken === false || config.meta?.retriedAfterRefresh) return undefined;
  const sent = sentToken(config);
  if (!sent) return undefined;
  const refreshing = refreshLock.pending();
  if (refreshing) await refreshing.catch(() => undefined);
  const current = getToken();
  if (!current || current === sent) return undefined;
  return http.request({ ...config, meta: { ...config.meta, retriedAfterRefresh: true } });
}

http.interceptors.response.use(
  async (res) => {
    const outcome = classifyResponse(res.status, res.data, website.statusWhiteList);
    const hooks = getHttpHooks();
    switch (outcome.kind) {
      case 'ok':
        return res;
      case 'whitelisted':
        return Promise.reject(res);
      case 'unauthorized': {
        const retried = await retryWithNewToken(res);
        if (retried) return retried;
        hooks.onUnauthorized();
        hooks.notifyError(outcome.message);
        return Promise.reject(new ApiError(outcome.message, outcome.status, res.data));
      }
      case 'error':
        hooks.notifyError(outcome.message);
        return Promise.reject(new ApiError(outcome.message, outcome.status, res.data));
    }
  },
  (error: unknown) => {
    if (!axios.isCancel(error))
      getHttpHooks().notifyError(error instanceof Error ? error.message : String(error));
    return Promise.reject(error);
  },
);

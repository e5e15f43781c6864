import { website } from '../config';
import { http, refreshLock, TOKEN_URL } from '../http/client';
import { getRefreshToken, getTenantId } from '../session/token-store';
import { md5Hex } from '../md5';
import type { Captcha, LocalLog, TokenResponse, UserProfile } from '../types';

export interface LoginForm {
  tenantId: string;
  username: string;
  /** Plain password: hashed with md5 here, never sent as is. */
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  deptId?: string;
  roleId?: string;
}

export const getCaptcha = async (): Promise<Captcha> =>
  (await http.get<Captcha>('/api/blade-auth/oauth/captcha', { meta: { isToken: false } })).data;

/** grant_type captcha when the server asks for one, password otherwise. */
export async function loginByUsername(form: LoginForm, captchaEnabled: boolean): Promise<TokenResponse> {
  const headers: Record<string, string> = { 'Tenant-Id': form.tenantId };
  if (captchaEnabled) {
    headers['Captcha-Key'] = form.captchaKey ?? '';
    headers['Captcha-Code'] = form.captchaCode ?? '';
  }
  if (website.switchMode && form.deptId) headers['Dept-Id'] = form.deptId;
  if (website.switchMode && form.roleId) headers['Role-Id'] = form.roleId;
  const res = await http.post<TokenResponse>(TOKEN_URL, null, {
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5Hex(form.password),
      grant_type: captchaEnabled ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers,
    meta: { isToken: false, skipRefreshWait: true },
  });
  return res.data;
}

/**
 * Switch dept/role (switch mode only, docs/front-end.md#session-and-lock): a refresh-token grant narrowed to
 * the chosen department and role through the Dept-Id / Role-Id headers. The caller stores the new token.
 */
export async function switchDeptRole(deptId: string, roleId: string): Promise<TokenResponse> {
  const tenantId = getTenantId() ?? website.tenantId;
  const res = await http.post<TokenResponse>(TOKEN_URL, null, {
    params: { tenantId, refresh_token: getRefreshToken(), grant_type: 'refresh_token', scope: 'all' },
    headers: { 'Tenant-Id': tenantId, 'Dept-Id': deptId, 'Role-Id': roleId },
    meta: { isToken: false, skipRefreshWait: true },
  });
  return res.data;
}

/** Joins or starts the single token refresh. Resolves to the new access token. */
export const refreshToken = (): Promise<string> => refreshLock.run();

export const logout = async (): Promise<void> => {
  await http.get('/api/blade-auth/oauth/logout');
};

/** Uploads local UI error logs (docs/front-end.md#the-shells-frame). */
export const sendLogs = async (logs: LocalLog[]): Promise<void> => {
  await http.post('/api/blade-auth/oauth/logout', logs);
};

export const getOauthUserInfo = async (): Promise<UserProfile> =>
  (await http.get<{ data: UserProfile }>('/api/blade-auth/oauth/user-info')).data.data;

export const clearCache = async (): Promise<void> => {
  await http.get('/api/blade-auth/oauth/clear-cache');
};

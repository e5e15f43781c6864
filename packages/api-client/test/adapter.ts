import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '../src/http/client';

export interface Reply {
  status: number;
  data: unknown;
}

/** Routes every request of the shared instance to `handler`; records what was sent. */
export function useAdapter(handler: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const reply = await handler(config);
    const response = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    const validate = config.validateStatus;
    if (validate && !validate(reply.status)) {
      const error = Object.assign(new Error(`Request failed with status code ${reply.status}`), {
        config,
        response,
        isAxiosError: true,
      });
      throw error;
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return sent;
}

export const ok = (data: unknown): Reply => ({
  status: 200,
  data: { code: 200, success: true, msg: '操作成功', data },
});

export const tokenResponse = (access: string, overrides: Record<string, unknown> = {}) => ({
  access_token: access,
  refresh_token: `refresh-${access}`,
  token_type: 'bearer' as const,
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1123598821738675201',
  user_name: 'admin',
  nick_name: '管理员',
  real_name: '管理员',
  account: 'admin',
  role_name: 'administrator',
  role_id: '1',
  dept_id: '1',
  post_id: '1',
  avatar: '',
  oauth_id: '',
  license: 'powered by tongxin',
  ...overrides,
});

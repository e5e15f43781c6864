import { http } from '../http/client';
import type { Page, PageQuery, Param, R, TenantInfo } from '../types';

export const getTenantInfo = async (domain: string): Promise<TenantInfo | null> =>
  (
    await http.get<R<TenantInfo | null>>('/api/blade-system/tenant/info', {
      params: { domain },
      meta: { isToken: false },
    })
  ).data.data ?? null;

export const getParamValueByKey = async (paramKey: string): Promise<string | null> =>
  (await http.get<R<string | null>>('/api/blade-system/param/detail-by-key', { params: { paramKey } })).data
    .data;

export interface ParamFilter {
  paramName?: string;
  paramKey?: string;
}

export const paramApi = {
  list: async (query: PageQuery & ParamFilter): Promise<Page<Param>> =>
    (await http.get<R<Page<Param>>>('/api/blade-system/param/list', { params: query })).data.data,
  detail: async (id: string): Promise<Param> =>
    (await http.get<R<Param>>('/api/blade-system/param/detail', { params: { id } })).data.data,
  submit: async (row: Param): Promise<R<unknown>> =>
    (await http.post<R<unknown>>('/api/blade-system/param/submit', row)).data,
  remove: async (ids: string[]): Promise<R<unknown>> =>
    (await http.post<R<unknown>>('/api/blade-system/param/remove', null, { params: { ids: ids.join(',') } }))
      .data,
};

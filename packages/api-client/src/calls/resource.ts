import { http } from '../http/client';
import type { Page, PageQuery, R } from '../types';

/** The standard resource pattern (docs/api.md#the-standard-calls-of-a-resource): list, detail, submit,
 * remove?ids under one base path. */
export interface ResourceApi<T> {
  list(query: PageQuery & Record<string, unknown>): Promise<Page<T>>;
  detail(id: string): Promise<T>;
  submit(row: Partial<T>): Promise<R<unknown>>;
  remove(ids: string[]): Promise<R<unknown>>;
}

/** `listPath` is 'list', 'page' or a custom list path. Filters with empty values are not sent. */
export function resourceApi<T>(base: string, listPath = 'list'): ResourceApi<T> {
  const clean = (query: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return {
    list: async (query) =>
      (await http.get<R<Page<T>>>(`${base}/${listPath}`, { params: clean(query) })).data.data,
    detail: async (id) => (await http.get<R<T>>(`${base}/detail`, { params: { id } })).data.data,
    submit: async (row) => (await http.post<R<unknown>>(`${base}/submit`, row)).data,
    remove: async (ids) =>
      (await http.post<R<unknown>>(`${base}/remove`, null, { params: { ids: ids.join(',') } })).data,
  };
}

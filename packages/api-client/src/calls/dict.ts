import { http } from '../http/client';
import type { DictItem, R } from '../types';

const cache = new Map<string, Promise<DictItem[]>>();

const load = (url: string, code: string): Promise<DictItem[]> => {
  const key = `${url}?${code}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = http.get<R<DictItem[]>>(url, { params: { code } }).then((res) => res.data.data ?? []);
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
};

/** System dictionary, cached per code for the page's lifetime (one cache: api-client is a singleton). */
export const getDictionary = (code: string): Promise<DictItem[]> =>
  load('/api/blade-system/dict/dictionary', code);
/** Business dictionary, cached the same way. */
export const getDictBiz = (code: string): Promise<DictItem[]> =>
  load('/api/blade-system/dict-biz/dictionary', code);
export const clearDictCache = (): void => cache.clear();

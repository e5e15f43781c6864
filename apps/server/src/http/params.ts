import { parseIdList } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './envelope.js';

/** Query-string and form/JSON body parameters merged into one string map (body wins). Login and refresh
 * calls send their fields in the query string of a POST; some clients send a form body instead. */
export function requestParams(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (source: unknown) => {
    if (!source || typeof source !== 'object' || Array.isArray(source)) return;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
      else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
    }
  };
  add(request.query);
  add(request.body);
  return out;
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) || undefined;
}

/** A comma-joined id list (`1,2,3`, or an array of ids) with each id once; [] when absent or blank.
 * Anything but ids (rules/ids.ts) is a 400 `<label>格式不正确`. */
export function idList(raw: unknown, label: string): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : raw === undefined || raw === null ? '' : String(raw);
  const ids = parseIdList(text);
  if (!ids) throw badRequest(`${label}格式不正确`);
  return [...new Set(ids)];
}

/** The rows a batch action names (`ids=1,2`): at least one, every one an id, else a 400 with `message`. */
export function selectedIds(raw: unknown, message = '请选择要操作的数据'): string[] {
  const ids = typeof raw === 'string' ? parseIdList(raw) : undefined;
  if (!ids?.length) throw badRequest(message);
  return [...new Set(ids)];
}

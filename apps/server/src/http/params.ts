import type { FastifyRequest } from 'fastify';

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

import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { type DictItem, loadDictItems } from '../../dicts/dict-items.js';
import { badRequest, ok } from '../../http/envelope.js';

const CODE = /^[A-Za-z0-9_.-]{1,255}$/;
const MAX_BATCH = 50;

const codeParam = (raw: unknown): string => {
  if (typeof raw !== 'string' || !CODE.test(raw)) throw badRequest('请输入正确的字典编号');
  return raw;
};

export function dictRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [base, biz] of [
    ['/api/blade-system/dict', false],
    ['/api/blade-system/dict-biz', true],
  ] as const) {
    app.get(`${base}/dictionary`, { config: { access: { token: true } } }, async (request) => {
      const user = requireUser(request);
      return ok(
        await loadDictItems(
          ctx,
          user.tenantId,
          codeParam((request.query as Record<string, unknown>).code),
          biz,
        ),
      );
    });
    // One call for every dictionary a screen shows: `codes=a,b,c` → `{a: [...], b: [...]}`.
    app.get(`${base}/dictionary-batch`, { config: { access: { token: true } } }, async (request) => {
      const user = requireUser(request);
      const raw = (request.query as Record<string, unknown>).codes;
      const codes = typeof raw === 'string' ? [...new Set(raw.split(',').filter(Boolean))] : [];
      if (!codes.length || codes.length > MAX_BATCH) throw badRequest('请输入字典编号(最多50个)');
      const out: Record<string, DictItem[]> = {};
      for (const code of codes) out[code] = await loadDictItems(ctx, user.tenantId, codeParam(code), biz);
      return ok(out);
    });
  }
}

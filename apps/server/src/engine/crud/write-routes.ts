import { acceptsWrites, buttonCodes, hasStandard } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { badRequest, done, ok } from '../../http/envelope.js';
import { idempotent } from '../../http/idempotency.js';
import { selectedIds } from '../../http/params.js';
import type { ResourceEngine } from './resource-engine.js';
import { queryOf } from './read-routes.js';

/** submit, or save/update (as the definition's `write` says), and remove when deleting is standard. */
export function writeRoutes(app: FastifyInstance, engine: ResourceEngine): void {
  const { def, ctx } = engine;
  const writeRoute = (mode: 'submit' | 'save' | 'update') => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
    return idempotent(ctx.store, request, user, async () => {
      const result = await engine.write(user, body as Record<string, unknown>, mode);
      return ok({ id: result.id }, result.isNew ? '新增成功' : '更新成功');
    });
  };
  // The permission (add or edit) depends on the body, so it is checked inside the handler.
  const writeAccess = (mode: 'submit' | 'save' | 'update') => ({
    config: { access: { token: true as const } },
    ...engine.schemas.write(mode),
  });
  // a read-only resource (logs), or one that offers neither add nor edit (attachments, added by
  // uploading), serves no write route
  const writable = acceptsWrites(def);
  if (def.write !== 'save-update' && writable)
    app.post(`${def.path}/submit`, writeAccess('submit'), writeRoute('submit'));
  if ((def.write === 'save-update' || def.write === 'all') && writable) {
    app.post(`${def.path}/save`, writeAccess('save'), writeRoute('save'));
    app.post(`${def.path}/update`, writeAccess('update'), writeRoute('update'));
  }

  if (hasStandard(def, 'delete')) {
    app.post(
      `${def.path}/remove`,
      { config: { access: { perm: buttonCodes(def, 'delete') } }, ...engine.schemas.remove() },
      async (request) => {
        const user = requireUser(request);
        const q = queryOf(request);
        const body = request.body as Record<string, unknown> | undefined;
        // `ids=a,b` (the standard pattern) or one `id=` (BladeX region/remove?id=)
        await engine.remove(user, selectedIds(q.ids ?? body?.ids ?? q.id ?? body?.id));
        return done('删除成功');
      },
    );
  }
}

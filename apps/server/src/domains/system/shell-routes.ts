import { buttonCodes, isPlatformParam, paramKeyDef, paramResource } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { PLATFORM_TENANT } from '../../db/database.js';
import { badRequest, forbidden, notFound, ok } from '../../http/envelope.js';
import { rowToWire } from '../../util/case.js';
import { maskSecretParam } from './param.js';

/** Parameters any signed-in user may read by key: whether self-registration is open. */
const SHELL_PARAM_KEYS = new Set(['account.registerUser']);

/** Small calls the shell makes before and right after login. */
export function shellRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Which tenant a domain belongs to, so the login form can hide the tenant field. Public.
  app.get('/api/blade-system/tenant/info', { config: { access: { public: true } } }, async (request) => {
    const domain = (request.query as Record<string, unknown>).domain;
    if (typeof domain !== 'string' || !domain || domain.length > 255) return ok(null);
    let origin = domain;
    try {
      origin = new URL(domain).origin;
    } catch {
      // not a URL: compare as given
    }
    const row = await ctx.db.tx({ tenantId: PLATFORM_TENANT }, (trx) =>
      trx
        .selectFrom('blade_tenant')
        .select(['tenant_id', 'tenant_name', 'domain', 'background_url'])
        .where('is_deleted', '=', 0)
        .where('status', '=', 1)
        .where((eb) => eb.or([eb('domain', '=', domain), eb('domain', '=', origin)]))
        .executeTakeFirst(),
    );
    return ok(row ? rowToWire(row) : null);
  });

  // A parameter of the caller's tenant by its key (its own row, else the key's declared default). Some are
  // secrets (the initial password of new accounts), so only the keys the shell may read are open to every
  // signed-in user; any other key needs the parameter screen's view permission. A platform-wide key (a
  // new tenant's admin password, the log retention) is read by the platform tenant's users only.
  app.get(
    '/api/blade-system/param/detail-by-key',
    { config: { access: { token: true } } },
    async (request) => {
      const user = requireUser(request);
      const key = (request.query as Record<string, unknown>).paramKey;
      if (typeof key !== 'string' || !key) throw badRequest('缺少必要的请求参数: paramKey');
      if (
        !SHELL_PARAM_KEYS.has(key) &&
        !(await ctx.permissions.hasAny(user, buttonCodes(paramResource, 'view')))
      )
        throw forbidden();
      if (isPlatformParam(key) && user.tenantId !== PLATFORM_TENANT) throw forbidden();
      const row = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
        trx
          .selectFrom('blade_param')
          .select(['id', 'param_name', 'param_key', 'param_value'])
          .where('tenant_id', '=', user.tenantId)
          .where('param_key', '=', key)
          .where('is_deleted', '=', 0)
          .executeTakeFirst(),
      );
      const declared = paramKeyDef(key);
      if (!row && !declared) throw notFound('参数不存在');
      const wire = row
        ? rowToWire(row)
        : { paramName: declared!.name, paramKey: key, paramValue: declared!.defaultValue };
      maskSecretParam(wire);
      return ok(wire);
    },
  );

  // The logged-in user's own profile (never the password hash).
  app.get('/api/blade-user/info', { config: { access: { token: true } } }, async (request) => {
    const user = requireUser(request);
    const data = await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const row = await trx
        .selectFrom('blade_user')
        .select([
          'id',
          'tenant_id',
          'code',
          'user_type',
          'account',
          'name',
          'real_name',
          'avatar',
          'email',
          'phone',
          'birthday',
          'sex',
          'role_id',
          'dept_id',
          'post_id',
          'status',
          'create_time',
        ])
        .where('id', '=', user.userId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!row) return undefined;
      const ids = (v: unknown) => (typeof v === 'string' && v ? v.split(',') : []);
      const [roles, depts, posts] = await Promise.all([
        ids(row.role_id).length
          ? trx.selectFrom('blade_role').select('role_name').where('id', 'in', ids(row.role_id)).execute()
          : [],
        ids(row.dept_id).length
          ? trx.selectFrom('blade_dept').select('dept_name').where('id', 'in', ids(row.dept_id)).execute()
          : [],
        ids(row.post_id).length
          ? trx.selectFrom('blade_post').select('post_name').where('id', 'in', ids(row.post_id)).execute()
          : [],
      ]);
      return {
        ...rowToWire(row),
        roleName: roles.map((r) => r.role_name).join(','),
        deptName: depts.map((d) => d.dept_name).join(','),
        postName: posts.map((p) => p.post_name).join(','),
      };
    });
    if (!data) throw notFound('用户不存在');
    return ok(data);
  });
}

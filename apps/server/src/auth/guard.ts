import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import { PLATFORM_TENANT } from '../db/database.js';
import { forbidden, MSG, unauthorized } from '../http/envelope.js';
import type { AuthUser, TokenFailure } from './tokens.js';

/** What the guard reads of the server's services (services.ts), handed down by buildApp. */
export type GuardServices = Pick<Services, 'grantsVersion' | 'permissions' | 'roles' | 'tenants' | 'tokens'>;

/** Who may call a route. Every /api route must declare one; there is no default. `perm` may list several
 * codes: any one of them opens the route (`x_*` matches every code starting with `x_`). */
export type Access =
  | { public: true }
  | { token: true }
  | { perm: string | readonly string[] }
  | { role: 'administrator' | 'admin' };

/** What a signed-in shell needs whatever API scopes say: login, refresh, logout, the menus and buttons,
 * the caller's own profile. API scopes never lock a user out of the session itself. */
const SESSION_PATHS =
  /^\/api\/(blade-auth\/|blade-system\/menu\/(routes|buttons|top-menu)$|blade-user\/(info|update-info|update-password)$)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access rule, for audits and tests. */
    accessTable: { method: string; url: string; access: Access }[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A plain download the browser opens as a link (an export, an import template): the token may come
     * in the `blade-auth` query parameter. Nowhere else: a token in a URL ends up in histories and logs. */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Reads the bearer token from `Blade-Auth`, then `Authorization: Bearer`, then, on download routes
 * only (`tokenInQuery`), the `blade-auth` query parameter. */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers['blade-auth'];
  const bladeAuth = Array.isArray(header) ? header[0] : header;
  if (bladeAuth && bladeAuth.slice(0, 6).toLowerCase() === 'bearer')
    return bladeAuth.slice(7).trim() || undefined;
  const authorization = request.headers.authorization;
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ')
    return authorization.slice(7).trim();
  if (!request.routeOptions.config?.tokenInQuery) return undefined;
  const q = (request.query as Record<string, unknown> | undefined)?.['blade-auth'];
  if (typeof q === 'string' && q.slice(0, 6).toLowerCase() === 'bearer')
    return q.slice(7).trim() || undefined;
  return undefined;
}

function decodedPath(url: string): string {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The platform administrator: the `administrator` role of the platform tenant. The same alias on a role
 * of any other tenant grants nothing beyond that tenant (SpringBlade issue #41: a role alias matched in
 * every tenant). */
export const isAdministrator = (u: AuthUser) =>
  u.tenantId === PLATFORM_TENANT && u.roleAliases.includes('administrator');
export const isTenantAdmin = (u: AuthUser) => u.roleAliases.includes('admin') || isAdministrator(u);

/** A `Tenant-Id` header naming another tenant than the token's: a token is never good for another tenant. */
function otherTenantAsked(request: FastifyRequest, user: AuthUser): boolean {
  const raw = request.headers['tenant-id'];
  const asked = Array.isArray(raw) ? raw[0] : raw;
  return asked !== undefined && asked !== '' && asked !== user.tenantId;
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(MSG.missingToken);
  return request.user;
}

export function installGuard(app: FastifyInstance, ctx: GuardServices): void {
  app.decorateRequest('user', null);
  app.decorate('accessTable', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access rule (public, token or perm)`,
      );
    }
    app.accessTable.push({ method: String(route.method), url: route.url, access });
  });

  /** The token's user as of now: with the token, one round trip brings its revocation marks, the shared
   * grants version (a role grant edited on any instance counts from this request on) and the marks of
   * role changes (the user's roles as they are now, when they changed after the token was issued). */
  const authenticate = async (token: string): Promise<AuthUser | TokenFailure> => {
    const checked = await ctx.tokens.checkAccess(token, (u) => [ctx.grantsVersion.key, ...ctx.roles.keys(u)]);
    if (typeof checked === 'string') return checked;
    const [grantsVersion = null, ...roleMarks] = checked.along;
    ctx.permissions.sync(grantsVersion);
    return ctx.roles.resolve(checked.user, checked.issuedMs, roleMarks);
  };

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = readToken(request);
    if ('public' in access) {
      if (token) {
        const user = await authenticate(token);
        if (typeof user !== 'string' && !otherTenantAsked(request, user)) {
          if (!(await ctx.tenants.refusal(user.tenantId))) request.user = user;
        }
      }
      return;
    }
    if (!token) throw unauthorized(MSG.missingToken);
    const user = await authenticate(token);
    if (user === 'expired') throw unauthorized('令牌已过期,请重新登录');
    if (user === 'revoked') throw unauthorized('令牌已失效,请重新登录');
    if (user === 'invalid') throw unauthorized(MSG.unauthorized);
    if (otherTenantAsked(request, user)) throw unauthorized('令牌与租户不匹配,请重新登录');
    // Every role was taken away since the token was issued: as at login, no role, no session.
    if (!user.roleIds.length) throw unauthorized('未获得用户的角色信息');
    // A tenant disabled or past its expiry ends its sessions now (read again every few seconds).
    const tenantRefused = await ctx.tenants.refusal(user.tenantId);
    if (tenantRefused) throw unauthorized(tenantRefused);
    request.user = user;
    if ('perm' in access) {
      const codes = typeof access.perm === 'string' ? [access.perm] : access.perm;
      if (!(await ctx.permissions.hasAny(user, codes))) throw forbidden();
    }
    if ('role' in access) {
      const allowed = access.role === 'administrator' ? isAdministrator(user) : isTenantAdmin(user);
      if (!allowed) throw forbidden();
    }
    // API scopes (docs/domain-model.md#接口权限-apiscope) restrict the paths they name to the roles granted them.
    // The administrator and tenant administrators are not restricted, as with data scopes
    // (docs/domain-model.md#数据权限-datascope).
    const route = request.routeOptions.url ?? '';
    if (!isTenantAdmin(user) && !SESSION_PATHS.test(route)) {
      const paths = [route, decodedPath(request.url)];
      if (!(await ctx.permissions.apiAllowed(user, paths))) throw forbidden('请求被拒绝,缺少接口权限');
    }
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import { nextId } from '../db/ids.js';
import { ApiError, done, ok } from '../http/envelope.js';
import { header, requestParams } from '../http/params.js';
import { DailyQuota } from '../util/daily-quota.js';
import { formatDateTime } from '../util/datetime.js';
import { clearCacheRoute } from './clear-cache.js';
import { requireUser } from './guard.js';
import { LOGIN_MSG, LoginService, OAuthError } from './login-service.js';
import { OnlineSessions } from './online-sessions.js';

/** What the auth routes read (with the login service, the session list and 清除缓存) of the server's services
 * (services.ts), handed down by buildApp. */
export type AuthRouteServices = Pick<
  Services,
  | 'captcha'
  | 'config'
  | 'db'
  | 'dicts'
  | 'grantsVersion'
  | 'lockout'
  | 'logs'
  | 'permissions'
  | 'store'
  | 'tokens'
>;

function sendOAuthError(reply: FastifyReply, e: OAuthError) {
  return reply.code(e.status).send({
    code: e.status,
    success: false,
    data: null,
    msg: e.description,
    error_code: e.status,
    error_description: e.description,
  });
}

const MAX_CLIENT_LOGS = 100;
const clip = (v: unknown, n: number) => (v === undefined || v === null ? null : String(v).slice(0, n));

export function authRoutes(app: FastifyInstance, ctx: AuthRouteServices): void {
  const login = new LoginService(ctx);
  const sessions = new OnlineSessions(ctx);
  const base = '/api/blade-auth/oauth';

  app.post(`${base}/token`, { config: { access: { public: true } } }, async (request, reply) => {
    // what the login log notes of this attempt
    const attempt = { tenantId: '000000', account: '', grant: '' };
    try {
      const p = requestParams(request);
      const grant = p.grant_type ?? p.grantType ?? 'password';
      const basic = login.parseBasic(request.headers.authorization);
      const tenantId = header(request, 'tenant-id') ?? p.tenantId ?? p.tenant_id ?? '000000';
      Object.assign(attempt, { tenantId, account: (p.username ?? p.account ?? '').trim(), grant });
      const choose = { deptId: header(request, 'dept-id'), roleId: header(request, 'role-id') };
      if (grant === 'refresh_token')
        return await refreshGrant(ctx, login, sessions, { p, basic, tenantId, choose });

      const account = (p.username ?? p.account ?? '').trim();
      const records = await login.load(tenantId, basic.clientId, { account });
      const client = login.checkClient(records.client, basic.clientId, basic.secret);
      if (grant === 'social' || grant === 'authorization_code')
        throw new OAuthError(400, LOGIN_MSG.noProvider);
      if (!['password', 'captcha'].includes(grant) || !client.grantTypes.includes(grant)) {
        throw new OAuthError(400, LOGIN_MSG.badGrant);
      }
      // The browser's own client is open to every browser (its secret is in the page): while the captcha
      // is on, it signs in through the captcha grant only. Scripts use a client of their own (应用管理).
      if (grant === 'password' && ctx.captcha.enabled && client.clientId === ctx.config.clientId)
        throw new OAuthError(400, LOGIN_MSG.captchaRequired);
      await login.checkTenantForPassword(tenantId, records.tenant);
      if (grant === 'captcha' && ctx.captcha.enabled) {
        const passed = await ctx.captcha.check(
          header(request, 'captcha-key') ?? '',
          header(request, 'captcha-code') ?? '',
        );
        if (!passed) throw new OAuthError(400, LOGIN_MSG.badCaptcha);
      }
      const password = (p.password ?? '').toLowerCase();
      const user = await login.checkPassword(tenantId, account, records.user, password, request.ip);
      const subject = login.subject(user, records.roles, client.clientId, choose);
      const validity = { access: client.accessValidity, refresh: client.refreshValidity };
      const tokens = await ctx.tokens.issue(subject, validity);
      await sessions.open(request, subject, tokens, validity.refresh);
      sessions.attempt(request, { ...attempt, userId: subject.userId, success: true, message: '登录成功' });
      return login.tokenResponse(subject, user, tokens, validity.access, records.deptNames);
    } catch (e) {
      if (e instanceof OAuthError) {
        if (attempt.grant !== 'refresh_token')
          sessions.attempt(request, { ...attempt, success: false, message: e.description });
        return sendOAuthError(reply, e);
      }
      throw e;
    }
  });

  app.get(`${base}/captcha`, { config: { access: { public: true } } }, async () => ctx.captcha.create());

  logoutRoutes(app, ctx, base, sessions);

  app.get(`${base}/user-info`, { config: { access: { token: true } } }, async (request) => {
    const u = requireUser(request);
    return ok({
      userId: u.userId,
      tenantId: u.tenantId,
      account: u.account,
      userName: u.account,
      nickName: u.nickName,
      roleId: u.roleIds.join(','),
      roleName: u.roleAliases.join(','),
      deptId: u.deptIds.join(','),
      postId: u.postIds.join(','),
      clientId: u.clientId,
    });
  });

  clearCacheRoute(app, ctx, base);
}

interface RefreshCall {
  p: Record<string, string | undefined>;
  basic: { clientId: string; secret: string };
  tenantId: string;
  choose: { deptId?: string; roleId?: string };
}

/** The refresh grant. Refresh tokens rotate: the session's row names the one refresh token it accepts
 * next, and a refresh replaces it in one conditional write. A refresh token presented again after it
 * was used (stolen and replayed, by the thief or by its owner after the thief) ends the whole session,
 * every token descended from its sign-in, on every instance. */
async function refreshGrant(
  ctx: AuthRouteServices,
  login: LoginService,
  sessions: OnlineSessions,
  { p, basic, tenantId, choose }: RefreshCall,
) {
  const claims = await ctx.tokens.verifyRefresh(p.refresh_token ?? p.refreshToken ?? '');
  if (typeof claims === 'string' || claims.tenantId !== tenantId || claims.clientId !== basic.clientId) {
    throw new OAuthError(401, LOGIN_MSG.badRefresh);
  }
  const records = await login.load(tenantId, basic.clientId, { id: claims.userId });
  const client = login.checkClient(records.client, basic.clientId, basic.secret);
  if (!client.grantTypes.includes('refresh_token')) throw new OAuthError(400, LOGIN_MSG.badGrant);
  login.checkTenant(tenantId, records.tenant);
  if (!records.user) throw new OAuthError(401, LOGIN_MSG.badRefresh);
  if (Number(records.user.status) !== 1) throw new OAuthError(400, LOGIN_MSG.disabledUser);
  const subject = login.subject(records.user, records.roles, client.clientId, choose);
  const validity = { access: client.accessValidity, refresh: client.refreshValidity };
  const tokens = await ctx.tokens.issue(subject, validity, claims.sid);
  if (!(await sessions.rotate(tenantId, claims.sid, claims.jti, tokens.refreshJti, validity.refresh))) {
    // used before, or its session is gone: nothing descended from this sign-in stays good
    await ctx.tokens.revokeSession(claims.sid, Math.max(validity.refresh, ctx.config.refreshTokenSeconds));
    await sessions.close(tenantId, claims.sid);
    throw new OAuthError(401, LOGIN_MSG.badRefresh);
  }
  return login.tokenResponse(subject, records.user, tokens, validity.access, records.deptNames);
}

/** logout (GET or POST): ends the session, or with a list body stores the browser's local error log. */
function logoutRoutes(
  app: FastifyInstance,
  ctx: AuthRouteServices,
  base: string,
  sessions: OnlineSessions,
): void {
  const logQuota = new DailyQuota(ctx.store, 'client-logs', ctx.config.clientLogQuota);
  const logout = async (request: FastifyRequest) => {
    const user = requireUser(request);
    // BladeX clients upload their local error log with POST logout and a list body: that stores the
    // logs and keeps the session. Any other call logs out.
    const logs = Array.isArray(request.body) ? request.body.slice(0, MAX_CLIENT_LOGS) : [];
    if (!logs.length) {
      await ctx.tokens.revokeSession(user.sid, ctx.config.refreshTokenSeconds);
      await sessions.close(user.tenantId, user.sid);
    }
    if (logs.length) {
      if ((await logQuota.remaining(user.userId)) < logs.length)
        throw new ApiError(429, '今日上传的日志已达上限,请明天再试');
      await logQuota.add(user.userId, logs.length);
      const now = formatDateTime();
      await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
        trx
          .insertInto('blade_log_error')
          .values(
            logs.map((raw: unknown) => {
              const l = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
              return {
                id: nextId(),
                tenant_id: user.tenantId,
                service_id: 'web-client',
                exception_name: clip(l.type, 255),
                message: clip(l.message, 4000),
                stack_trace: clip(l.stack, 20000),
                params: clip(l.info, 4000),
                request_uri: clip(l.url, 1000),
                user_agent: clip(request.headers['user-agent'], 1000),
                remote_ip: request.ip,
                create_by: user.account,
                create_time: now,
              };
            }),
          )
          .execute(),
      );
    }
    return done(logs.length ? '发送成功!' : '操作成功');
  };
  app.get(`${base}/logout`, { config: { access: { token: true } } }, logout);
  app.post(`${base}/logout`, { config: { access: { token: true } } }, logout);
}

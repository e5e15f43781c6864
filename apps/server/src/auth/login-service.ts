import { timingSafeEqual } from 'node:crypto';
import { isId, isTenantId } from '@tongxin/resources';
import { SHIPPED_CLIENT_SECRET } from '../config.js';
import type { Services } from '../services.js';
import { hashClientSecret, standInHash, verifyPassword } from './passwords.js';
import { TENANT_MSG, tenantRefusal, type TenantRow } from './tenant-states.js';
import type { AuthUser } from './tokens.js';

/** What signing in reads of the server's services (services.ts), handed down by buildApp. */
export type LoginServices = Pick<Services, 'config' | 'db' | 'lockout'>;

/** A login failure: `status` is the HTTP status, `description` the Chinese text the login form shows. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly description: string,
  ) {
    super(description);
  }
}

export const LOGIN_MSG = {
  badClient: '客户端认证失败',
  badGrant: '不支持的授权类型',
  noProvider: '未配置第三方登录服务,暂不支持该登录方式',
  badCredentials: '用户名或密码不正确',
  badCaptcha: '验证码不正确',
  captchaRequired: '请输入验证码',
  lockedIp: '用户登录失败次数过多,请稍后再试',
  unknownTenant: TENANT_MSG.unknown,
  expiredTenant: TENANT_MSG.expired,
  disabledTenant: TENANT_MSG.disabled,
  disabledUser: '账号已停用,请联系管理员',
  pendingUser: '账号注册申请正在等待管理员审核',
  noRole: '未获得用户的角色信息',
  badRefresh: '刷新令牌无效或已过期,请重新登录',
  missingParams: '请输入账号和密码',
} as const;

/** How long the lock lasts, in the words the login form shows: 30 → "30秒", 1800 → "30分钟",
 * 7200 → "2小时", 5400 → "90分钟" (partial minutes round up). */
export function lockDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}秒`;
  if (seconds % 3600 === 0) return `${seconds / 3600}小时`;
  return `${Math.ceil(seconds / 60)}分钟`;
}

/** The locked-account message for the configured LOGIN_LOCK_SECONDS. */
export const lockedAccountMessage = (lockSeconds: number) =>
  `用户登录失败次数过多,账号已锁定${lockDuration(lockSeconds)}`;

export interface ClientRow {
  clientId: string;
  grantTypes: string[];
  accessValidity: number;
  refreshValidity: number;
}

interface UserRow {
  id: string;
  tenant_id: string;
  account: string;
  password: string;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  status: number;
}

const csv = (v: string | null | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(isId)
    : [];

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface RoleRow {
  id: string;
  role_alias: string;
}

/** Everything a login needs from the database, read in one go. */
export interface LoginRecords {
  client: Record<string, unknown> | undefined;
  tenant: Record<string, unknown> | undefined;
  user: UserRow | undefined;
  roles: RoleRow[];
  /** Names of the user's departments by id (the token response names the ones it carries). */
  deptNames: Map<string, string>;
}

export class LoginService {
  constructor(private readonly ctx: LoginServices) {}

  /** Parses `Authorization: Basic base64(clientId:secret)`. */
  parseBasic(header: string | undefined): { clientId: string; secret: string } {
    const m = header ? /^Basic(?: |%20)(.+)$/i.exec(header.trim()) : null;
    if (!m?.[1]) throw new OAuthError(401, LOGIN_MSG.badClient);
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1) throw new OAuthError(401, LOGIN_MSG.badClient);
    return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }

  /** One read (each statement one round trip with the tenant settings): the client, the tenant, the user
   * (by account or id), the user's roles and the names of the user's departments. */
  async load(
    tenantId: string,
    clientId: string,
    who: { account: string } | { id: string },
  ): Promise<LoginRecords> {
    if (!isTenantId(tenantId)) throw new OAuthError(400, LOGIN_MSG.unknownTenant);
    if ('id' in who && !isId(who.id)) throw new OAuthError(401, LOGIN_MSG.badRefresh);
    return this.ctx.db.read({ tenantId }, async (trx) => {
      let userQuery = trx
        .selectFrom('blade_user')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0);
      userQuery =
        'account' in who ? userQuery.where('account', '=', who.account) : userQuery.where('id', '=', who.id);
      const [client, tenant, user] = await Promise.all([
        trx
          .selectFrom('blade_client')
          .selectAll()
          .where('client_id', '=', clientId)
          .where('is_deleted', '=', 0)
          .where('status', '=', 1)
          .executeTakeFirst(),
        trx
          .selectFrom('blade_tenant')
          .select(['status', 'expire_time'])
          .where('tenant_id', '=', tenantId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst(),
        userQuery.executeTakeFirst() as Promise<UserRow | undefined>,
      ]);
      const roleIds = csv(user?.role_id);
      const deptIds = csv(user?.dept_id);
      const [roles, depts] = await Promise.all([
        roleIds.length
          ? (trx
              .selectFrom('blade_role')
              .select(['id', 'role_alias'])
              .where('id', 'in', roleIds)
              .where('is_deleted', '=', 0)
              .execute() as unknown as Promise<RoleRow[]>)
          : [],
        deptIds.length
          ? trx.selectFrom('blade_dept').select(['id', 'dept_name']).where('id', 'in', deptIds).execute()
          : [],
      ]);
      const deptNames = new Map(depts.map((d) => [String(d.id), String(d.dept_name ?? '')]));
      return { client, tenant, user, roles, deptNames };
    });
  }

  /** The client row must exist and its stored hash must match the presented secret. The shipped secret
   * is public (every browser has it), so it opens the browser's own client only (CLIENT_ID), never
   * another client that happens to store it. */
  checkClient(row: Record<string, unknown> | undefined, clientId: string, secret: string): ClientRow {
    if (!row || !safeEqual(String(row.client_secret), hashClientSecret(secret))) {
      throw new OAuthError(401, LOGIN_MSG.badClient);
    }
    if (secret === SHIPPED_CLIENT_SECRET && clientId !== this.ctx.config.clientId)
      throw new OAuthError(401, LOGIN_MSG.badClient);
    return {
      clientId,
      grantTypes: String(row.authorized_grant_types)
        .split(',')
        .map((s) => s.trim()),
      accessValidity: Number(row.access_token_validity),
      refreshValidity: Number(row.refresh_token_validity),
    };
  }

  checkTenant(tenantId: string, tenant: Record<string, unknown> | undefined): void {
    const refusal = tenantRefusal(tenantId, tenant as TenantRow | undefined);
    if (refusal) throw new OAuthError(400, refusal);
  }

  /** The tenant check of a sign-in with a password: a refused tenant costs the same password check as a
   * wrong password (nothing about the tenant is told by the time the refusal takes). */
  async checkTenantForPassword(tenantId: string, tenant: Record<string, unknown> | undefined) {
    const refusal = tenantRefusal(tenantId, tenant as TenantRow | undefined);
    if (!refusal) return;
    await verifyPassword(await standInHash(), '');
    throw new OAuthError(400, refusal);
  }

  /** Password (and captcha) grant: lockout first, then the argon2id check of the client's md5 hash. An
   * unknown account is checked against a stand-in hash all the same, so a refusal takes as long whether
   * or not the account exists (its time tells nothing). */
  async checkPassword(
    tenantId: string,
    account: string,
    user: UserRow | undefined,
    clientHash: string,
    ip: string,
  ): Promise<UserRow> {
    if (!account || !clientHash) throw new OAuthError(400, LOGIN_MSG.missingParams);
    const { locked, failures, generation } = await this.ctx.lockout.check(tenantId, account, ip);
    if (locked === 'account')
      throw new OAuthError(400, lockedAccountMessage(this.ctx.config.loginLockSeconds));
    if (locked === 'ip') throw new OAuthError(400, LOGIN_MSG.lockedIp);
    const valid = await verifyPassword(user?.password ?? (await standInHash()), clientHash);
    if (!user || !valid) {
      await this.ctx.lockout.fail(tenantId, account, ip, generation);
      throw new OAuthError(400, LOGIN_MSG.badCredentials);
    }
    if (Number(user.status) === 2) throw new OAuthError(400, LOGIN_MSG.pendingUser);
    if (Number(user.status) !== 1) throw new OAuthError(400, LOGIN_MSG.disabledUser);
    // a success clears the failures of this account here: one round trip, only when there are some
    if (failures > 0) await this.ctx.lockout.succeed(tenantId, account, ip, generation);
    return user;
  }

  /** Builds the token subject; `Dept-Id`/`Role-Id` narrow it to one dept or role the user holds. */
  subject(
    user: UserRow,
    allRoles: RoleRow[],
    clientId: string,
    choose: { deptId?: string; roleId?: string },
  ): Omit<AuthUser, 'sid' | 'jti' | 'exp'> {
    let roles = allRoles;
    let deptIds = csv(user.dept_id);
    if (choose.roleId && roles.some((r) => r.id === choose.roleId))
      roles = roles.filter((r) => r.id === choose.roleId);
    if (choose.deptId && deptIds.includes(choose.deptId)) deptIds = [choose.deptId];
    if (!roles.length) throw new OAuthError(400, LOGIN_MSG.noRole);
    return {
      userId: user.id,
      tenantId: user.tenant_id,
      account: user.account,
      nickName: user.real_name ?? user.name ?? user.account,
      roleIds: roles.map((r) => String(r.id)),
      roleAliases: roles.map((r) => String(r.role_alias)),
      deptIds,
      postIds: csv(user.post_id),
      clientId,
    };
  }

  /** The flat BladeX token response. */
  tokenResponse(
    subject: Omit<AuthUser, 'sid' | 'jti' | 'exp'>,
    user: UserRow,
    tokens: { accessToken: string; refreshToken: string },
    expiresIn: number,
    deptNames: Map<string, string>,
  ) {
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: 'bearer',
      expires_in: expiresIn,
      scope: 'all',
      tenant_id: subject.tenantId,
      user_id: subject.userId,
      dept_id: subject.deptIds.join(','),
      // beyond BladeX: the names of those departments, for the screens that show them (the home page)
      dept_name: subject.deptIds
        .map((id) => deptNames.get(id) ?? '')
        .filter(Boolean)
        .join(','),
      post_id: subject.postIds.join(','),
      role_id: subject.roleIds.join(','),
      oauth_id: '',
      account: subject.account,
      user_name: subject.account,
      nick_name: subject.nickName,
      real_name: user.real_name ?? '',
      role_name: subject.roleAliases.join(','),
      avatar: user.avatar ?? '',
      client_id: subject.clientId,
      license: 'powered by tongxin',
      detail: { type: 'web' },
    };
  }
}

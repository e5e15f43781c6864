import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { MarkStore } from './token-marks.js';

/** What an access token says about its bearer. Lists are kept as arrays here and comma-joined on the wire. */
export interface AuthUser {
  userId: string;
  tenantId: string;
  account: string;
  nickName: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  postIds: string[];
  clientId: string;
  sid: string;
  jti: string;
  exp: number;
}

export interface RefreshClaims {
  userId: string;
  tenantId: string;
  clientId: string;
  sid: string;
  jti: string;
  exp: number;
}

const ISSUER = 'tongxin';
const list = (v: unknown) => (typeof v === 'string' && v ? v.split(',') : []);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export type TokenFailure = 'invalid' | 'expired' | 'revoked';

/** The moment a token was issued, in milliseconds (`iat` alone has whole seconds: a token issued in the
 * same second as a user's revocation must not be taken for one issued before it, nor after). */
const issuedMs = (p: { iat?: number; iat_ms?: unknown }) =>
  typeof p.iat_ms === 'number' ? p.iat_ms : (p.iat ?? 0) * 1000;

/** A user's revocation mark, `<ms>` or `<ms> <sid spared>`: does it end this token? */
function revokedByUserMark(mark: string, p: JWTPayload): boolean {
  const [at, keepSid] = mark.split(' ');
  return issuedMs(p) <= Number(at) && (!keepSid || keepSid !== str(p.sid));
}

const b64url = (text: string) => Buffer.from(text).toString('base64url');
const HS256_HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** A compact HS256 JWS of `claims` (what jose's SignJWT writes), signed with node's HMAC at once: WebCrypto
 * answers each signature through a promise and a job on the thread pool, several times the cost of the
 * hash itself on a login. Tokens are verified with jose. */
function signHs256(claims: Record<string, unknown>, secret: Buffer): string {
  const input = `${HS256_HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** How many verified tokens are remembered (oldest dropped first). */
const VERIFIED_TOKENS = 5000;

export class TokenService {
  /** Imported once: jose would import raw key bytes into WebCrypto again on every sign and verify,
   * which cost more CPU than the rest of a request's authentication. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly secret: Buffer;
  constructor(
    secret: string,
    /** Revocation marks: the shared store, backed by the database (auth/token-marks.ts). */
    private readonly marks: MarkStore,
  ) {
    this.secret = Buffer.from(secret, 'utf8');
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(
    user: Omit<AuthUser, 'sid' | 'jti' | 'exp'>,
    validity: { access: number; refresh: number },
    sid: string = randomUUID(),
  ) {
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    const refreshJti = randomUUID();
    const expiring = (seconds: number, jti = randomUUID()) => ({
      iss: ISSUER,
      jti,
      iat: now,
      exp: now + seconds,
    });
    const accessToken = signHs256(
      {
        iat_ms: nowMs,
        token_type: 'access_token',
        tenant_id: user.tenantId,
        user_id: user.userId,
        account: user.account,
        user_name: user.account,
        nick_name: user.nickName,
        role_id: user.roleIds.join(','),
        role_name: user.roleAliases.join(','),
        dept_id: user.deptIds.join(','),
        post_id: user.postIds.join(','),
        client_id: user.clientId,
        sid,
        ...expiring(validity.access),
      },
      this.secret,
    );
    const refreshToken = signHs256(
      {
        iat_ms: nowMs,
        token_type: 'refresh_token',
        tenant_id: user.tenantId,
        user_id: user.userId,
        client_id: user.clientId,
        sid,
        ...expiring(validity.refresh, refreshJti),
      },
      this.secret,
    );
    return { accessToken, refreshToken, sid, refreshJti };
  }

  /** Tokens whose signature and claims were verified, by their exact text: a client sends one token on
   * every request until it refreshes, and each HMAC through WebCrypto costs more than the rest of
   * authentication. Expiry is checked again on every use; revocation is never remembered. */
  private readonly verified = new Map<string, JWTPayload>();

  private async signedPayload(token: string): Promise<JWTPayload | 'expired'> {
    const known = this.verified.get(token);
    if (known) {
      if ((known.exp ?? 0) * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return 'expired';
    }
    const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: ['HS256'] });
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, payload);
    return payload;
  }

  /** `along`: more keys of the shared store to read in the same round trip as the revocation marks
   * (the guard reads the grants version and the marks of role changes this way). A token that is not
   * good answers why; a shared store that does not answer throws (a 503, never a refusal of the token). */
  private async verify(
    token: string,
    type: 'access_token' | 'refresh_token',
    along: (claims: JWTPayload) => readonly string[] = () => [],
  ) {
    let payload: JWTPayload | 'expired';
    try {
      payload = await this.signedPayload(token);
    } catch (e) {
      if (e instanceof errors.JWTExpired) return 'expired' as const;
      if (e instanceof errors.JOSEError) return 'invalid' as const;
      throw e;
    }
    if (payload === 'expired') return payload;
    if (payload.token_type !== type || !payload.jti || !payload.exp) return 'invalid' as const;
    // One round trip for every revocation that can hit this token: its session, its user.
    const [session, user, ...alongValues] = await this.marks.getMany([
      `revoked:sid:${str(payload.sid)}`,
      `revoked:user:${str(payload.user_id)}`,
      ...along(payload),
    ]);
    if (session) return 'revoked' as const;
    if (user && revokedByUserMark(user, payload)) return 'revoked' as const;
    return { payload, along: alongValues };
  }

  async verifyAccess(token: string): Promise<AuthUser | TokenFailure> {
    const checked = await this.checkAccess(token);
    return typeof checked === 'string' ? checked : checked.user;
  }

  /** Verifies an access token and reads `along(user)` from the shared store in the same round trip. */
  async checkAccess(
    token: string,
    along?: (claims: { userId: string; tenantId: string }) => readonly string[],
  ): Promise<{ user: AuthUser; issuedMs: number; along: (string | null)[] } | TokenFailure> {
    const checked = await this.verify(
      token,
      'access_token',
      along && ((p) => along({ userId: str(p.user_id), tenantId: str(p.tenant_id) })),
    );
    if (typeof checked === 'string') return checked;
    const p = checked.payload;
    const user: AuthUser = {
      userId: str(p.user_id),
      tenantId: str(p.tenant_id),
      account: str(p.account),
      nickName: str(p.nick_name),
      roleIds: list(p.role_id),
      roleAliases: list(p.role_name),
      deptIds: list(p.dept_id),
      postIds: list(p.post_id),
      clientId: str(p.client_id),
      sid: str(p.sid),
      jti: str(p.jti),
      exp: p.exp ?? 0,
    };
    return { user, issuedMs: issuedMs(p), along: checked.along };
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | TokenFailure> {
    const checked = await this.verify(token, 'refresh_token');
    if (typeof checked === 'string') return checked;
    const p = checked.payload;
    return {
      userId: str(p.user_id),
      tenantId: str(p.tenant_id),
      clientId: str(p.client_id),
      sid: str(p.sid),
      jti: str(p.jti),
      exp: p.exp ?? 0,
    };
  }

  /** Revokes every token of a user issued until now (locked, deleted, password reset: OWASP ASVS 7.4.2),
   * on every instance sharing the store; tokens issued afterwards (a new login) are good. `keepSid`
   * spares one session (the one that changed its own password). The mark must outlive the longest token,
   * `ttlSeconds`. */
  async revokeUser(userId: string, ttlSeconds: number, keepSid?: string): Promise<void> {
    const mark = keepSid ? `${Date.now()} ${keepSid}` : String(Date.now());
    await this.marks.set(`revoked:user:${userId}`, mark, ttlSeconds);
  }

  /** Revokes a whole login session: its access and refresh tokens, whatever was refreshed since (a
   * refresh keeps the session id: the session is the family of every token descended from its login). */
  async revokeSession(sid: string, ttlSeconds: number): Promise<void> {
    await this.marks.set(`revoked:sid:${sid}`, '1', ttlSeconds);
  }
}

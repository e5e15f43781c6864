import { isIP } from 'node:net';
import path from 'node:path';
import { parseAllowList } from './http/outbound-policy.js';

/** Every configuration variable the server reads. The README lists them with the same defaults. */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** JWT_SECRET; empty when unset: then the server generates one into DATA_DIR (auth/jwt-secret.ts). */
  jwtSecret: string;
  clientId: string;
  clientSecret: string;
  captchaEnabled: boolean;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Failed logins of one account from one address before the account is refused there (LOGIN_MAX_FAILURES). */
  loginMaxFailures: number;
  /** Failed logins of one account from all addresses together before it is refused everywhere
   * (LOGIN_ACCOUNT_MAX_FAILURES): far above the per-address count, so one address cannot lock a user
   * out of another, while a guesser spread over many addresses is still stopped. */
  loginAccountMaxFailures: number;
  /** Failed logins from one address over every account before the address is refused
   * (LOGIN_ADDRESS_MAX_FAILURES): password spraying. */
  loginAddressMaxFailures: number;
  loginLockSeconds: number;
  /** Per user and day: bytes and files uploaded, client error logs stored (0: no limit). */
  uploadQuotaMb: number;
  uploadQuotaFiles: number;
  clientLogQuota: number;
  staticRoot: string;
  maxPageSize: number;
  /** Paged lists count matching rows exactly up to this many; beyond, `total` is the planner's estimate. */
  countCap: number;
  seedDemo: boolean;
  s3:
    | { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  logLevel: string;
  /** DB_LOG: write the log tables (API, error, general, login and audit logs); false writes none. */
  dbLog: boolean;
  /** connections of the PostgreSQL pool (DB_POOL_SIZE) */
  dbPoolSize: number;
  /** Which proxies' X-Forwarded-For to believe for the client IP (lockout counts it): false (none),
   * true (every hop), a hop count, or addresses/CIDRs of the proxies (Fastify's `trustProxy`). */
  trustProxy: boolean | number | string[];
  /** DEV_REMOTE_ORIGINS: origins of local remote dev servers (`http://localhost:4301`) the Content-Security-
   * Policy also allows, with their live-reload sockets, so this shell can load a remote being developed. */
  devRemoteOrigins: string[];
  /** OUTBOUND_ALLOW_HOSTS: hosts, addresses and networks the server may reach although they are not
   * public (`minio.internal:9000`, `10.0.0.31`, `10.1.0.0/16`, `[fd00::5]:443`; http/outbound-policy.ts),
   * for the addresses tenants and administrators configure. The server's own S3_ENDPOINT needs no entry. */
  outboundAllowHosts: string[];
}

/** The demo signing key earlier versions shipped (and used when JWT_SECRET was unset). Anyone who read
 * this repository could sign tokens with it, so it is refused in every mode. */
export const SHIPPED_JWT_SECRET = 'tongxin-embedded-demo-jwt-secret-change-me-in-production';
/** The browser's client secret by default. The server names its CLIENT_SECRET in the shell's page
 * (http/shell-page.ts), which the browser sends: public by construction, it identifies the browser's
 * client only (docs/operations.md#what-production-requires). A page the server did not serve sends this
 * built-in one. */
export const SHIPPED_CLIENT_SECRET = 'saber_secret';
export const MIN_JWT_SECRET_LENGTH = 32;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(v.toLowerCase());
}

function int(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
}

function positiveInt(name: string, v: string | undefined, fallback: number): number {
  const n = int(name, v, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${v}"`);
  return n;
}

/** Named ranges proxy-addr (Fastify's trustProxy) knows. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/false, true, a hop count, or a comma list of proxy addresses and CIDRs. */
export function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  const value = (v ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (!entries.length || bad.length)
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDRs, got "${bad.join(',') || value}"`,
    );
  return entries;
}

/** A comma list of http(s) origins (`scheme://host[:port]`, nothing after). */
export function parseOrigins(name: string, v: string | undefined): string[] {
  const entries = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // an origin is its own URL's origin (no path, no default port spelled out); http(s) only
  const bad = entries.filter((e) => !/^https?:/i.test(e) || URL.parse(e)?.origin !== e.toLowerCase());
  if (bad.length)
    throw new Error(
      `${name} must be a comma list of origins like http://localhost:4301, got "${bad.join(',')}"`,
    );
  return entries.map((e) => e.toLowerCase());
}

/** OUTBOUND_ALLOW_HOSTS: every entry must be one the policy understands (a typo would silently allow
 * nothing, or not what was meant). */
export function parseOutboundAllowHosts(v: string | undefined): string[] {
  const { invalid } = parseAllowList(v);
  if (invalid.length)
    throw new Error(
      `OUTBOUND_ALLOW_HOSTS must be a comma list of host, host:port, IP, IP:port, [IPv6]:port or CIDR entries, got "${invalid.join(',')}"`,
    );
  return (v ?? '').split(/[,，\s]+/).filter(Boolean);
}

/** Connections per instance to PostgreSQL unless DB_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config: Config = {
    nodeEnv: env.NODE_ENV ?? 'development',
    port: int('PORT', env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    // An empty variable counts as unset (never an empty signing key): a secret is then generated.
    jwtSecret: env.JWT_SECRET ?? '',
    clientId: env.CLIENT_ID ?? 'saber',
    clientSecret: env.CLIENT_SECRET || SHIPPED_CLIENT_SECRET,
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    accessTokenSeconds: int('ACCESS_TOKEN_SECONDS', env.ACCESS_TOKEN_SECONDS, 3600),
    refreshTokenSeconds: int('REFRESH_TOKEN_SECONDS', env.REFRESH_TOKEN_SECONDS, 7 * 24 * 3600),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5),
    loginAccountMaxFailures: int('LOGIN_ACCOUNT_MAX_FAILURES', env.LOGIN_ACCOUNT_MAX_FAILURES, 50),
    loginAddressMaxFailures: int('LOGIN_ADDRESS_MAX_FAILURES', env.LOGIN_ADDRESS_MAX_FAILURES, 20),
    loginLockSeconds: int('LOGIN_LOCK_SECONDS', env.LOGIN_LOCK_SECONDS, 30 * 60),
    uploadQuotaMb: int('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 1024),
    uploadQuotaFiles: int('UPLOAD_QUOTA_FILES', env.UPLOAD_QUOTA_FILES, 1000),
    clientLogQuota: int('CLIENT_LOG_QUOTA', env.CLIENT_LOG_QUOTA, 1000),
    staticRoot: path.resolve(env.STATIC_ROOT ?? path.join(repoRoot, 'apps')),
    maxPageSize: int('MAX_PAGE_SIZE', env.MAX_PAGE_SIZE, 500),
    countCap: int('COUNT_CAP', env.COUNT_CAP, 10_000),
    // Demo data goes into a fresh embedded database by default; on PostgreSQL only when asked.
    seedDemo: bool(env.SEED_DEMO, !env.DATABASE_URL),
    logLevel: env.LOG_LEVEL ?? 'info',
    dbLog: bool(env.DB_LOG, true),
    dbPoolSize: positiveInt('DB_POOL_SIZE', env.DB_POOL_SIZE, DEFAULT_POOL_SIZE),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devRemoteOrigins: parseOrigins('DEV_REMOTE_ORIGINS', env.DEV_REMOTE_ORIGINS),
    outboundAllowHosts: parseOutboundAllowHosts(env.OUTBOUND_ALLOW_HOSTS),
    s3: env.S3_ENDPOINT
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          bucket: env.S3_BUCKET ?? 'tongxin',
          accessKeyId: env.S3_ACCESS_KEY ?? '',
          secretAccessKey: env.S3_SECRET_KEY ?? '',
        }
      : undefined,
  };
  assertSafeSecrets(config);
  return config;
}

/** No mode runs with a signing key that ships in this repository or is short enough to guess. Without
 * JWT_SECRET a random key is generated into DATA_DIR, except in production, where every instance must be
 * given the same key. Production also refuses the shipped client secret
 * (docs/operations.md#what-production-requires). */
export function assertSafeSecrets(config: Config): void {
  const production = config.nodeEnv === 'production';
  const problems: string[] = [];
  if (config.jwtSecret === SHIPPED_JWT_SECRET) problems.push('JWT_SECRET is the shipped demo value');
  else if (!config.jwtSecret && production)
    problems.push('JWT_SECRET is not set (every instance needs the same secret of its own)');
  else if (config.jwtSecret && config.jwtSecret.length < MIN_JWT_SECRET_LENGTH)
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters`);
  if (production && config.clientSecret === SHIPPED_CLIENT_SECRET)
    problems.push('CLIENT_SECRET is the shipped default');
  if (problems.length)
    throw new Error(`Refusing to start${production ? ' in production' : ''}: ${problems.join('; ')}`);
}

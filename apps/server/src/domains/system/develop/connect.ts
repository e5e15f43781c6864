import { BUILTIN_DRIVER, MYSQL_DRIVER } from '@tongxin/resources';
import { Kysely, PostgresDialect } from 'kysely';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { AppContext } from '../../../context.js';
import type { Row, Schema } from '../../../db/database.js';
import { ApiError, badRequest, notFound } from '../../../http/envelope.js';
import type { CheckedAddress, OutboundPolicy, ParamReader } from '../../../http/outbound.js';
import { type Introspector, pgIntrospector } from './introspect.js';
import { mysqlIntrospector } from './mysql-introspect.js';
import { open } from '../../../util/secret-box.js';

/** How long reaching a data source may take, and one of its queries. */
const CONNECT_MS = 5000;
const QUERY_MS = 15_000;

/** The port a source URL names, else its kind's. */
export const sourcePort = (source: { kind: 'postgres' | 'mysql'; url: URL }): number =>
  source.url.port ? Number(source.url.port) : source.kind === 'mysql' ? 3306 : 5432;

/** The address the outbound policy lets a source URL reach (a 400 for an internal one the platform has
 * not allowed, before any connection). */
export async function checkedSource(
  outbound: OutboundPolicy,
  source: { kind: 'postgres' | 'mysql'; url: URL },
  reader?: ParamReader,
): Promise<CheckedAddress> {
  return outbound.check(source.url.hostname, sourcePort(source), reader);
}

/** A URL's host replaced by an address (IPv6 in brackets). */
const withAddress = (url: URL, address: CheckedAddress): URL => {
  const copy = new URL(url);
  copy.hostname = address.family === 6 ? `[${address.address}]` : address.address;
  return copy;
};

/** A data source URL (`jdbc:postgresql://…`, `jdbc:mysql://…`, or without `jdbc:`), parsed. */
export function sourceUrl(url: string, driverClass?: string): { kind: 'postgres' | 'mysql'; url: URL } {
  const raw = url.trim().replace(/^jdbc:/, '');
  let parsed: URL;
  try {
    parsed = new URL(raw.replace(/^postgresql:/, 'postgres:'));
  } catch {
    throw badRequest('数据源连接地址格式错误,应形如 jdbc:postgresql://127.0.0.1:5432/tongxin');
  }
  const kind =
    parsed.protocol === 'postgres:' ? 'postgres' : parsed.protocol === 'mysql:' ? 'mysql' : undefined;
  if (!kind || !parsed.hostname) throw badRequest('只支持 PostgreSQL 与 MySQL 数据源');
  if (driverClass && (driverClass === MYSQL_DRIVER) !== (kind === 'mysql'))
    throw badRequest('连接地址与驱动类不一致');
  return { kind, url: parsed };
}

/** `jdbc:postgresql://host:port/db?…` (or a postgres:// URL) as a node-postgres connection string,
 * to `address` when given (the address the outbound policy checked). */
export function connectionString(
  url: string,
  user: string,
  password: string,
  address?: CheckedAddress,
): string {
  const source = sourceUrl(url).url;
  const parsed = address ? withAddress(source, address) : source;
  if (user) parsed.username = encodeURIComponent(user);
  if (password) parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** Why a data source could not be read, in words the screen shows (PostgreSQL and MySQL codes). */
function failure(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const err = e as { message?: string; code?: string };
  const reasons: Record<string, string> = {
    '28P01': '用户名或密码错误',
    ER_ACCESS_DENIED_ERROR: '用户名或密码错误',
    '3D000': '数据库不存在',
    ER_BAD_DB_ERROR: '数据库不存在',
    ECONNREFUSED: '无法连接到数据库服务器(连接被拒绝)',
    ENOTFOUND: '找不到数据库服务器(主机名无法解析)',
    ETIMEDOUT: '连接数据库服务器超时',
  };
  const timedOut = /timeout|timed out/i.test(err.message ?? '');
  return badRequest(
    `数据源连接失败: ${reasons[err.code ?? ''] ?? (timedOut ? reasons.ETIMEDOUT : (err.message ?? '未知错误'))}`,
  );
}

/** One short-lived connection to a PostgreSQL source. */
async function withPostgres<T>(url: string, fn: (source: Introspector) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: CONNECT_MS,
    query_timeout: QUERY_MS,
  });
  pool.on('error', () => undefined);
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await fn(pgIntrospector(db));
  } finally {
    await db.destroy();
  }
}

/** One short-lived connection to a MySQL source (mysql2). */
async function withMysql<T>(
  url: URL,
  address: CheckedAddress,
  user: string,
  password: string,
  fn: (source: Introspector) => Promise<T>,
): Promise<T> {
  const conn = await mysql.createConnection({
    host: address.address,
    port: url.port ? Number(url.port) : 3306,
    user: user || decodeURIComponent(url.username),
    password: password || decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    connectTimeout: CONNECT_MS,
  });
  conn.on('error', () => undefined);
  try {
    return await fn(mysqlIntrospector(conn));
  } finally {
    conn.destroy();
  }
}

/** Runs `fn` against the data source's database: the server's own (read through its connection), or a
 * PostgreSQL or MySQL server reached with one short-lived connection to the address the outbound policy
 * checked (an internal one only where the platform allows it). Only reads: a source that cannot be
 * reached is a 400 naming why, and nothing is written. */
export async function withDatasource<T>(
  ctx: AppContext,
  datasourceId: string,
  fn: (source: Introspector) => Promise<T>,
): Promise<T> {
  const row = (await ctx.db.tx({ tenantId: '000000' }, (trx) =>
    trx
      .selectFrom('blade_datasource')
      .selectAll()
      .where('id', '=', datasourceId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst(),
  )) as Row | undefined;
  if (!row) throw notFound('数据源不存在');
  if (row.driver_class === BUILTIN_DRIVER) return fn(pgIntrospector(ctx.db.kysely));
  const password = row.password ? open(String(row.password), ctx.config.jwtSecret) : '';
  const user = String(row.username ?? '');
  const url = String(row.url ?? '');
  try {
    const source = sourceUrl(url, String(row.driver_class ?? ''));
    const address = await checkedSource(ctx.outbound, source);
    if (source.kind === 'mysql') return await withMysql(source.url, address, user, password, fn);
    return await withPostgres(connectionString(url, user, password, address), fn);
  } catch (e) {
    throw failure(e);
  }
}

import { BUILTIN_DRIVER } from '@tongxin/resources';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { AppContext } from '../../../context.js';
import type { Row, Schema } from '../../../db/database.js';
import { ApiError, badRequest, notFound } from '../../../http/envelope.js';
import { open } from './secret-box.js';

/** `jdbc:postgresql://host:port/db?…` (or a postgres:// URL) as a node-postgres connection string. */
export function connectionString(url: string, user: string, password: string): string {
  const raw = url.trim().replace(/^jdbc:/, '');
  let parsed: URL;
  try {
    parsed = new URL(raw.replace(/^postgresql:/, 'postgres:'));
  } catch {
    throw badRequest('数据源连接地址格式错误,应形如 jdbc:postgresql://127.0.0.1:5432/tongxin');
  }
  if (parsed.protocol !== 'postgres:') throw badRequest('只支持 PostgreSQL 数据源');
  if (user) parsed.username = encodeURIComponent(user);
  if (password) parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** Runs `fn` against the data source's database: the server's own (read through its connection) or a
 * PostgreSQL server reached with one short-lived connection. A source that cannot be reached is a 400
 * naming why. */
export async function withDatasource<T>(
  ctx: AppContext,
  datasourceId: string,
  fn: (db: Kysely<Schema>) => Promise<T>,
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
  if (row.driver_class === BUILTIN_DRIVER) return fn(ctx.db.kysely);
  const password = row.password ? open(String(row.password), ctx.config.jwtSecret) : '';
  const pool = new pg.Pool({
    connectionString: connectionString(String(row.url ?? ''), String(row.username ?? ''), password),
    max: 1,
    connectionTimeoutMillis: 5000,
    query_timeout: 15_000,
  });
  pool.on('error', () => undefined);
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await fn(db);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const err = e as { message?: string; code?: string };
    throw badRequest(
      `数据源连接失败: ${err.code === '28P01' ? '用户名或密码错误' : (err.message ?? '未知错误')}`,
    );
  } finally {
    await db.destroy();
  }
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import type { DomainModule } from '../src/engine/module.js';
import { Database } from '../src/db/database.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { md5Hex } from '../src/auth/passwords.js';
import { seed } from '../src/seed/seed.js';
import { MemoryStore, type KvStore } from '../src/util/kv-store.js';
import { baseTestConfig, seededEmbedded, seededPostgres, seedInputs } from './seeded-template.js';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const onPostgres = process.env.TEST_DB === 'postgres';

/** A throw-away database: an in-memory PGlite, or a fresh database on the PostgreSQL of DATABASE_URL. */
export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const db = await Database.open({ memory: true });
    return { db, drop: () => db.close() };
  }
  const name = `tongxin_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return onPostgresDatabase(name);
}

/** A throw-away database already migrated and seeded as a server with `config` would seed it: a copy
 * of the run's seeded database where the seed reads `config` as it read the base configuration. */
async function openSeededDatabase(config: Config): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (seedInputs(config) === seedInputs(baseTestConfig())) {
    if (!onPostgres) {
      const db = await seededEmbedded();
      if (db) return { db, drop: () => db.close() };
    } else {
      const name = await seededPostgres(process.env.DATABASE_URL!);
      if (name) return onPostgresDatabase(name);
    }
  }
  const opened = await openTestDatabase();
  await migrate(opened.db);
  await seed(opened.db, config);
  return opened;
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function onPostgresDatabase(name: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = await Database.open({ databaseUrl: url.toString() });
  return {
    db,
    drop: async () => {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  config: Config;
  close: () => Promise<void>;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  store?: KvStore,
  beforeReady?: (app: FastifyInstance) => void,
  domains?: readonly DomainModule[],
): Promise<TestServer> {
  const config = {
    ...baseTestConfig(),
    staticRoot: '/nonexistent',
    jwtSecret: randomBytes(32).toString('hex'),
    dataDir: mkdtempSync(path.join(tmpdir(), 'tongxin-test-')),
    ...overrides,
  };
  const { db, drop } = await openSeededDatabase(config);
  const { app, ctx } = await buildApp({
    config,
    db,
    store: store ?? new MemoryStore(),
    logger: process.env.TEST_LOG === '1',
    domains,
  });
  beforeReady?.(app);
  await app.ready();
  contexts.set(app, ctx);
  return {
    app,
    ctx,
    db,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The context of each app startTestServer built, for helpers that only hold the app. */
const contexts = new WeakMap<FastifyInstance, AppContext>();

/** Passes the waiting approval task of a business record as its tenant's first user would, with the
 * checks of a candidate skipped (a test's shortcut to an approved record: an activity to enrol in). */
export async function passApproval(app: FastifyInstance, table: string, businessId: string): Promise<void> {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('passApproval: an app startTestServer built');
  const { tenant_id: tenantId } = await ctx.db.kysely
    .selectFrom(table)
    .select('tenant_id')
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  await ctx.db.tx({ tenantId: String(tenantId) }, async (trx) => {
    const task = await trx
      .selectFrom('flow_task as t')
      .innerJoin('flow_process_instance as i', 'i.id', 't.process_instance_id')
      .select('t.id')
      .where('i.business_table', '=', table)
      .where('i.business_id', '=', businessId)
      .where('t.status', '=', 'active')
      .executeTakeFirstOrThrow();
    const user = await trx.selectFrom('blade_user').select('id').orderBy('id').executeTakeFirstOrThrow();
    const actor = { userId: String(user.id), tenantId: String(tenantId), roleAliases: [] };
    const input = { taskId: String(task.id), pass: true, comment: '同意', skipAuth: true };
    await ctx.approvals.completeTask(trx, actor, input);
  });
}

export interface LoginOptions {
  tenantId?: string;
  account?: string;
  password?: string;
  grant?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export function tokenRequest(app: FastifyInstance, o: LoginOptions = {}) {
  const tenantId = o.tenantId ?? '000000';
  const query = new URLSearchParams({
    tenantId,
    username: o.account ?? 'admin',
    password: md5Hex(o.password ?? 'admin'),
    grant_type: o.grant ?? 'password',
    scope: 'all',
    type: 'account',
  });
  return app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${query}`,
    headers: { authorization: BASIC, 'tenant-id': tenantId, ...o.headers },
    remoteAddress: o.ip ?? '127.0.0.1',
  });
}

export async function login(app: FastifyInstance, o: LoginOptions = {}): Promise<string> {
  const res = await tokenRequest(app, o);
  const body = res.json();
  if (!body.access_token) throw new Error(`login failed: ${res.body}`);
  return body.access_token as string;
}

export function call(
  app: FastifyInstance,
  token: string | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? { 'blade-auth': `bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** A multipart/form-data body with one file field. */
export function multipart(
  field: string,
  filename: string,
  content: Buffer,
  type = 'application/octet-stream',
) {
  const boundary = `----tongxin${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function upload(app: FastifyInstance, token: string, url: string, filename: string, content: Buffer) {
  const body = multipart('file', filename, content);
  return app.inject({
    method: 'POST',
    url,
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

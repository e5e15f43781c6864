// One migrated and seeded database per test run, copied for every test server instead of migrating and
// seeding each one again (about 5 s on PGlite, 2.5 s on PostgreSQL, for each of a hundred servers):
// an archive of the embedded database, and a template database on PostgreSQL. `globalSetup` makes them
// (test/global-setup.ts); the harness copies them; a server whose configuration the seed reads
// differently is seeded from scratch as before.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Config, loadConfig } from '../src/config.js';
import { Database } from '../src/db/database.js';

/** The configuration every test server starts from (before a test's overrides). */
export const baseTestConfig = (): Config =>
  loadConfig({ NODE_ENV: 'test', CAPTCHA_ENABLED: 'false' } as NodeJS.ProcessEnv);

/** What the seed reads from the configuration: servers agreeing on it can share the seeded copy. */
export const seedInputs = (c: Config): string =>
  JSON.stringify([c.clientId, c.clientSecret, c.accessTokenSeconds, c.refreshTokenSeconds]);

export const SNAPSHOT_ENV = 'TONGXIN_TEST_SNAPSHOT';
export const TEMPLATE_ENV = 'TONGXIN_TEST_TEMPLATE';

let snapshot: Blob | undefined;

/** A copy of the seeded embedded database, or undefined when this run made none. */
export async function seededEmbedded(): Promise<Database | undefined> {
  const file = process.env[SNAPSHOT_ENV];
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return Database.open({ memory: true, fromSnapshot: snapshot });
}

/** A new database on PostgreSQL copied from the seeded template, or undefined when there is none. */
export async function seededPostgres(adminUrl: string): Promise<string | undefined> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return undefined;
  const name = `tongxin_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return name;
}

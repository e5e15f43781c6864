// Runs once before the server tests: migrates and seeds one embedded database (saved as an archive) and,
// with DATABASE_URL, one PostgreSQL template database; test/seeded-template.ts copies them per server.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/seed/seed.js';
import { baseTestConfig, SNAPSHOT_ENV, TEMPLATE_ENV } from './seeded-template.js';

async function migrateAndSeed(db: Database): Promise<void> {
  await migrate(db);
  await seed(db, baseTestConfig());
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const embedded = await Database.open({ memory: true });
  await migrateAndSeed(embedded);
  const file = path.join(
    tmpdir(),
    `tongxin-test-seeded-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  writeFileSync(file, Buffer.from(await (await embedded.snapshot()).arrayBuffer()));
  await embedded.close();
  process.env[SNAPSHOT_ENV] = file;

  const adminUrl = process.env.DATABASE_URL;
  let template: string | undefined;
  if (adminUrl) {
    template = `tongxin_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const db = await Database.open({ databaseUrl: url.toString() });
    await migrateAndSeed(db);
    await db.close();
    process.env[TEMPLATE_ENV] = template;
  }
  return async () => {
    rmSync(file, { force: true });
    if (adminUrl && template) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

/** The hand-written migrations: the SQL files and the locks; the whole migration, generated tables
 * included, is engine/schema/migrate.ts. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import { APP_ROLE, type Database, type Schema } from './database.js';

/** The hand-written migrations (plain SQL files that PostgreSQL and PGlite both run). */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Migrations that need the generated tables (a trigger on one, a rollup filled from one): applied after
 * them, each once, recorded as `after-tables/<file>`. */
export const AFTER_TABLES_DIR = path.join(MIGRATIONS_DIR, 'after-tables');
const LOCK_KEY = 7263541; // any constant: serialises concurrent migrators on one database

/** Waits for the migration lock; it is held until the transaction ends. */
export async function lockMigrations(trx: Transaction<Schema>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
}
/** Serialises concurrent seeders (base and demo data) on one database: two instances started together on
 * an empty database both seed, the second waits for the first's commit and then finds the rows present. */
export const SEED_LOCK_KEY = 7263542;

/** Waits for the seed lock; it is held until the transaction ends. */
export async function lockSeed(trx: Transaction<Schema>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}

/** Lets the application role read and write every table (after a migration created some). */
export const grantToApp = (trx: Transaction<Schema>) =>
  sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`).execute(trx);

/** Applies every `*.sql` file of `dir` not yet recorded (as `<prefix><file>`), in name order, each in its
 * own transaction under the migration lock. */
export async function applyMigrationFiles(db: Database, dir: string, prefix: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const name = `${prefix}${file}`;
    const text = await readFile(path.join(dir, file), 'utf8');
    await db.kysely.transaction().execute(async (trx) => {
      await lockMigrations(trx);
      const done = await sql<{
        name: string;
      }>`select name from tx_schema_migrations where name = ${name}`.execute(trx);
      if (done.rows.length) return;
      await sql.raw(text).execute(trx);
      await grantToApp(trx);
      await sql`insert into tx_schema_migrations (name) values (${name})`.execute(trx);
      applied.push(name);
    });
  }
  return applied;
}

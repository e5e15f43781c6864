import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { resources, type ResourceDef } from '@tongxin/resources';
import { sql, type Transaction } from 'kysely';
import { evolveDefinitions } from '../engine/schema/evolve.js';
import { APP_ROLE, type Database, type Schema } from './database.js';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Migrations that need the generated tables (a trigger on one, a rollup filled from one): applied after
 * them, each once, recorded as `after-tables/<file>`. */
const AFTER_TABLES_DIR = path.join(MIGRATIONS_DIR, 'after-tables');
const LOCK_KEY = 7263541; // any constant: serialises concurrent migrators on one database
/** Serialises concurrent seeders (base and demo data) on one database: two instances started together on
 * an empty database both seed, the second waits for the first's commit and then finds the rows present. */
export const SEED_LOCK_KEY = 7263542;

/** Waits for the seed lock; it is held until the transaction ends. */
export async function lockSeed(trx: Transaction<Schema>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}

const grantToApp = (trx: Transaction<Schema>) =>
  sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`).execute(trx);

/** Applies every pending `migrations/*.sql` file in name order, each in its own transaction, then creates
 * or evolves the tables generated from `definitions` (engine/schema; skipped when their SQL is unchanged),
 * all as the database owner. Returns the names applied (`generated/<table>.sql` for generated tables). */
export async function migrate(db: Database, definitions: ResourceDef[] = resources): Promise<string[]> {
  const applied: string[] = [];
  // Under the lock too: two migrators creating the table at once collide in the catalog even with IF NOT EXISTS.
  await db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS tx_schema_migrations (name varchar(255) PRIMARY KEY, applied_at timestamp(0) NOT NULL DEFAULT localtimestamp(0))`.execute(
      trx,
    );
  });
  applied.push(...(await applyFiles(db, MIGRATIONS_DIR, '')));
  await db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const evolved = await evolveDefinitions(trx, definitions);
    if (evolved.length) await grantToApp(trx);
    applied.push(...evolved);
  });
  applied.push(...(await applyFiles(db, AFTER_TABLES_DIR, 'after-tables/')));
  return applied;
}

/** Applies every `*.sql` file of `dir` not yet recorded (as `<prefix><file>`), in name order, each in its
 * own transaction under the migration lock. */
async function applyFiles(db: Database, dir: string, prefix: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const name = `${prefix}${file}`;
    const text = await readFile(path.join(dir, file), 'utf8');
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
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

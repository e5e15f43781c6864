/**
 * The whole migration: the hand-written SQL files (db/migrate.ts), then the tables generated from the
 * definitions (evolve.ts), then the files that need those tables. It lives in the engine because the
 * generated tables do: db/ below knows no definition.
 */
import { resources, type ResourceDef } from '@tongxin/resources';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  AFTER_TABLES_DIR,
  applyMigrationFiles,
  grantToApp,
  lockMigrations,
  MIGRATIONS_DIR,
} from '../../db/migrate.js';
import { evolveDefinitions } from './evolve.js';

/** Applies every pending `migrations/*.sql` file in name order, each in its own transaction, then creates
 * or evolves the tables generated from `definitions` (engine/schema; skipped when their SQL is unchanged),
 * all as the database owner. Returns the names applied (`generated/<table>.sql` for generated tables). */
export async function migrate(db: Database, definitions: ResourceDef[] = resources): Promise<string[]> {
  const applied: string[] = [];
  // Under the lock too: two migrators creating the table at once collide in the catalog even with IF NOT EXISTS.
  await db.kysely.transaction().execute(async (trx) => {
    await lockMigrations(trx);
    await sql`CREATE TABLE IF NOT EXISTS tx_schema_migrations (name varchar(255) PRIMARY KEY, applied_at timestamp(0) NOT NULL DEFAULT localtimestamp(0))`.execute(
      trx,
    );
  });
  applied.push(...(await applyMigrationFiles(db, MIGRATIONS_DIR, '')));
  await db.kysely.transaction().execute(async (trx) => {
    await lockMigrations(trx);
    const evolved = await evolveDefinitions(trx, definitions);
    if (evolved.length) await grantToApp(trx);
    applied.push(...evolved);
  });
  applied.push(...(await applyMigrationFiles(db, AFTER_TABLES_DIR, 'after-tables/')));
  return applied;
}

import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { Database } from '../src/db/database.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { defaultDomains } from '../src/domains/index.js';
import { seedDemo } from '../src/seed/demo.js';
import { seed } from '../src/seed/seed.js';
import { onPostgres } from './harness.js';
import { createDatabase } from './scale-out-cluster.js';

// Two instances started together on an empty PostgreSQL database: each migrates, seeds and adds the demo
// data at the same moment through its own connection pool. Migrations and both seeds take advisory locks,
// so the second waits for the first and then finds everything present: both succeed, nothing is doubled.
// (PGlite is one embedded connection: two processes never share it, so only PostgreSQL runs this.)

describe.runIf(onPostgres)('concurrent first start', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('two seeders on one fresh database both succeed', { timeout: 90_000 }, async () => {
    const fresh = await createDatabase(process.env.DATABASE_URL!);
    cleanups.push(fresh.drop);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: fresh.url } as NodeJS.ProcessEnv);
    const start = async () => {
      const db = await Database.open({ databaseUrl: fresh.url });
      cleanups.push(() => db.close());
      await migrate(db);
      const base = await seed(db, config);
      const demo = await seedDemo(db, defaultDomains);
      return { base, demo };
    };
    const [a, b] = await Promise.all([start(), start()]);
    // Exactly one of them created the platform and the demo organisation; the other found them.
    expect([a.base.createdPlatform, b.base.createdPlatform].sort()).toEqual([false, true]);
    expect([a.demo.created, b.demo.created].sort()).toEqual([false, true]);
    expect(a.base.menusAdded + b.base.menusAdded).toBeGreaterThan(0);
    expect(Math.min(a.base.menusAdded, b.base.menusAdded)).toBe(0);

    const db = await Database.open({ databaseUrl: fresh.url });
    cleanups.push(() => db.close());
    /** Groups of live rows sharing the natural key `columns` more than once. */
    const count = async (table: string, ...columns: string[]) => {
      const rows = await db.kysely
        .selectFrom(table)
        .select((eb) => [...columns, eb.fn.countAll<string>().as('n')])
        .where('is_deleted', '=', 0)
        .groupBy(columns)
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      return rows.length;
    };
    // No natural key was inserted twice.
    expect(await count('blade_tenant', 'tenant_id')).toBe(0);
    expect(await count('blade_menu', 'code')).toBe(0);
    expect(await count('blade_client', 'client_id')).toBe(0);
    // parameters are each tenant's own: the key is unique within a tenant
    expect(await count('blade_param', 'tenant_id', 'param_key')).toBe(0);
  });
});

// Where the benchmark data lives: a dedicated database next to DATABASE_URL's (the admin connection).
import pg from 'pg';

export const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const BENCH_DB = process.env.BENCH_DATABASE || 'tongxin_bench';
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(BENCH_DB))
  throw new Error(`BENCH_DATABASE "${BENCH_DB}" is not a plain name`);

/** The connection string of the bench database (same server and user as DATABASE_URL). */
export function benchUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const databaseExists = (): Promise<boolean> =>
  withAdmin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount === 1,
  );

export async function recreateDatabase(): Promise<void> {
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${BENCH_DB}`);
  });
}

/** The busiest tenant's code, its admin account and the row count of the big table (planner estimate),
 * or undefined when the database holds no generated data set. */
export interface DataSet {
  tenantId: string;
  tenantName: string;
  bigTableRows: number;
}

export const BIG_TABLE = 'app_party_duty';
export const BUSIEST_TENANT_NAME = '城关街道';

export async function readDataSet(): Promise<DataSet | undefined> {
  if (!(await databaseExists())) return undefined;
  const c = new pg.Client({ connectionString: benchUrl() });
  await c.connect();
  try {
    const tenant = await c.query<{ tenant_id: string }>(
      `select tenant_id from blade_tenant where tenant_name = $1 and is_deleted = 0`,
      [BUSIEST_TENANT_NAME],
    );
    const rows = await c.query<{ n: number }>(
      `select reltuples::float8 as n from pg_class where relname = $1`,
      [BIG_TABLE],
    );
    const tenantId = tenant.rows[0]?.tenant_id;
    if (!tenantId) return undefined;
    return { tenantId, tenantName: BUSIEST_TENANT_NAME, bigTableRows: Number(rows.rows[0]?.n ?? 0) };
  } catch {
    return undefined; // a half-made database (an interrupted generation)
  } finally {
    await c.end();
  }
}

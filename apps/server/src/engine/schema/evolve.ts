import { createHash } from 'node:crypto';
import { isGenerated, type ResourceDef } from '@tongxin/resources';
import { sql } from 'kysely';
import type { Trx } from '../../db/database.js';
import { indexShape, liveIndexShape } from './indexes.js';
import { inspectTable } from './inspect.js';
import { TENANT_POLICY, type TableSql, tableSql } from './table-sql.js';

const hasRows = async (trx: Trx, table: string): Promise<boolean> =>
  (await sql`select 1 from ${sql.table(table)} limit 1`.execute(trx)).rows.length > 0;

/** The statements that bring a table up to its definition: the table when it is missing, else its missing
 * columns; missing indexes (an index of the same shape under another name counts); row-level security
 * and the tenant policy when missing. Nothing is ever dropped or changed. */
export async function evolveTable(trx: Trx, t: TableSql): Promise<string[]> {
  const live = await inspectTable(trx, t.table);
  const statements: string[] = [];
  if (!live.exists) statements.push(t.createTable);
  else
    for (const c of t.columns) {
      if (live.columns.has(c.name)) continue;
      if (c.notNull && c.default === undefined && (await hasRows(trx, t.table)))
        throw new Error(
          `${t.table}.${c.name}: a NOT NULL column without a default cannot be added to a table with rows. ` +
            'Write a SQL migration (apps/server/src/db/migrations) that adds and fills it, or give the field a defaultValue.',
        );
      statements.push(t.addColumn(c));
    }
  const shapes = new Set([...live.indexes.values()].map(liveIndexShape));
  for (const ix of t.indexes)
    if (!shapes.has(indexShape(ix)) && !live.indexes.has(ix.name)) statements.push(t.createIndex(ix));
  if (t.enableRowSecurity && !live.rowSecurity) statements.push(t.enableRowSecurity);
  if (t.createPolicy && !live.policies.some((p) => p.name === TENANT_POLICY)) statements.push(t.createPolicy);
  for (const statement of statements) await sql.raw(statement).execute(trx);
  return statements;
}

/** The row tx_schema_migrations keeps for a table evolved to this exact SQL: a start whose definitions
 * generate the same SQL finds it and skips the table. */
export const schemaMark = (t: TableSql): string =>
  `generated/${t.table}.sql@${createHash('sha256').update(t.text).digest('hex').slice(0, 16)}`;

/** The generated tables of `definitions` (every one not marked `schema: 'migration'`). */
export function generatedTables(definitions: ResourceDef[]): TableSql[] {
  const tables = definitions.filter(isGenerated).map(tableSql);
  const seen = new Set<string>();
  for (const t of tables) {
    if (seen.has(t.table)) throw new Error(`Two definitions generate the table ${t.table}`);
    seen.add(t.table);
  }
  return tables;
}

/** Evolves every generated table whose SQL changed since it was last applied, inside the caller's
 * transaction (migrate() holds its lock). Returns `generated/<table>.sql` for each table it evolved. */
export async function evolveDefinitions(trx: Trx, definitions: ResourceDef[]): Promise<string[]> {
  const done = await sql<{ name: string }>`
    select name from tx_schema_migrations where name like 'generated/%'`.execute(trx);
  const marks = new Set(done.rows.map((r) => r.name));
  const evolved: string[] = [];
  for (const t of generatedTables(definitions)) {
    const mark = schemaMark(t);
    if (marks.has(mark)) continue;
    await evolveTable(trx, t);
    await sql`insert into tx_schema_migrations (name) values (${mark})`.execute(trx);
    evolved.push(`generated/${t.table}.sql`);
  }
  return evolved;
}

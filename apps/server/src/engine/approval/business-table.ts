import { sql } from 'kysely';
import type { Trx } from '../../db/database.js';

/** What a process instance may name as its business table (the name goes into SQL as an identifier). */
export const TABLE = /^[a-z_][a-z0-9_]{0,62}$/;

/** The columns of a business table, read once from the catalogue (a schema cache, not a registry). */
const columnCache = new Map<string, Set<string>>();
export async function columnsOf(trx: Trx, table: string): Promise<Set<string>> {
  let cols = columnCache.get(table);
  if (!cols) {
    const rows = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(trx);
    cols = new Set(rows.rows.map((r) => r.column_name));
    columnCache.set(table, cols);
  }
  return cols;
}

/** The values whose column the table has (optional audit columns are skipped). */
export function pick(cols: Set<string>, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => cols.has(k)));
}

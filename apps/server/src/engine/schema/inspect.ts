import { type Kysely, sql } from 'kysely';
import type { Schema } from '../../db/database.js';

/** One column as information_schema.columns reports it. */
export interface LiveColumn {
  name: string;
  dataType: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  /** timestamp(n): n */
  datetimePrecision: number | null;
  nullable: boolean;
  default: string | null;
}

export interface LivePolicy {
  name: string;
  command: string;
  permissive: string;
  qual: string | null;
  withCheck: string | null;
}

/** What the database holds for one table (schema `current_schema()`); `exists` false when it has none. */
export interface LiveTable {
  exists: boolean;
  columns: Map<string, LiveColumn>;
  /** name → pg_indexes.indexdef */
  indexes: Map<string, string>;
  rowSecurity: boolean;
  policies: LivePolicy[];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function inspectTable(db: Kysely<Schema>, table: string): Promise<LiveTable> {
  const columns = await sql<Record<string, unknown>>`
    select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, datetime_precision,
      is_nullable,
      column_default
    from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    db,
  );
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
    db,
  );
  const security = await sql<{ relrowsecurity: boolean }>`
    select c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${table} and c.relkind = 'r'`.execute(db);
  const policies = await sql<Record<string, string | null>>`
    select policyname, cmd, permissive, qual, with_check from pg_policies
    where schemaname = current_schema() and tablename = ${table}`.execute(db);
  return {
    exists: security.rows.length > 0,
    columns: new Map(
      columns.rows.map((r) => [
        String(r.column_name),
        {
          name: String(r.column_name),
          dataType: String(r.data_type),
          length: num(r.character_maximum_length),
          precision: num(r.numeric_precision),
          scale: num(r.numeric_scale),
          datetimePrecision: num(r.datetime_precision),
          nullable: r.is_nullable === 'YES',
          default: r.column_default === null ? null : String(r.column_default),
        },
      ]),
    ),
    indexes: new Map(indexes.rows.map((r) => [r.indexname, r.indexdef])),
    rowSecurity: Boolean(security.rows[0]?.relrowsecurity),
    policies: policies.rows.map((r) => ({
      name: String(r.policyname),
      command: String(r.cmd),
      permissive: String(r.permissive),
      qual: r.qual ?? null,
      withCheck: r.with_check ?? null,
    })),
  };
}

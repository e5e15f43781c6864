import { type Kysely, sql } from 'kysely';
import type { Schema } from '../../../db/database.js';

export interface TableSummary {
  name: string;
  comment: string;
}

export interface ColumnInfo {
  name: string;
  /** the type in PostgreSQL's information_schema words (`character varying`, `bigint`, `numeric`,
   * `timestamp without time zone`, ...): what the code generator reads, whichever database it came from */
  dataType: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  default: string | null;
  comment: string;
  primaryKey: boolean;
}

export interface TableInfo extends TableSummary {
  columns: ColumnInfo[];
}

/** What 数据模型 and 代码生成 read from a data source, whatever its database: its tables, and one table's
 * columns, types, primary key and comments. PostgreSQL here; MySQL in mysql-introspect.ts. */
export interface Introspector {
  listTables(): Promise<TableSummary[]>;
  /** undefined when the table is absent */
  tableInfo(table: string): Promise<TableInfo | undefined>;
}

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A PostgreSQL database (the server's own, or another reached through `db`). */
export const pgIntrospector = (db: Kysely<Schema>): Introspector => ({
  listTables: () => listTables(db),
  tableInfo: (table) => tableInfo(db, table),
});

/** The tables of the database's current schema, with their comments. */
async function listTables(db: Kysely<Schema>): Promise<TableSummary[]> {
  const rows = await sql<{ table_name: string; comment: string | null }>`
    select t.table_name, obj_description(c.oid, 'pg_class') as comment
    from information_schema.tables t
    join pg_class c on c.relname = t.table_name
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = t.table_schema
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by t.table_name`.execute(db);
  return rows.rows.map((r) => ({ name: r.table_name, comment: r.comment ?? '' }));
}

/** One table's columns in order, with comments and which form the primary key; undefined when absent. */
async function tableInfo(db: Kysely<Schema>, table: string): Promise<TableInfo | undefined> {
  const tables = (await listTables(db)).filter((t) => t.name === table);
  if (!tables.length) return undefined;
  const rows = await sql<Record<string, unknown>>`
    select c.column_name, c.data_type, c.character_maximum_length, c.numeric_precision, c.numeric_scale,
      c.is_nullable, c.column_default,
      col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position) as comment,
      exists (
        select 1 from information_schema.table_constraints tc
        join information_schema.key_column_usage k
          on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
        where tc.table_schema = c.table_schema and tc.table_name = c.table_name
          and tc.constraint_type = 'PRIMARY KEY' and k.column_name = c.column_name
      ) as pk
    from information_schema.columns c
    where c.table_schema = current_schema() and c.table_name = ${table}
    order by c.ordinal_position`.execute(db);
  return {
    ...tables[0]!,
    columns: rows.rows.map((r) => ({
      name: String(r.column_name),
      dataType: String(r.data_type),
      length: num(r.character_maximum_length),
      precision: num(r.numeric_precision),
      scale: num(r.numeric_scale),
      nullable: r.is_nullable === 'YES',
      default: r.column_default === null ? null : String(r.column_default),
      comment: r.comment ? String(r.comment) : '',
      primaryKey: Boolean(r.pk),
    })),
  };
}

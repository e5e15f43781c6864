import type { Connection, RowDataPacket } from 'mysql2/promise';
import { type ColumnInfo, type Introspector, num, type TableSummary } from './introspect.js';

/** MySQL's information_schema DATA_TYPE in PostgreSQL's words (ColumnInfo.dataType), so the code
 * generator reads one vocabulary; a type without a PostgreSQL twin keeps its own name. */
const PG_TYPE: Record<string, string> = {
  varchar: 'character varying',
  char: 'character',
  tinytext: 'text',
  text: 'text',
  mediumtext: 'text',
  longtext: 'text',
  tinyint: 'smallint',
  smallint: 'smallint',
  mediumint: 'integer',
  int: 'integer',
  integer: 'integer',
  bigint: 'bigint',
  decimal: 'numeric',
  numeric: 'numeric',
  float: 'real',
  double: 'double precision',
  date: 'date',
  datetime: 'timestamp without time zone',
  timestamp: 'timestamp without time zone',
  time: 'time without time zone',
  json: 'json',
  bit: 'bit',
};

const STRING_TYPES = new Set(['character varying', 'character', 'text']);

/** MySQL keeps a default as its bare value (`0`, `abc`, `CURRENT_TIMESTAMP`); PostgreSQL's words quote a
 * string literal (`'abc'`), which is what the generator takes for a literal. */
function defaultOf(raw: unknown, dataType: string, extra: string): string | null {
  if (raw === null || raw === undefined) return null;
  const value = String(raw);
  if (/DEFAULT_GENERATED/i.test(extra) || !STRING_TYPES.has(dataType)) return value;
  return `'${value.replace(/'/g, "''")}'`;
}

async function rows(conn: Connection, query: string, params: unknown[]): Promise<RowDataPacket[]> {
  const [result] = await conn.query<RowDataPacket[]>(query, params);
  return result;
}

/** A MySQL database reached through one mysql2 connection: the tables of its current database
 * (`database()`, the one the URL names). */
export function mysqlIntrospector(conn: Connection): Introspector {
  const listTables = async (): Promise<TableSummary[]> =>
    (
      await rows(
        conn,
        `select table_name as name, table_comment as comment from information_schema.tables
         where table_schema = database() and table_type = 'BASE TABLE' order by table_name`,
        [],
      )
    ).map((r) => ({ name: String(r.name), comment: r.comment ? String(r.comment) : '' }));

  return {
    listTables,
    async tableInfo(table) {
      const summary = (await listTables()).find((t) => t.name === table);
      if (!summary) return undefined;
      const columns = await rows(
        conn,
        `select column_name as name, data_type as data_type, character_maximum_length as length,
           numeric_precision as num_precision, numeric_scale as num_scale, is_nullable as nullable,
           column_default as dflt, column_comment as comment, column_key as col_key, extra as extra
         from information_schema.columns
         where table_schema = database() and table_name = ? order by ordinal_position`,
        [table],
      );
      return {
        ...summary,
        columns: columns.map((r): ColumnInfo => {
          const own = String(r.data_type).toLowerCase();
          const dataType = PG_TYPE[own] ?? own;
          return {
            name: String(r.name),
            dataType,
            length: STRING_TYPES.has(dataType) && dataType !== 'text' ? num(r.length) : null,
            precision: num(r.num_precision),
            scale: num(r.num_scale),
            nullable: r.nullable === 'YES',
            default: defaultOf(r.dflt, dataType, String(r.extra ?? '')),
            comment: r.comment ? String(r.comment) : '',
            primaryKey: r.col_key === 'PRI',
          };
        }),
      };
    },
  };
}

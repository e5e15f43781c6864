import type { ResourceDef } from '@tongxin/resources';
import { type ColumnSpec, columnsOf, typeSql } from './columns.js';
import { identifier } from './identifiers.js';
import { type IndexSpec, indexesOf, indexSql } from './indexes.js';

/** Row-level security in the fast form of migration 0011: each current_setting() in a sub-select is read
 * once per statement (an InitPlan), not once per row. */
export const TENANT_POLICY = 'tenant_isolation';
export const TENANT_CHECK =
  "(select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true))";

export interface TableSql {
  table: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
  /** CREATE TABLE IF NOT EXISTS with every column. */
  createTable: string;
  /** ALTER TABLE ... ADD COLUMN for one column of an existing table. */
  addColumn: (c: ColumnSpec) => string;
  createIndex: (ix: IndexSpec) => string;
  /** ENABLE ROW LEVEL SECURITY and the tenant_isolation policy; none without a tenant column. */
  enableRowSecurity?: string;
  createPolicy?: string;
  /** The whole file as committed in apps/server/src/db/generated/<table>.sql. */
  text: string;
}

const isId = (c: ColumnSpec): boolean => 'group' in c.origin && c.origin.group === 'id';

const columnSql = (c: ColumnSpec): string =>
  [
    c.name,
    typeSql(c.type),
    ...(isId(c) ? ['PRIMARY KEY'] : c.notNull ? ['NOT NULL'] : []),
    ...(c.default !== undefined ? [`DEFAULT ${c.default}`] : []),
  ].join(' ');

/** The field's label or the column's group, as a comment for the reader of the SQL. */
const commentOf = (c: ColumnSpec): string =>
  'field' in c.origin
    ? c.origin.field.label.zh.replace(/\s+/g, ' ')
    : c.origin.group === 'id'
      ? 'primary key'
      : `${c.origin.group} group`;

/** The DDL of a generated table: CREATE TABLE, its indexes and its row-level security. */
export function tableSql(def: ResourceDef): TableSql {
  const table = identifier(def.table, `${def.name}.table`);
  const columns = columnsOf(def);
  const indexes = indexesOf(def);
  const createTable = `CREATE TABLE IF NOT EXISTS ${table} (\n${columns
    .map((c, i) => `  ${columnSql(c)}${i < columns.length - 1 ? ',' : ''} -- ${commentOf(c)}`)
    .join('\n')}\n)`;
  const rls = def.tenant
    ? {
        enableRowSecurity: `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
        createPolicy: `CREATE POLICY ${TENANT_POLICY} ON ${table}\n  USING (${TENANT_CHECK})\n  WITH CHECK (${TENANT_CHECK})`,
      }
    : {};
  const text = [
    `-- Generated from the resource definition "${def.name}" (${def.label.zh}) by apps/server/src/engine/schema.`,
    '-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.',
    '-- On an empty database these statements run as written. On an existing one migrate() runs only those',
    '-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,',
    '-- and an index of the same shape under another name counts as present.',
    '',
    `${createTable};`,
    '',
    ...indexes.map((ix) => `${indexSql(table, ix)};`),
    ...(rls.enableRowSecurity ? ['', `${rls.enableRowSecurity};`, `${rls.createPolicy};`] : []),
    '',
  ].join('\n');
  return {
    table,
    columns,
    indexes,
    createTable,
    addColumn: (c) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${columnSql(c)}`,
    createIndex: (ix) => indexSql(table, ix),
    ...rls,
    text,
  };
}

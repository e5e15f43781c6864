import { columnOf, hasProcess, type ResourceDef } from '@tongxin/resources';
import { toCamel } from '../../../util/case.js';
import { type ColumnSpec, columnsOf } from '../../schema/columns.js';
import { anyValue, type JsonSchema } from './json-schema.js';

/** The wire type of a column as the drivers return it (int8, numeric, date and timestamp arrive as text,
 * db/database.ts). */
function columnSchema(c: ColumnSpec, description: string): JsonSchema {
  // a sensitive key of a dictionary (religion) goes out as its mask `***` (personal-data.ts)
  const masked = 'field' in c.origin && Boolean(c.origin.field.sensitive);
  const type = c.type.base === 'int' ? (masked ? ['integer', 'string'] : 'integer') : 'string';
  return c.notNull ? { type, description } : { type, nullable: true, description };
}

const describe = (c: ColumnSpec): string =>
  'field' in c.origin ? c.origin.field.label.zh : c.origin.group === 'id' ? '主键' : c.name;

/** The columns a table of a hand-written migration carries besides its fields (typed loosely: their
 * SQL types are the migration's, not the definition's). */
function migrationColumns(def: ResourceDef): string[] {
  const columns = ['id'];
  if (def.tenant) columns.push('tenant_id');
  if (hasProcess(def)) columns.push('process_instance_id', 'audit_status');
  if (def.audit)
    columns.push('create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status');
  if (def.softDelete) columns.push('is_deleted');
  return columns;
}

/** The columns of a table generated from the definition; undefined for a table of a migration (or a
 * definition no table is generated from, e.g. a test's over a hand-made table). */
function generatedColumns(def: ResourceDef): ColumnSpec[] | undefined {
  if (def.schema === 'migration') return undefined;
  try {
    return columnsOf(def);
  } catch {
    return undefined;
  }
}

/**
 * A record of the resource as the engine answers it: every column of its table under its wire name
 * (secrets never), typed exactly where the table is generated from the definition; names of references,
 * dictionary labels and what hooks add pass as additional properties, untouched.
 */
export function recordSchema(def: ResourceDef): JsonSchema {
  const secrets = new Set(def.fields.filter((f) => f.secret).map(columnOf));
  const wireName = new Map(def.fields.map((f) => [columnOf(f), f.name]));
  const nameOf = (column: string) => wireName.get(column) ?? toCamel(column);
  const properties: Record<string, JsonSchema> = {};
  const columns = generatedColumns(def);
  if (!columns) {
    for (const column of migrationColumns(def)) properties[nameOf(column)] = anyValue(column);
    for (const f of def.fields) if (!f.secret) properties[f.name] = anyValue(f.label.zh);
  } else {
    for (const c of columns)
      if (!secrets.has(c.name)) properties[nameOf(c.name)] = columnSchema(c, describe(c));
  }
  return { type: 'object', description: def.label.zh, properties, additionalProperties: true };
}

/** A page of records (wire.ts Page). */
export const pageSchema = (record: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: {
    records: { type: 'array', items: record },
    total: { type: 'integer' },
    size: { type: 'integer' },
    current: { type: 'integer' },
    pages: { type: 'integer' },
    totalExact: { type: 'boolean' },
  },
  additionalProperties: true,
});

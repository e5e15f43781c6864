import {
  columnOf,
  type FieldDef,
  type FieldKind,
  hasProcess,
  isNotNull,
  type ResourceDef,
} from '@tongxin/resources';
import { identifier, literal } from './identifiers.js';

/** A column's type: what the DDL writes and what information_schema reports back. */
export type ColumnType =
  | { base: 'varchar'; length: number }
  | { base: 'numeric'; precision: number; scale: number }
  | { base: 'text' | 'int' | 'bigint' | 'date' | 'timestamp' };

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull: boolean;
  /** DEFAULT, already a SQL literal. */
  default?: string;
  /** The field it stores, or the column group it belongs to (`tenant`, `audit`, ...). */
  origin: { field: FieldDef } | { group: ColumnGroup | 'id' };
}

export type ColumnGroup = 'tenant' | 'approval' | 'audit' | 'softDelete' | 'version';

/** varchar length of string-like kinds without `maxLength`. */
const VARCHAR_LENGTH: Partial<Record<FieldKind, number>> = {
  string: 255,
  phone: 32,
  email: 100,
  idcard: 18,
  region: 64,
  files: 2000,
  images: 2000,
};
const DICT_STRING_LENGTH = 64;
const ID_LIST_LENGTH = 2000;
const DEFAULT_PRECISION: [number, number] = [10, 2];

const varchar = (length: number): ColumnType => ({ base: 'varchar', length });

/** The column type a field's kind maps to (string-like → varchar(maxLength or the kind's default), text →
 * varchar(maxLength) or text, richtext → text, int/flag → int, long/ref/parent → bigint (several refs →
 * varchar), decimal → numeric(p,s), date → date, datetime → timestamp(0), dict → int or varchar). */
export function columnTypeOf(f: FieldDef): ColumnType {
  switch (f.kind) {
    case 'text':
      return f.maxLength ? varchar(f.maxLength) : { base: 'text' };
    case 'richtext':
      return { base: 'text' };
    case 'int':
    case 'flag':
      return { base: 'int' };
    case 'long':
    case 'parent':
      return { base: 'bigint' };
    case 'ref':
      return f.ref?.multiple ? varchar(f.maxLength ?? ID_LIST_LENGTH) : { base: 'bigint' };
    case 'decimal': {
      const [precision, scale] = f.precision ?? DEFAULT_PRECISION;
      return { base: 'numeric', precision, scale };
    }
    case 'date':
      return { base: 'date' };
    case 'datetime':
      return { base: 'timestamp' };
    case 'dict':
      return f.dict?.valueType === 'string' ? varchar(f.maxLength ?? DICT_STRING_LENGTH) : { base: 'int' };
    default:
      return varchar(f.maxLength ?? VARCHAR_LENGTH[f.kind] ?? VARCHAR_LENGTH.string!);
  }
}

export function typeSql(t: ColumnType): string {
  if (t.base === 'varchar') return `varchar(${t.length})`;
  if (t.base === 'numeric') return `numeric(${t.precision},${t.scale})`;
  if (t.base === 'timestamp') return 'timestamp(0)';
  return t.base;
}

const NUMERIC = new Set(['int', 'bigint', 'numeric']);

const column = (
  name: string,
  type: ColumnType,
  group: ColumnGroup | 'id',
  extra: { notNull?: boolean; default?: string } = {},
): ColumnSpec => ({ name, type, notNull: extra.notNull ?? false, default: extra.default, origin: { group } });

const INT = { base: 'int' } as const;
const BIGINT = { base: 'bigint' } as const;
const TIMESTAMP = { base: 'timestamp' } as const;

/** The column groups a definition's flags add, in table order after its fields (tenant comes first). */
export function groupColumns(def: ResourceDef): Record<ColumnGroup, ColumnSpec[]> {
  return {
    tenant: def.tenant ? [column('tenant_id', varchar(12), 'tenant', { notNull: true })] : [],
    // The approval group (docs/domain-model.md#common-columns; workflow ids are bigint like
    // flow_process_instance.id).
    approval: hasProcess(def)
      ? [
          column('process_definition_id', BIGINT, 'approval'),
          column('process_instance_id', BIGINT, 'approval'),
          column('audit_status', INT, 'approval'),
          column('audit_user', BIGINT, 'approval'),
          column('audit_time', TIMESTAMP, 'approval'),
          column('audit_remark', varchar(500), 'approval'),
        ]
      : [],
    audit: def.audit
      ? [
          column('create_user', BIGINT, 'audit'),
          column('create_dept', BIGINT, 'audit'),
          column('create_time', TIMESTAMP, 'audit'),
          column('update_user', BIGINT, 'audit'),
          column('update_time', TIMESTAMP, 'audit'),
          column('status', INT, 'audit', { notNull: true, default: '1' }),
        ]
      : [],
    softDelete: def.softDelete
      ? [column('is_deleted', INT, 'softDelete', { notNull: true, default: '0' })]
      : [],
    version:
      def.version === false ? [] : [column('version', INT, 'version', { notNull: true, default: '1' })],
  };
}

/** The column of one field: its type, NOT NULL (required, unless `nullable` says otherwise) and DEFAULT
 * (the field's `defaultValue`). */
export function fieldColumn(def: ResourceDef, f: FieldDef): ColumnSpec {
  const what = `${def.name}.${f.name}`;
  const type = columnTypeOf(f);
  if (type.base === 'varchar' && !(Number.isInteger(type.length) && type.length > 0))
    throw new Error(`${what}: maxLength must be a positive integer`);
  if (type.base === 'numeric' && !(type.precision > 0 && type.scale >= 0 && type.scale <= type.precision))
    throw new Error(`${what}: precision must be [p, s] with 0 <= s <= p`);
  return {
    name: identifier(columnOf(f), what),
    type,
    notNull: isNotNull(f),
    default: f.defaultValue === undefined ? undefined : literal(f.defaultValue, NUMERIC.has(type.base), what),
    origin: { field: f },
  };
}

/** Every column of a generated table, in order: id, tenant, fields, approval, audit, soft delete, version. */
export function columnsOf(def: ResourceDef): ColumnSpec[] {
  const groups = groupColumns(def);
  const columns = [
    column('id', BIGINT, 'id', { notNull: true }),
    ...groups.tenant,
    // a field showing a column group's column (auditField) adds no column of its own
    ...def.fields.filter((f) => !f.group).map((f) => fieldColumn(def, f)),
    ...groups.approval,
    ...groups.audit,
    ...groups.softDelete,
    ...groups.version,
  ];
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.name))
      throw new Error(
        `${def.name}: column ${c.name} is declared twice (a field repeats a column group's column?)`,
      );
    seen.add(c.name);
  }
  return columns;
}

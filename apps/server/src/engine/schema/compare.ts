import { columnOf, isGenerated, type ResourceDef } from '@tongxin/resources';
import { type ColumnSpec, type ColumnType, columnTypeOf, groupColumns, typeSql } from './columns.js';
import { indexShape, liveIndexShape } from './indexes.js';
import type { LiveColumn, LiveTable } from './inspect.js';
import { TENANT_CHECK, TENANT_POLICY, tableSql } from './table-sql.js';

/** information_schema.columns.data_type of each type. */
const DATA_TYPE: Record<ColumnType['base'], string> = {
  varchar: 'character varying',
  text: 'text',
  int: 'integer',
  bigint: 'bigint',
  numeric: 'numeric',
  date: 'date',
  timestamp: 'timestamp without time zone',
};

/** Type families a hand-made table may use for a field of that type (widths aside). */
const FAMILY: Record<string, string> = {
  'character varying': 'text',
  text: 'text',
  character: 'text',
  smallint: 'integer',
  integer: 'integer',
  bigint: 'integer',
  numeric: 'numeric',
  date: 'date',
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamp',
};

/** A family a hand-made column may also have: a date fits a timestamp without loss (blade_user.birthday). */
const WIDER: Record<string, string> = { date: 'timestamp' };

const compatible = (expected: ColumnType, live: LiveColumn): boolean => {
  const want = FAMILY[DATA_TYPE[expected.base]]!;
  const have = FAMILY[live.dataType];
  return have === want || have === WIDER[want];
};

const describe = (c: LiveColumn): string =>
  c.dataType === 'character varying' && c.length !== null
    ? `varchar(${c.length})`
    : c.dataType === 'numeric' && c.precision !== null
      ? `numeric(${c.precision},${c.scale})`
      : c.dataType === 'timestamp without time zone'
        ? `timestamp(${c.datetimePrecision})`
        : c.dataType;

/** A DEFAULT as text, without casts, parentheses and quotes: `'x'::character varying` and `'x'` → x. */
export function plainDefault(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  let v = value.trim();
  for (let prev = ''; prev !== v;) {
    prev = v;
    v = v.replace(/::[a-z ]+(\(\d+(,\d+)?\))?$/, '').trim();
    if (/^\(.*\)$/.test(v)) v = v.slice(1, -1).trim();
  }
  return /^'.*'$/s.test(v) ? v.slice(1, -1).replaceAll("''", "'") : v;
}

/** A policy expression reduced to its words: PostgreSQL's deparse adds casts, aliases and parentheses. */
const plainPolicy = (expr: string | null): string =>
  (expr ?? '')
    .toLowerCase()
    .replace(/::(text|character varying)/g, '')
    .replace(/\bas current_setting\b/g, '')
    .replace(/[()\s]/g, '');

function compareColumn(c: ColumnSpec, live: LiveColumn): string[] {
  const expected = typeSql(c.type);
  const t = c.type;
  const sameType =
    live.dataType === DATA_TYPE[t.base] &&
    (t.base !== 'varchar' || live.length === t.length) &&
    (t.base !== 'numeric' || (live.precision === t.precision && live.scale === t.scale)) &&
    (t.base !== 'timestamp' || live.datetimePrecision === 0);
  const out: string[] = [];
  if (!sameType) out.push(`column ${c.name} is ${describe(live)}, the definition says ${expected}`);
  if (live.nullable === c.notNull)
    out.push(
      `column ${c.name} is ${live.nullable ? 'nullable' : 'NOT NULL'}, the definition says ${c.notNull ? 'NOT NULL' : 'nullable'}`,
    );
  if (plainDefault(live.default) !== plainDefault(c.default))
    out.push(
      `column ${c.name} has DEFAULT ${live.default ?? 'none'}, the definition says ${c.default ?? 'none'}`,
    );
  return out;
}

/** A generated table against its definition: every column exactly, no other column, every index (by shape),
 * row-level security with the tenant policy in its fast form. */
function compareGenerated(def: ResourceDef, live: LiveTable): string[] {
  const t = tableSql(def);
  const out: string[] = [];
  for (const c of t.columns) {
    const l = live.columns.get(c.name);
    if (!l) out.push(`column ${c.name} (${typeSql(c.type)}) is missing`);
    else out.push(...compareColumn(c, l));
  }
  for (const name of live.columns.keys())
    if (!t.columns.some((c) => c.name === name)) out.push(`column ${name} is not in the definition`);
  const shapes = new Set([...live.indexes.values()].map(liveIndexShape));
  for (const ix of t.indexes) {
    if (shapes.has(indexShape(ix))) continue;
    const same = live.indexes.get(ix.name);
    out.push(
      same
        ? `index ${ix.name} is "${same}", the definition says "${t.createIndex(ix)}"`
        : `index missing: ${t.createIndex(ix)}`,
    );
  }
  if (def.tenant) {
    if (!live.rowSecurity) out.push('row-level security is not enabled');
    const policy = live.policies.find((p) => p.name === TENANT_POLICY);
    const want = plainPolicy(TENANT_CHECK);
    if (!policy) out.push(`policy ${TENANT_POLICY} is missing`);
    else if (
      policy.command !== 'ALL' ||
      policy.permissive !== 'PERMISSIVE' ||
      plainPolicy(policy.qual) !== want ||
      plainPolicy(policy.withCheck) !== want
    )
      out.push(
        `policy ${TENANT_POLICY} is "${policy.qual}" / "${policy.withCheck}", the definition says "${TENANT_CHECK}"`,
      );
  }
  return out;
}

/** A table made by SQL migrations: every field's column and every column group's exist, with a type of
 * the same family, and a varchar holds the field's maxLength. */
function compareMigration(def: ResourceDef, live: LiveTable): string[] {
  const out: string[] = [];
  const expected = [
    ...def.fields.map((f) => ({ name: columnOf(f), type: columnTypeOf(f), maxLength: f.maxLength })),
    ...Object.values(groupColumns(def)).flat(),
  ];
  for (const c of expected) {
    const l = live.columns.get(c.name);
    if (!l) {
      out.push(`column ${c.name} (${typeSql(c.type)}) is missing`);
      continue;
    }
    if (!compatible(c.type, l))
      out.push(`column ${c.name} is ${describe(l)}, the definition says ${typeSql(c.type)}`);
    else if ('maxLength' in c && c.maxLength && l.length !== null && l.length < c.maxLength)
      out.push(`column ${c.name} is ${describe(l)}, shorter than the field's maxLength ${c.maxLength}`);
  }
  return out;
}

/** Where a definition and the live table disagree, one sentence each; empty when they agree. */
export function compareTable(def: ResourceDef, live: LiveTable): string[] {
  if (!live.exists) return [`table ${def.table} does not exist`];
  return isGenerated(def) ? compareGenerated(def, live) : compareMigration(def, live);
}

import {
  columnOf,
  type FieldDef,
  isId,
  labelFieldOf,
  refNameField,
  isGenerated,
  resources,
  type ResourceDef,
} from '@tongxin/resources';
import { type AliasedRawBuilder, sql } from 'kysely';
import type { Trx } from '../../db/database.js';

/** The resource a `ref` field points at and the column that names its rows. */
export function refTarget(field: FieldDef): { def: ResourceDef; labelColumn: string } | undefined {
  const target =
    field.kind === 'ref' && field.ref ? resources.find((r) => r.name === field.ref!.resource) : undefined;
  if (!target) return undefined;
  const labelDef = target.fields.find((x) => x.name === (field.ref!.labelField || labelFieldOf(target)));
  return { def: target, labelColumn: labelDef ? columnOf(labelDef) : 'id' };
}

interface NamedRef {
  field: string;
  /** The field's column. */
  column: string;
  nameField: string;
  table: string;
  labelColumn: string;
  /** One id in a bigint column (a generated table's single `ref`), so the row query can name it itself. */
  single: boolean;
}

/** The references of a definition whose names go out with its rows: `ref` fields to a resource keyed
 * by id (regions, keyed by code, are named by their own columns). */
export function namedRefsOf(def: ResourceDef): NamedRef[] {
  const refs: NamedRef[] = [];
  for (const field of def.fields) {
    const target = field.secret ? undefined : refTarget(field);
    if (!target || (target.def.tree?.keyField ?? 'id') !== 'id') continue;
    const { table } = target.def;
    refs.push({
      field: field.name,
      column: columnOf(field),
      nameField: refNameField(field.name),
      table,
      labelColumn: target.labelColumn,
      single: isGenerated(def) && !field.ref!.multiple,
    });
  }
  return refs;
}

const idsIn = (raw: unknown): string[] =>
  raw === undefined || raw === null
    ? []
    : String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(isId);

/**
 * Adds the names of referenced rows to wire rows (`packageId` → `packageName`, a list of ids → their
 * names comma-joined), one query per reference, unless a row already carries that name. The lookup runs
 * in the caller's transaction, so row-level security bounds what can be named.
 */
export async function addRefNames(
  trx: Trx,
  refs: readonly NamedRef[],
  rows: Record<string, unknown>[],
): Promise<void> {
  for (const ref of refs) {
    const todo = rows.filter((r) => !(ref.nameField in r));
    const ids = [...new Set(todo.flatMap((r) => idsIn(r[ref.field])))];
    const found = ids.length
      ? await trx.selectFrom(ref.table).select(['id', ref.labelColumn]).where('id', 'in', ids).execute()
      : [];
    const names = new Map(found.map((r) => [String(r.id), String(r[ref.labelColumn] ?? '')]));
    for (const r of todo)
      r[ref.nameField] = idsIn(r[ref.field])
        .map((id) => names.get(id) ?? '')
        .filter(Boolean)
        .join(',');
  }
}

/**
 * The names of `def`'s single references as columns of its own row query (`coalesce((select real_name
 * from blade_user named where named.id = app_browse_log.app_user_id)::text, '')` as "appUserName"): a
 * page and its names in one statement instead of one more per reference. The same row-level security
 * binds the subquery; a name found nowhere is '' as addRefNames makes it, which then skips the rows that
 * carry it. References whose name is also a field of the definition are left to addRefNames, which
 * keeps the row's own.
 */
export function nameColumns(
  def: ResourceDef,
  refs: readonly NamedRef[],
): AliasedRawBuilder<string, string>[] {
  const own = new Set(def.fields.map((f) => f.name));
  return refs
    .filter((ref) => ref.single && !own.has(ref.nameField))
    .map((ref) => {
      const label = sql.ref(`named.${ref.labelColumn}`);
      const id = sql.ref(`${def.table}.${ref.column}`);
      const named = sql<string>`(select ${label}::text from ${sql.table(ref.table)} as named where named.id = ${id})`;
      return sql<string>`coalesce(${named}, '')`.as(ref.nameField);
    });
}

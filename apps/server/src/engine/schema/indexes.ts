import { columnOf, type FieldDef, type ResourceDef } from '@tongxin/resources';
import { identifier } from './identifiers.js';

export interface IndexKey {
  column: string;
  desc?: boolean;
}

export interface IndexSpec {
  name: string;
  unique: boolean;
  keys: IndexKey[];
  /** Partial index condition (`is_deleted = 0` on soft-deleted tables). */
  where?: string;
}

const LIVE_ROWS = 'is_deleted = 0';

const searchesEqual = (f: FieldDef): boolean => [f.search ?? []].flat().includes('equal');

/**
 * The indexes of a generated table. Each list index leads with tenant_id (every query filters by it) and
 * is partial on the live rows when the table soft-deletes:
 * - `<table>_list_idx`: the default sort and the id tie-breaker, so a first page reads in order (as
 *   migration 0012 does by hand for the older tables);
 * - `<table>_<column>_idx` for every equality-searched field and every field with `index`: the column,
 *   then the default sort behind it (a filtered list still reads in order);
 * - `<table>_<column>_<column>_idx` for every `searchedTogether` group: the group's columns, then the
 *   default sort (a page filtered by all of them reads in order without skipping rows);
 * - `<table>_<column>_idx` for every sortable field no other index already orders by;
 * - `<table>_<column>_uq`: a UNIQUE index per `unique` field, scoped by tenant.
 */
export function indexesOf(def: ResourceDef): IndexSpec[] {
  const table = def.table;
  const where = def.softDelete ? LIVE_ROWS : undefined;
  const tenant: IndexKey[] = def.tenant ? [{ column: 'tenant_id' }] : [];
  const fieldColumn = (name: string, where = 'defaultSort') => {
    const f = def.fields.find((x) => x.name === name);
    if (!f) throw new Error(`${def.name}: ${where} names ${name}, which is not a field`);
    return columnOf(f);
  };
  const order: IndexKey[] = [
    ...(def.defaultSort ?? []).map((s) => ({ column: fieldColumn(s.field), desc: s.direction === 'desc' })),
    { column: 'id', desc: true },
  ];
  const named = (suffix: string, unique: boolean, keys: IndexKey[]): IndexSpec => ({
    name: identifier(`${table}_${suffix}`, `${def.name} index`),
    unique,
    keys,
    where,
  });

  const lists: IndexSpec[] = [];
  // Without tenant and default sort the list index would be (id DESC): the primary key serves that.
  if (def.tenant || def.defaultSort?.length) lists.push(named('list_idx', false, [...tenant, ...order]));
  for (const f of def.fields)
    if (searchesEqual(f) || f.index)
      lists.push(named(`${columnOf(f)}_idx`, false, [...tenant, { column: columnOf(f) }, ...order]));
  for (const group of def.searchedTogether ?? []) {
    if (group.length < 2) throw new Error(`${def.name}: searchedTogether groups name at least two fields`);
    const columns = group.map((name) => fieldColumn(name, 'searchedTogether'));
    lists.push(
      named(`${columns.join('_')}_idx`, false, [
        ...tenant,
        ...columns.map((column) => ({ column })),
        ...order,
      ]),
    );
  }
  for (const f of def.fields) {
    const keys = [...tenant, { column: columnOf(f) }];
    if (f.sortable && !lists.some((ix) => orders(ix.keys, keys)))
      lists.push(named(`${columnOf(f)}_idx`, false, keys));
  }
  const uniques = def.fields
    .filter((f) => f.unique)
    .map((f) => named(`${columnOf(f)}_uq`, true, [...tenant, { column: columnOf(f) }]));
  const all = [...lists, ...uniques];
  for (const [i, ix] of all.entries())
    if (all.findIndex((x) => x.name === ix.name) !== i)
      throw new Error(`${def.name}: two indexes are named ${ix.name} (rename the column?)`);
  return all;
}

/** Whether an index on `keys` already yields the order of one on `prefix` (scanned either way); a leading
 * tenant_id is compared by equality in every query, so its direction does not matter. */
function orders(keys: IndexKey[], prefix: IndexKey[]): boolean {
  if (prefix.length > keys.length) return false;
  const flips = new Set<boolean>();
  for (const [i, p] of prefix.entries()) {
    const k = keys[i]!;
    if (k.column !== p.column) return false;
    if (p.column !== 'tenant_id') flips.add(Boolean(k.desc) !== Boolean(p.desc));
  }
  return flips.size <= 1;
}

const keysSql = (keys: IndexKey[]) => keys.map((k) => (k.desc ? `${k.column} DESC` : k.column)).join(', ');

export const indexSql = (table: string, ix: IndexSpec): string =>
  `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${ix.name} ON ${table} (${keysSql(ix.keys)})` +
  (ix.where ? ` WHERE ${ix.where}` : '');

/** An index as PostgreSQL describes it (pg_indexes.indexdef) without its name and table: two indexes with
 * the same shape are the same index, whatever their names. */
export const indexShape = (ix: IndexSpec): string =>
  `${ix.unique ? 'UNIQUE ' : ''}USING btree (${keysSql(ix.keys)})${ix.where ? ` WHERE (${ix.where})` : ''}`;

/** The shape of a live index from its pg_indexes.indexdef. */
export const liveIndexShape = (indexdef: string): string =>
  indexdef.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ /, (_m, unique?: string) => unique ?? '');

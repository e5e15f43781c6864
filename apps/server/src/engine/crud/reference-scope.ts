import { columnOf, type FieldDef, parseIdList, type ResourceDef } from '@tongxin/resources';
import { sql } from 'kysely';
import type { AuthUser } from '../../auth/tokens.js';
import type { Trx } from '../../db/database.js';
import { badRequest } from '../../http/envelope.js';
import type { AnySelect } from '../../http/list-query.js';

/** What the check needs of the engine of a referenced resource (resource-engine.ts). */
export interface ReferencedEngine {
  readonly treeKey: { column: string } | undefined;
  restricted(trx: Trx, user: AuthUser): Promise<boolean>;
  visibleQuery(trx: Trx, user: AuthUser): Promise<AnySelect>;
}

/** The engines of the served resources, by definition name (resource-engines.ts). */
export interface ReferencedEngines {
  find(name: string): ReferencedEngine | undefined;
}

/** The resource a field points at: a reference's, or the definition itself for a tree's parent. */
const targetOf = (def: ResourceDef, f: FieldDef): string | undefined =>
  f.ref?.resource ?? (f.kind === 'parent' && def.tree ? def.name : undefined);

/**
 * A write names only records its writer may see: every reference it sets (a household record's
 * household, a household's resident, a tree node's parent) to a record of a resource whose rows the
 * writer's data scope narrows must be one that scope shows them — the records their pickers offer. A
 * record outside it is refused as the picker would not have it (400 `<label>不存在`), nothing written.
 * References the writer's scope does not narrow are left to the resource's own rules.
 */
export async function assertReferencesVisible(
  resources: ReferencedEngines,
  trx: Trx,
  user: AuthUser,
  def: ResourceDef,
  values: Readonly<Record<string, unknown>>,
): Promise<void> {
  for (const f of def.fields) {
    const target = targetOf(def, f);
    const value = values[columnOf(f)];
    if (!target || value === undefined || value === null || value === '') continue;
    const ids = parseIdList(String(value))?.filter((id) => id !== '0');
    if (!ids?.length) continue;
    const engine = resources.find(target);
    if (!engine || !(await engine.restricted(trx, user))) continue;
    const keyColumn = f.kind === 'parent' && engine.treeKey ? engine.treeKey.column : 'id';
    const visible = await (
      await engine.visibleQuery(trx, user)
    )
      .select(sql<string>`${sql.ref(keyColumn)}::text`.as('key'))
      .where(keyColumn, 'in', ids)
      .execute();
    const seen = new Set(visible.map((r) => String(r.key)));
    if (ids.some((id) => !seen.has(id))) throw badRequest(`${f.label.zh}不存在`);
  }
}

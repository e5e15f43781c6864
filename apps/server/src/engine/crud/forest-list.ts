import { columnOf, labelFieldOf } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { Row } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { applyFilters, applySorts, parseListQuery } from '../../http/list-query.js';
import type { ResourceEngine } from './resource-engine.js';

/** More rows than any real tree of roles (or depts) holds; the answer is never silently paged. */
export const FOREST_LIMIT = 10_000;

type Node = Record<string, unknown> & { children?: Node[]; hasChildren?: boolean };

/**
 * `list` of a forest resource (`tree.forest`, e.g. roles): BladeX answers the whole filtered forest —
 * RoleVO with `children` and `parentName` — instead of a page, so the screen shows every role nested.
 * Filters and sorts are the same allow-listed ones as the page; a row whose parent is filtered out
 * becomes a root.
 */
export async function forestList(engine: ResourceEngine, request: FastifyRequest) {
  const { def } = engine;
  const user = requireUser(request);
  const raw = request.query as Record<string, unknown>;
  const q = parseListQuery(raw, await engine.fieldsFor(user), {
    maxSize: FOREST_LIMIT,
    extra: engine.hooks.params,
  });
  const tree = def.tree!;
  const parentColumn = columnOf(def.fields.find((f) => f.name === tree.parentField)!);
  const key = engine.treeKey!;
  const labelField = labelFieldOf(def);
  const labelColumn = engine.fields[labelField]?.column ?? 'id';
  return engine.run(user, async (trx, base) => {
    let filtered = applyFilters(await base(), q.filters);
    const condition = await engine.listCondition(trx, user, raw);
    if (condition) filtered = filtered.where(condition);
    const rows = (await applySorts(engine.selectRows(filtered), q.sorts, engine.fallbackSort)
      .limit(FOREST_LIMIT)
      .execute()) as Row[];
    // parent names: from the rows themselves, else (a parent filtered out) read by key
    const names = new Map(rows.map((r) => [String(r[key.column]), String(r[labelColumn] ?? '')]));
    const missing = [
      ...new Set(rows.map((r) => String(r[parentColumn] ?? key.root)).filter((p) => p !== key.root)),
    ].filter((p) => !names.has(p));
    if (missing.length) {
      // only parents the user may see (tenant, soft delete, data scope) lend their names
      const parents = (await (
        await base()
      )
        .select([key.column, labelColumn])
        .where(key.column, 'in', missing)
        .execute()) as Row[];
      for (const p of parents) names.set(String(p[key.column]), String(p[labelColumn] ?? ''));
    }
    const wire = (await engine.decorate(trx, user, rows)) as Node[];
    const byKey = new Map<string, Node>();
    wire.forEach((node, i) => {
      const parent = String(rows[i]![parentColumn] ?? key.root);
      node.parentName = parent === key.root ? '顶级' : (names.get(parent) ?? '');
      byKey.set(String(rows[i]![key.column]), node);
    });
    const parentOf = new Map(rows.map((r) => [String(r[key.column]), String(r[parentColumn] ?? key.root)]));
    // a parent link that loops back (bad data) is cut: the node becomes a root instead of vanishing
    const loops = (own: string) => {
      let p = parentOf.get(own);
      for (let steps = 0; p !== undefined && steps <= rows.length; steps++) {
        if (p === own) return true;
        p = parentOf.get(p);
      }
      return false;
    };
    const roots: Node[] = [];
    wire.forEach((node, i) => {
      const own = String(rows[i]![key.column]);
      const parent = byKey.get(parentOf.get(own)!);
      if (parent && !loops(own)) {
        (parent.children ??= []).push(node);
        parent.hasChildren = true;
      } else roots.push(node);
    });
    return ok(roots);
  });
}

/** The time transitions of a definition (its `lapses`, define.ts LapseDef) resolved to columns, and what
 * they make of a row at a given time. The sweep (lapses.ts) stores them as time passes; a transition
 * that asks for it (transition.ts `settle`) stores at once the state a record's times already give. */
import { columnOf, hasProcess, type LapseDef, type ResourceDef } from '@tongxin/resources';
import type { Row } from '../../db/database.js';

/** Approval columns a transition or a lapse may name on a resource with a process (not fields). */
export const APPROVAL_COLUMNS: Record<string, string> = {
  auditStatus: 'audit_status',
  auditUser: 'audit_user',
  auditTime: 'audit_time',
  auditRemark: 'audit_remark',
};

/** The column of a field (or an approval column) of `def`; an unknown name fails (at startup). */
export function stateColumnOf(def: ResourceDef, field: string): string {
  const f = def.fields.find((x) => x.name === field);
  if (f) return columnOf(f);
  if (hasProcess(def) && APPROVAL_COLUMNS[field]) return APPROVAL_COLUMNS[field];
  throw new Error(`${def.name}: a transition names ${field}, which is not a field`);
}

/** A lapse with its columns resolved. */
export interface ResolvedLapse {
  lapse: LapseDef;
  state: string;
  at: string;
  when?: { column: string; in: string[] };
}

export function resolveLapses(def: ResourceDef): ResolvedLapse[] {
  return (def.lapses ?? []).map((lapse) => ({
    lapse,
    state: stateColumnOf(def, lapse.field),
    at: stateColumnOf(def, lapse.at),
    when: lapse.when && { column: stateColumnOf(def, lapse.when.field), in: lapse.when.in.map(String) },
  }));
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** `row` (stored columns) as it stands at `now` once every lapse of `def` that applies has moved it:
 * what the sweep would make of it. Times compare as text (`yyyy-MM-dd HH:mm:ss`). */
export function lapsed(def: ResourceDef, row: Row, now: string): Row {
  const current = { ...row };
  for (const r of resolveLapses(def)) {
    const at = text(current[r.at]);
    if (!r.lapse.from.map(String).includes(text(current[r.state]))) continue;
    if (r.when && !r.when.in.includes(text(current[r.when.column]))) continue;
    if (at && at < now) current[r.state] = r.lapse.to;
  }
  return current;
}

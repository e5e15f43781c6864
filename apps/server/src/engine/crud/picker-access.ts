import { resources, type ResourceDef } from '@tongxin/resources';

const prefixes = (def: ResourceDef) => [def.permission, ...(def.permissionAliases ?? [])];

/** Whether a field of `def` picks rows of `target` (a reference, or the region cascader). */
const picks = (def: ResourceDef, target: string) =>
  def.fields.some((f) => f.ref?.resource === target || (target === 'region' && f.kind === 'region'));

/**
 * Who may read a resource's pickers (`select`, `tree`, `lazy-tree`): denied by default like every
 * other read. Open to the holders of the resource's own screen (its menu code, view, add and edit
 * buttons), of every screen whose form picks from it (their menu, add and edit codes — e.g. the user
 * screen reads the role, dept and post pickers), and of the codes the definition adds (`pickers`).
 * `target` is a resource name; `own` is its definition when it has one (menus are served by hand).
 */
export function pickerCodes(target: string, own?: ResourceDef, all: ResourceDef[] = resources): string[] {
  const codes = new Set<string>();
  if (own) {
    for (const p of prefixes(own)) for (const c of [p, `${p}_view`, `${p}_add`, `${p}_edit`]) codes.add(c);
    for (const c of own.pickers ?? []) codes.add(c);
  }
  for (const def of all) {
    if (def.name === target || !picks(def, target)) continue;
    for (const p of prefixes(def)) for (const c of [p, `${p}_add`, `${p}_edit`]) codes.add(c);
  }
  return [...codes];
}

import { type ProcessDef, processesOf, type ResourceDef } from '@tongxin/resources';

const categoryNumber = (p: ProcessDef) => Number(p.category.replace('flow_', '')) || 0;

/**
 * The approval processes a set of definitions goes through: every definition's `process` and
 * `laterProcesses`, plus those
 * named by no definition yet (`awaiting`), one entry per key, in the order of their `flow` category.
 * Fails at startup when two entries share a key but say different things.
 */
export function processCatalogue(
  defs: readonly ResourceDef[],
  awaiting: readonly ProcessDef[] = [],
): ProcessDef[] {
  const byKey = new Map<string, ProcessDef>();
  for (const p of [...defs.flatMap(processesOf), ...awaiting]) {
    const known = byKey.get(p.key);
    if (known && JSON.stringify(known) !== JSON.stringify(p))
      throw new Error(`process ${p.key} is declared twice, differently`);
    byKey.set(p.key, known ?? p);
  }
  return [...byKey.values()].sort((a, b) => categoryNumber(a) - categoryNumber(b));
}

/** What 数据统计 counts of a resource (getDataCount and the board's 诉求办理情况 chart,
 * docs/domain-model.md#综合统计-statistics): all its records and those waiting for the office. The
 * server and the board read it from the definition, so a resource that waits for someone declares it
 * here and nowhere else. */
import { columnOf, type Label, type ResourceDef, type StateCondition } from './define';

export interface CountedDef {
  /** The figure's key on the wire: getDataCount answers `<key>: { total, pending }`. */
  key: string;
  /** Its place on the chart, from 1. */
  sort: number;
  /** The states of a record waiting for the office (a field of the definition or an approval column). */
  pending: StateCondition;
  /** The chart's wording where it is not the definition's label. */
  label?: Label;
}

/** The counted definitions, in their order on the chart. */
export const countedResources = (defs: readonly ResourceDef[]): (ResourceDef & { counted: CountedDef })[] =>
  defs
    .filter((d): d is ResourceDef & { counted: CountedDef } => Boolean(d.counted))
    .sort((a, b) => a.counted.sort - b.counted.sort);

/** The column of the field a pending condition names (its own column, else the name in snake case, as the
 * approval columns are). */
export const pendingColumn = (def: ResourceDef): string => {
  const name = def.counted!.pending.field;
  return columnOf(
    def.fields.find((f) => f.name === name) ?? { name, kind: 'int', label: { zh: '', en: '' } },
  );
};

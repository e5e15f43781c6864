import type { BladeFlow, DictItem } from '@tongxin/api-client';

/** The generic pages' segment, for processes without pages of their own. */
export const GENERIC_SEGMENT = 'flow';
/** Stands in for an empty route value (e.g. a process with no business record). */
export const NONE = '-';

/** A process's page segment: the `flow` dictionary's remark for its category (1 → leave), as BladeX. */
export function segmentOf(category: string | undefined, flowDict: readonly DictItem[]): string | undefined {
  const key = (category ?? '').replace(/^flow_/, '');
  const remark = flowDict.find((item) => item.dictKey === key)?.remark?.trim();
  return remark && /^[a-z][a-z0-9-]*$/i.test(remark) ? remark : undefined;
}

const seg = (v: string | undefined) => encodeURIComponent(v || NONE);

export const formPath = (segment: string, processDefinitionId: string) =>
  `/work/process/${segment}/form/${seg(processDefinitionId)}`;

export const handlePath = (
  row: Pick<BladeFlow, 'taskId' | 'processInstanceId' | 'businessId' | 'category'>,
  flowDict: readonly DictItem[],
) =>
  `/work/process/${segmentOf(row.category, flowDict) ?? GENERIC_SEGMENT}/handle/${seg(row.taskId)}/${seg(row.processInstanceId)}/${seg(row.businessId)}`;

export const detailPath = (
  row: Pick<BladeFlow, 'processInstanceId' | 'businessId' | 'category'>,
  flowDict: readonly DictItem[],
) =>
  `/work/process/${segmentOf(row.category, flowDict) ?? GENERIC_SEGMENT}/detail/${seg(row.processInstanceId)}/${seg(row.businessId)}`;

export const paramOf = (v: string | undefined): string | undefined => (v && v !== NONE ? v : undefined);

import { useMemo } from 'react';
import type { DictItem } from '@tongxin/api-client';
import { useDicts } from '@tongxin/shared-ui';

const FLOW_DICT = [{ code: 'flow' }];

/** The `flow` dictionary (process categories and their page segments), from the page-wide cache. */
export function useFlowDict(): DictItem[] {
  const items = useDicts(FLOW_DICT);
  return useMemo(() => items['sys:flow'] ?? [], [items]);
}

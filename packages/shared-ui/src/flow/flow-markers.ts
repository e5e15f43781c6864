import type { FlowHistoryItem } from '@tongxin/api-client';

/** Marker classes of the flow chart (docs/front-end.md#pickers-and-widgets): unfinished node primary,
 * finished node success, sequence flow warn; a node that was never reached (a candidate) gets none. */
export type FlowMarker = 'primary' | 'success' | 'warn';

/** Element id → marker, from an instance's history. A node visited several times (a reject loop) is
 * unfinished while any of its visits is open. */
export function flowMarkers(flow: readonly FlowHistoryItem[] | undefined): Map<string, FlowMarker> {
  const markers = new Map<string, FlowMarker>();
  for (const item of flow ?? []) {
    const id = item.historyActivityId;
    if (!id) continue;
    if (item.historyActivityType === 'sequenceFlow') {
      markers.set(id, 'warn');
      continue;
    }
    if (!item.endTime) markers.set(id, 'primary');
    else if (markers.get(id) !== 'primary') markers.set(id, 'success');
  }
  return markers;
}

const TIMELINE_TYPES = new Set(['startEvent', 'userTask', 'endEvent']);

/** The steps a person reads (start, user tasks, end), in order; gateways and flows are for the chart. */
export const timelineSteps = (flow: readonly FlowHistoryItem[] | undefined): FlowHistoryItem[] =>
  (flow ?? []).filter((item) => TIMELINE_TYPES.has(item.historyActivityType));

import { describe, expect, it } from 'vitest';
import type { FlowHistoryItem } from '@tongxin/api-client';
import { flowMarkers, timelineSteps } from '../src/flow/flow-markers';
import { matchPattern } from '../src/session/match-route';

const step = (id: string, type: string, endTime: string | null): FlowHistoryItem => ({
  historyActivityId: id,
  historyActivityName: id,
  historyActivityType: type,
  historyActivityDurationTime: '',
  createTime: '2026-01-01 00:00:00',
  endTime,
  assignee: '',
  assigneeName: '',
  comment: '',
  isPass: null,
  taskId: '',
});

describe('flow chart markers', () => {
  it('marks finished nodes success, unfinished primary, taken flows warn, and leaves candidates bare', () => {
    const markers = flowMarkers([
      step('start', 'startEvent', 't1'),
      step('f1', 'sequenceFlow', 't1'),
      step('hr', 'userTask', 't2'),
      step('f2', 'sequenceFlow', 't2'),
      step('gw', 'exclusiveGateway', 't2'),
      step('boss', 'userTask', null),
    ]);
    expect(Object.fromEntries(markers)).toEqual({
      start: 'success',
      f1: 'warn',
      hr: 'success',
      f2: 'warn',
      gw: 'success',
      boss: 'primary',
    });
    expect(markers.has('manager')).toBe(false);
    expect(flowMarkers(undefined).size).toBe(0);
  });

  it('keeps a node visited again in a reject loop unfinished while its newest visit is open', () => {
    const markers = flowMarkers([
      step('hr', 'userTask', 't1'),
      step('modify', 'userTask', 't2'),
      step('hr', 'userTask', null),
    ]);
    expect(markers.get('hr')).toBe('primary');
    expect(markers.get('modify')).toBe('success');
    const again = flowMarkers([step('hr', 'userTask', null), step('hr', 'userTask', 't3')]);
    expect(again.get('hr')).toBe('primary');
  });

  it('keeps start, user tasks and end for the timeline', () => {
    const steps = timelineSteps([
      step('start', 'startEvent', 't1'),
      step('f1', 'sequenceFlow', 't1'),
      step('gw', 'parallelGateway', 't1'),
      step('hr', 'userTask', null),
      step('end', 'endEvent', 't9'),
    ]);
    expect(steps.map((s) => s.historyActivityId)).toEqual(['start', 'hr', 'end']);
  });
});

describe('remote route patterns', () => {
  it('matches `:name` segments, decodes them, and refuses other shapes', () => {
    expect(matchPattern('/a/:id/b', '/a/42/b')).toEqual({ id: '42' });
    expect(matchPattern('/a/:id', '/a/%E8%AF%B7')).toEqual({ id: '请' });
    expect(matchPattern('/a/:id', '/a/%E0%A4%A')).toBeUndefined();
    expect(matchPattern('/a/:id', '/a/')).toBeUndefined();
    expect(matchPattern('/a/:id', '/a/1/2')).toBeUndefined();
    expect(matchPattern('/a/:id/b', '/a/1/c')).toBeUndefined();
  });
});

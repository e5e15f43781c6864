// The flows catalogue is derived from the definitions' `process` plus the stop-gap list of processes
// whose resource is not defined yet; the list only holds what no definition declares.
import { defineResource, partyArchiveResource, processesOf, resources } from '@tongxin/resources';
import { describe, expect, it } from 'vitest';
import { processCatalogue } from '../src/engine/approval/catalogue.js';
import { FLOW_CATALOGUE, FLOWS_AWAITING_DEFINITIONS } from '../src/seed/flows.js';

const label = { zh: '测试', en: 'Test' };
const withProcess = (name: string, category: string) =>
  defineResource({
    name,
    label,
    path: `/api/test/${name}`,
    table: `test_${name}`,
    permission: name,
    tenant: true,
    audit: true,
    softDelete: true,
    process: { key: 'K', name: '流程', category, taskName: '审核', groups: 'admin', perm: `${name}_audit` },
    fields: [],
  });

describe('the flows catalogue', () => {
  it('holds every definition process and every awaiting one, once each, in flow category order', () => {
    const keys = FLOW_CATALOGUE.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(FLOW_CATALOGUE).toContainEqual(partyArchiveResource.process);
    for (const p of resources.flatMap(processesOf)) expect(keys).toContain(p.key);
    for (const p of FLOWS_AWAITING_DEFINITIONS) expect(keys).toContain(p.key);
    const order = FLOW_CATALOGUE.map((p) => Number(p.category.replace('flow_', '')));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('keeps in the stop-gap list only processes no definition declares (move, do not copy)', () => {
    const declared = new Set(resources.flatMap(processesOf).map((p) => p.key));
    expect(FLOWS_AWAITING_DEFINITIONS.filter((p) => declared.has(p.key)).map((p) => p.key)).toEqual([]);
  });

  it('holds the processes a record enters later (laterProcesses) after its own, in category order', () => {
    const later = {
      key: 'L',
      name: '后续流程',
      category: 'flow_1',
      taskName: '确认',
      groups: 'admin',
      perm: 'a_later',
    };
    const def = { ...withProcess('a', 'flow_2'), laterProcesses: [later] };
    expect(processesOf(def).map((p) => p.key)).toEqual(['K', 'L']);
    expect(processCatalogue([def]).map((p) => p.key)).toEqual(['L', 'K']);
  });

  it('fails at startup on one key declared twice, differently', () => {
    expect(() => processCatalogue([withProcess('a', 'flow_1'), withProcess('b', 'flow_1')])).toThrow(
      'process K is declared twice, differently',
    );
  });
});

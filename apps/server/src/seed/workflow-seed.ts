/**
 * Seeds the shipped processes (idempotent): the leave demo and one approval process per flow of
 * docs/domain-model.md#processes (the catalogue derived from the definitions, seed/flows.ts).
 * Each is deployed once in the platform tenant 000000 without target tenants, i.e. as a shared ("common",
 * BladeX mode 1) definition: flow_process_definition.shared = 1, which the shared_read row-level-security
 * policy of 0005_workflow.sql lets every tenant read, so every tenant can start it (instances, tasks and
 * history then belong to the starting tenant). A model row per process is added too, so the designer opens
 * it. Existing keys are left alone, so a process redeployed by an administrator is never overwritten.
 */
import { PLATFORM_TENANT, type Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { formatDateTime } from '../util/datetime.js';
import { approvalXml, FLOW_CATALOGUE, LEAVE_KEY, LEAVE_XML } from './flows.js';
import { deploy } from '../flow/service.js';

export const SEEDED_PROCESSES: { key: string; name: string; category: string; xml: string }[] = [
  { key: LEAVE_KEY, name: '请假流程', category: 'flow_1', xml: LEAVE_XML },
  ...FLOW_CATALOGUE.map((f) => ({ key: f.key, name: f.name, category: f.category, xml: approvalXml(f) })),
];

/** Runs inside the seed transaction (as the database owner). Returns the number of processes deployed. */
export async function seedWorkflow(trx: Trx): Promise<number> {
  const actor = { userId: '', tenantId: PLATFORM_TENANT, roleAliases: ['administrator'] };
  const now = formatDateTime();
  let deployed = 0;
  for (const p of SEEDED_PROCESSES) {
    const model = await trx
      .selectFrom('flow_model')
      .select('id')
      .where('tenant_id', '=', PLATFORM_TENANT)
      .where('model_key', '=', p.key)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const modelId = model ? String(model.id) : nextId();
    if (!model) {
      await trx
        .insertInto('flow_model')
        .values({
          id: modelId,
          tenant_id: PLATFORM_TENANT,
          model_key: p.key,
          name: p.name,
          description: p.name,
          category: p.category,
          version: 1,
          xml: p.xml,
          create_time: now,
          update_time: now,
        })
        .execute();
    }
    const exists = await trx
      .selectFrom('flow_process_definition')
      .select('id')
      .where('tenant_id', '=', PLATFORM_TENANT)
      .where('process_key', '=', p.key)
      .executeTakeFirst();
    if (exists) continue;
    await deploy(trx, actor, {
      xml: p.xml,
      name: p.name,
      source: 'seed',
      modelId,
      resourceName: `${p.key}.bpmn20.xml`,
      category: p.category,
    });
    deployed++;
  }
  return deployed;
}

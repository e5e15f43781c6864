import { applicantFieldOf, columnOf, processesOf, type ResourceDef } from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import { badRequest, notFound } from '../../http/envelope.js';
import type { Variables } from '../../flow/expr.js';
import { type Actor, type StartResult, startProcess } from '../../flow/service.js';
import { columnsOf, pick, TABLE } from './business-table.js';

export interface StartBusinessInput {
  /** the definition whose `process` and `table` to use, or an explicit key and table */
  def?: ResourceDef;
  processKey?: string;
  /** a specific definition (else the newest of the key the tenant may start) */
  definitionId?: string;
  table?: string;
  businessId: string;
  variables?: Variables;
}

/** The column naming whom a record of `def` asks for in the process `key` (ProcessDef.applicant, else the
 * `own` field), if the definition declares one. */
function applicantColumnOf(def: ResourceDef | undefined, key: string): string | undefined {
  const process = def && processesOf(def).find((p) => p.key === key);
  const name = process && applicantFieldOf(def, process);
  const field = name ? def.fields.find((f) => f.name === name) : undefined;
  return field && columnOf(field);
}

/** Starts the approval process of a business record in the caller's transaction: the record must
 * exist in the tenant and have no running instance; it gets the instance ids and audit_status 0. */
export async function startBusinessProcess(
  trx: Trx,
  actor: Actor,
  input: StartBusinessInput,
): Promise<StartResult> {
  const processKey = input.processKey ?? input.def?.process?.key;
  const table = input.table ?? input.def?.table;
  if (!processKey || !table) throw badRequest('流程启动失败,未找到相关业务表');
  if (!TABLE.test(table)) throw badRequest('业务表名不合法');
  const cols = await columnsOf(trx, table);
  const applicantColumn = applicantColumnOf(input.def, processKey);
  let q = trx
    .selectFrom(table)
    .select(applicantColumn ? ['id', `${applicantColumn} as applicant`] : ['id'])
    .where('id', '=', input.businessId);
  if (cols.has('tenant_id')) q = q.where('tenant_id', '=', actor.tenantId);
  if (cols.has('is_deleted')) q = q.where('is_deleted', '=', 0);
  const record = (await q.forUpdate().executeTakeFirst()) as { applicant?: unknown } | undefined;
  if (!record) throw notFound('业务数据不存在');
  const applicant =
    record.applicant === null || record.applicant === undefined ? '' : String(record.applicant);
  const running = await trx
    .selectFrom('flow_process_instance')
    .select('id')
    .where('business_table', '=', table)
    .where('business_id', '=', input.businessId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (running) throw badRequest('该记录已在审批中');
  const started = await startProcess(trx, actor, {
    ...(input.definitionId ? { definitionId: input.definitionId } : { processKey }),
    businessTable: table,
    businessId: input.businessId,
    ...(applicant && applicant !== actor.userId ? { applicantId: applicant } : {}),
    variables: {
      createUser: actor.account ?? actor.userId,
      businessId: input.businessId,
      ...(input.variables ?? {}),
    },
  });
  const changes = pick(cols, {
    process_definition_id: started.processDefinitionId,
    process_instance_id: started.processInstanceId,
    audit_status: started.ended ? 1 : 0,
  });
  if (Object.keys(changes).length)
    await trx.updateTable(table).set(changes).where('id', '=', input.businessId).execute();
  return started;
}

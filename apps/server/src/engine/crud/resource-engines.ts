import { processesOf } from '@tongxin/resources';
import { type Expression, type ExpressionBuilder, type RawBuilder, sql, type SqlBool } from 'kysely';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Schema, Trx } from '../../db/database.js';
import { notFound } from '../../http/envelope.js';
import type { ResourceEngine } from './resource-engine.js';

/** The answer to a task or instance whose business record the caller may not see: the approval's own
 * answer to a missing record. */
const RECORD_NOT_FOUND = '业务数据不存在';

/**
 * The engines of the served definitions, by name and by table (AppContext.resources, filled as the
 * resources are served): how code outside a resource's own module — another domain, the approval
 * mechanism, the workflow wire — reads or changes that resource's rows through the same scope its lists
 * keep (`visibleQuery`, `visibleRow`, `requireVisible`), without importing the domain that owns it; and
 * the scope of a workflow task or instance, which is the scope of the business record behind it.
 */
export class ResourceEngines {
  private readonly byName = new Map<string, ResourceEngine>();
  private readonly byTable = new Map<string, ResourceEngine>();

  /** The first engine of a definition is its own; alias paths serving it again add nothing. */
  add(engine: ResourceEngine): void {
    if (this.byName.has(engine.def.name)) return;
    this.byName.set(engine.def.name, engine);
    if (!this.byTable.has(engine.def.table)) this.byTable.set(engine.def.table, engine);
  }

  /** The engine of a served definition; a name no domain serves is a programming error. */
  named(name: string): ResourceEngine {
    const engine = this.byName.get(name);
    if (!engine) throw new Error(`no served resource is called ${name}`);
    return engine;
  }

  /** The engine of a definition, if one is served. */
  find(name: string): ResourceEngine | undefined {
    return this.byName.get(name);
  }

  /** The engine whose definition owns `table`, if one is served. */
  ofTable(table: string): ResourceEngine | undefined {
    return this.byTable.get(table);
  }

  /** The business record of a workflow instance (`business_table`, `business_id`), through its
   * resource's scope: a 404 when the user may not see it. An instance without a record of a served
   * resource (a leave request, a process started on its own) has nothing more to keep to. */
  async requireRecordOf(trx: Trx, user: AuthUser, instance: Row, lock = false): Promise<Row | undefined> {
    const engine = this.ofTable(String(instance.business_table ?? ''));
    const id = String(instance.business_id ?? '');
    if (!engine || !id) return undefined;
    const row = await engine.visibleRow(trx, user, id, lock);
    if (!row) throw notFound(RECORD_NOT_FOUND);
    return row;
  }

  /** The task's instance, its business record in the user's scope (else 404); undefined when there is no
   * such task of the tenant (the caller answers that as it does). */
  async requireTaskRecord(trx: Trx, user: AuthUser, taskId: string): Promise<Row | undefined> {
    const instance = await trx
      .selectFrom('flow_task as t')
      .innerJoin('flow_process_instance as i', 'i.id', 't.process_instance_id')
      .select(['i.id', 'i.business_table', 'i.business_id'])
      .where('t.id', '=', taskId)
      .where('t.tenant_id', '=', user.tenantId)
      .executeTakeFirst();
    if (instance) await this.requireRecordOf(trx, user, instance);
    return instance;
  }

  /** The instance's business record in the user's scope (else 404); as requireTaskRecord. */
  async requireInstanceRecord(trx: Trx, user: AuthUser, instanceId: string): Promise<Row | undefined> {
    const instance = await trx
      .selectFrom('flow_process_instance')
      .select(['id', 'business_table', 'business_id'])
      .where('id', '=', instanceId)
      .where('tenant_id', '=', user.tenantId)
      .executeTakeFirst();
    if (instance) await this.requireRecordOf(trx, user, instance);
    return instance;
  }

  /** A condition on workflow instances (`alias`.business_table / business_id) keeping those whose
   * business record the user may see: the work lists and the monitor show what its record's list shows. */
  async visibleInstances(
    trx: Trx,
    user: AuthUser,
    alias = 'i',
  ): Promise<(eb: ExpressionBuilder<Schema, string>) => Expression<SqlBool>> {
    const table = sql.ref(`${alias}.business_table`);
    const id = sql.ref(`${alias}.business_id`);
    const terms: RawBuilder<SqlBool>[] = [];
    for (const engine of this.byTable.values()) {
      if (!processesOf(engine.def).length || !(await engine.restricted(trx, user))) continue;
      const visible = (await engine.visibleQuery(trx, user)).select(sql<string>`id::text`.as('id'));
      terms.push(sql<SqlBool>`(${table} is distinct from ${engine.def.table} or ${id} in (${visible}))`);
    }
    return () => (terms.length ? sql<SqlBool>`(${sql.join(terms, sql` and `)})` : sql<SqlBool>`true`);
  }
}

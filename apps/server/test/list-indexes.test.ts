import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../src/db/database.js';
import { TASK_COLUMNS, taskQuery } from '../src/flow/work-query.js';
import { startTestServer, type TestServer } from './harness.js';

// The first page of each big list is read in order from an index (migration 0012): the plan of the
// page's query, as the app sends it (bound values, row-level security, the app role), has no sort at
// all. Sorting is priced out (enable_sort off) and so are scans that ignore indexes, so a plan that still
// sorts means no index holds the list's order.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The plan of a query as the application would run it in tenant 000000. */
async function planOf(build: (trx: Trx) => { compile(): CompiledQuery }): Promise<PlanNode[]> {
  return s.db.tx({ tenantId: '000000' }, async (trx) => {
    await sql`select set_config('enable_sort', 'off', true), set_config('enable_incremental_sort', 'off', true),
      set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`.execute(trx);
    const compiled = build(trx).compile();
    const result = await trx.executeQuery(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    const raw = Object.values(result.rows[0] as Record<string, unknown>)[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return nodes(plan[0]!.Plan);
  });
}

/** `index`: the index the plan reads, or the indexes any one of which may serve it. */
function expectOrderedBy(plan: PlanNode[], index: string | string[]) {
  const types = plan.map((n) => n['Node Type']);
  expect(types, JSON.stringify(types)).not.toContain('Sort');
  expect(types).not.toContain('Incremental Sort');
  const used = plan.map((n) => n['Index Name']);
  expect(
    used.some((name) => name !== undefined && [index].flat().includes(name)),
    JSON.stringify(used),
  ).toBe(true);
}

const USER = '912846648554409984';

describe('list pages read in order from an index', () => {
  it('党员值班: unfiltered and by status, newest duty first', async () => {
    const duty = (trx: Trx) =>
      trx
        .selectFrom('app_party_duty')
        .selectAll()
        .where('tenant_id', '=', '000000')
        .where('is_deleted', '=', 0);
    expectOrderedBy(
      await planOf((trx) => duty(trx).orderBy('duty_date', 'desc').orderBy('id', 'desc').limit(10)),
      'app_party_duty_list_idx',
    );
    expectOrderedBy(
      await planOf((trx) =>
        duty(trx).where('duty_status', '=', 2).orderBy('duty_date', 'desc').orderBy('id', 'desc').limit(10),
      ),
      'app_party_duty_status_idx',
    );
    // Both filters (bench/): the definition's `searchedTogether` group has its own index, which reads the
    // page in order without skipping the rows that match one filter only.
    expectOrderedBy(
      await planOf((trx) =>
        duty(trx)
          .where('duty_status', '=', 2)
          .where('duty_post', '=', 1)
          .orderBy('duty_date', 'desc')
          .orderBy('id', 'desc')
          .limit(10),
      ),
      'app_party_duty_duty_post_duty_status_idx',
    );
  });

  it('用户管理 and 通知公告: newest first', async () => {
    expectOrderedBy(
      await planOf((trx) =>
        trx
          .selectFrom('blade_user')
          .selectAll()
          .where('tenant_id', '=', '000000')
          .where('is_deleted', '=', 0)
          .orderBy('create_time', 'desc')
          .orderBy('id', 'desc')
          .limit(10),
      ),
      'blade_user_list_idx',
    );
    expectOrderedBy(
      await planOf((trx) =>
        trx
          .selectFrom('blade_notice')
          .selectAll()
          .where('tenant_id', '=', '000000')
          .where('is_deleted', '=', 0)
          .orderBy('release_time', 'desc')
          .orderBy('id', 'desc')
          .limit(10),
      ),
      'blade_notice_list_idx',
    );
  });

  it('work lists: todo, claim, done, send and follow', async () => {
    const page = <Q extends { limit(n: number): { compile(): CompiledQuery } }>(q: Q) => q.limit(10);
    const tasks = (trx: Trx) => taskQuery(trx, '000000');
    expectOrderedBy(
      await planOf((trx) =>
        page(
          tasks(trx)
            .where('t.status', '=', 'active')
            .where('i.suspension_state', '=', 1)
            .where('t.assignee', '=', USER)
            .select([...TASK_COLUMNS])
            .orderBy('t.create_time', 'desc')
            .orderBy('t.id', 'desc'),
        ),
      ),
      'flow_task_todo_idx',
    );
    expectOrderedBy(
      await planOf((trx) =>
        page(
          tasks(trx)
            .where('t.status', '=', 'active')
            .where('i.suspension_state', '=', 1)
            .where('t.assignee', 'is', null)
            .select([...TASK_COLUMNS])
            .orderBy('t.create_time', 'desc')
            .orderBy('t.id', 'desc'),
        ),
      ),
      'flow_task_claim_idx',
    );
    expectOrderedBy(
      await planOf((trx) =>
        page(
          tasks(trx)
            .where('t.status', '=', 'completed')
            .where('t.assignee', '=', USER)
            .select([...TASK_COLUMNS])
            .orderBy('t.end_time', 'desc')
            .orderBy('t.id', 'desc'),
        ),
      ),
      'flow_task_done_idx',
    );
    const instances = (trx: Trx) =>
      trx
        .selectFrom('flow_process_instance as i')
        .innerJoin('flow_process_definition as d', 'd.id', 'i.process_definition_id')
        .where('i.tenant_id', '=', '000000');
    expectOrderedBy(
      await planOf((trx) =>
        page(
          instances(trx)
            .where('i.start_user_id', '=', USER)
            .select(['i.id', 'd.name'])
            .orderBy('i.start_time', 'desc')
            .orderBy('i.id', 'desc'),
        ),
      ),
      'flow_instance_starter_idx',
    );
    expectOrderedBy(
      await planOf((trx) =>
        page(
          instances(trx)
            .where('i.status', '=', 'running')
            .select(['i.id', 'd.name'])
            .orderBy('i.start_time', 'desc')
            .orderBy('i.id', 'desc'),
        ),
      ),
      'flow_instance_running_idx',
    );
  });
});

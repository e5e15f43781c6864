// Workflow bench: complete-task throughput of the executor against the very same SQL statements run
// straight on PostgreSQL with pg (no Kysely, no executor logic, no HTTP). Not part of the test command.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @tongxin/bench workflow
// Standalone, a throw-away database is created next to DATABASE_URL's and dropped at the end. The
// task-completion scenario of api-bench.ts uses the same pieces (deployBench, prepareTasks, rawComplete,
// httpComplete) on the bench database.
import { createHash, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp } from '@tongxin/server/src/app.js';
import { loadConfig } from '@tongxin/server/src/config.js';
import { Database } from '@tongxin/server/src/db/database.js';
import { nextId } from '@tongxin/server/src/db/ids.js';
import { inlineParameters } from '@tongxin/server/src/db/first-statement.js';
import { migrate } from '@tongxin/server/src/engine/schema/migrate.js';
import { seed } from '@tongxin/server/src/seed/seed.js';
import { completeTask, deploy, startProcess } from '@tongxin/server/src/flow/service.js';
import { drive, median, type Run } from './load.js';

const COUNT = Number(process.env.BENCH_TASKS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const T = '000000';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const XML = `<?xml version="1.0"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="b">
<process id="BenchOne" name="压测流程" isExecutable="true"><startEvent id="s" flowable:initiator="applyUser"/>
<userTask id="t" name="审批" flowable:assignee="\${approver}"/><exclusiveGateway id="g"/><endEvent id="ok"/><endEvent id="no"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="t"/><sequenceFlow id="f2" sourceRef="t" targetRef="g"/>
<sequenceFlow id="f3" sourceRef="g" targetRef="ok"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
<sequenceFlow id="f4" sourceRef="g" targetRef="no"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
</process></definitions>`;

/** The platform administrator as the workflow engine sees an actor. */
export interface Actor {
  userId: string;
  tenantId: string;
  roleAliases: string[];
}

/** Logs in as the platform administrator; answers the token and the actor. */
export async function platformAdmin(serverUrl: string): Promise<{ token: string; actor: Actor }> {
  const res = await fetch(
    `${serverUrl}/api/blade-auth/oauth/token?tenantId=${T}&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
    { method: 'POST', headers: { Authorization: BASIC } },
  );
  const login = (await res.json()) as { access_token?: string; user_id?: string };
  if (!login.access_token) throw new Error(`platform admin login failed: ${res.status}`);
  return {
    token: login.access_token,
    actor: { userId: String(login.user_id), tenantId: T, roleAliases: ['administrator'] },
  };
}

/** Deploys the one-task approval process; answers its definition id. */
export const deployBench = (db: Database, actor: Actor): Promise<string> =>
  db.tx(
    { tenantId: T },
    async (trx) => (await deploy(trx, actor, { xml: XML, source: 'upload' })).definitions[0]!.id,
  );

/** Starts `count` instances (not measured); answers their open task ids. */
export async function prepareTasks(db: Database, actor: Actor, definitionId: string, count = COUNT) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 100) {
    await db.tx({ tenantId: T }, async (trx) => {
      for (let j = i; j < Math.min(count, i + 100); j++)
        ids.push(
          (
            await startProcess(trx, actor, {
              definitionId,
              variables: { approver: `taskUser_${actor.userId}` },
            })
          ).taskIds[0]!,
        );
    });
  }
  return ids;
}

/** One task completion through the API. */
export async function httpComplete(serverUrl: string, token: string, taskId: string): Promise<void> {
  const res = await fetch(`${serverUrl}/api/blade-flow/work/complete-task`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ taskId, flag: 'ok' }),
  });
  if (res.status !== 200) throw new Error(`complete-task ${res.status}: ${await res.text()}`);
}

/** The statements completeTask issues for a one-task instance ending at an end event, verbatim in
 * effect: tenant setup, lock, re-read, definition, close task and history, comment, count, history of
 * the walk (flow, gateway, flow, end), instance update. */
export async function rawComplete(pool: pg.Pool, taskId: string, userId: string): Promise<void> {
  const c = await pool.connect();
  try {
    // as the server opens its transaction (db/first-statement.ts): BEGIN, the settings and the first
    // statement, its parameters written as literals, in one round trip
    const first = inlineParameters('select process_instance_id from flow_task where id = $1', [taskId]);
    const answers = (await c.query(
      `begin; set local role tongxin_app; set local app.tenant_id = '${T}'; ` +
        `set local app.all_tenants = 'off'; ${first!}`,
    )) as unknown as pg.QueryResult<{ process_instance_id: string }>[];
    const ref = answers[answers.length - 1]!;
    const instanceId = String(ref.rows[0]!.process_instance_id);
    const inst = await c.query('select * from flow_process_instance where id = $1 for update', [instanceId]);
    await c.query('select * from flow_task where id = $1', [taskId]);
    await c.query('select id, compiled from flow_process_definition where id = $1', [
      inst.rows[0]!.process_definition_id,
    ]);
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const closed = await c.query(
      "update flow_task set status = 'completed', outcome = 'pass', end_time = $2 where id = $1 and status = 'active'",
      [taskId, now],
    );
    if (closed.rowCount !== 1) throw new Error('task already done');
    await c.query(
      'update flow_history_activity set end_time = $2, assignee = $3, duration_ms = (extract(epoch from ($2::timestamp - start_time)) * 1000)::bigint where task_id = $1',
      [taskId, now, userId],
    );
    await c.query(
      "insert into flow_comment (id, tenant_id, process_instance_id, task_id, user_id, type, message, create_time) values ($1, $2, $3, $4, $5, 'pass', '同意', $6)",
      [nextId(), T, instanceId, taskId, userId, now],
    );
    await c.query(
      "select count(*) as n from flow_task where process_instance_id = $1 and status = 'active'",
      [instanceId],
    );
    const seq = await c.query(
      'select coalesce(max(seq), 0) as s from flow_history_activity where process_instance_id = $1',
      [instanceId],
    );
    const s0 = Number(seq.rows[0]!.s) + 1;
    const rows = [
      ['f2', 'sequenceFlow'],
      ['g', 'exclusiveGateway'],
      ['f3', 'sequenceFlow'],
      ['ok', 'endEvent'],
    ];
    const values: unknown[] = [];
    const tuples = rows.map(([activity, type], i) => {
      values.push(nextId(), T, instanceId, activity, type, now, s0 + i);
      const b = i * 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, null, $${b + 5}, null, null, $${b + 6}, $${b + 6}, 0, $${b + 7})`;
    });
    await c.query(
      `insert into flow_history_activity (id, tenant_id, process_instance_id, activity_id, activity_name, activity_type, task_id, assignee, start_time, end_time, duration_ms, seq) values ${tuples.join(', ')}`,
      values,
    );
    await c.query(
      "update flow_process_instance set variables = $2, joins = '{}', version = version + 1, status = 'completed', end_time = $3, end_activity_id = 'ok' where id = $1",
      [instanceId, JSON.stringify({ approver: `taskUser_${userId}`, pass: true }), now],
    );
    await c.query('commit');
  } catch (e) {
    await c.query('rollback');
    throw e;
  } finally {
    c.release();
  }
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.log(
      'bench/workflow.ts compares against PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
    return;
  }
  const name = `tongxin_wfbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await Database.open({ databaseUrl: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  try {
    const config = {
      ...loadConfig({ CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'error' } as NodeJS.ProcessEnv),
      staticRoot: '/nonexistent',
    };
    await migrate(db);
    await seed(db, config);
    const { app } = await buildApp({ config, db, logger: false });
    const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const { token, actor } = await platformAdmin(serverUrl);
    const defId = await deployBench(db, actor);
    const prepare = () => prepareTasks(db, actor, defId);
    const run = async (one: (id: string) => Promise<void>) =>
      drive({ concurrency: CONCURRENCY, items: await prepare() }, one);

    const results: Record<string, Run[]> = { http: [], engine: [], raw: [] };
    for (let round = 0; round < ROUNDS; round++) {
      results.raw!.push(await run((id) => rawComplete(pool, id, actor.userId)));
      results.engine!.push(
        await run(async (id) => {
          await db.tx({ tenantId: T }, (trx) => completeTask(trx, actor, { taskId: id, pass: true }));
        }),
      );
      results.http!.push(await run((id) => httpComplete(serverUrl, token, id)));
    }
    const m = (k: string, f: 'rps' | 'p50' | 'p99') => median(results[k]!.map((r) => r[f]));
    console.log(
      `\npostgres, ${CONCURRENCY} concurrent clients, ${COUNT} completes x ${ROUNDS} rounds (medians)\n`,
    );
    console.log('scenario                          completes/s   p50 ms   p99 ms   ratio to raw pg');
    const rows: [string, string][] = [
      ['raw pg, same statements', 'raw'],
      ['executor (completeTask in db.tx)', 'engine'],
      ['HTTP POST work/complete-task', 'http'],
    ];
    for (const [label, key] of rows) {
      console.log(
        `${label.padEnd(33)} ${m(key, 'rps').toFixed(0).padStart(11)} ${m(key, 'p50').toFixed(2).padStart(8)} ${m(key, 'p99').toFixed(2).padStart(8)} ${(m(key, 'rps') / m('raw', 'rps')).toFixed(3).padStart(17)}`,
      );
    }
    await app.close();
  } finally {
    await pool.end();
    await db.close();
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

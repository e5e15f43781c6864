import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './harness.js';
import { type TwoCommunities, twoCommunities } from './two-communities.js';

// A ticket's approval task belongs to the data scope of the ticket: a grid worker of one community
// (本部门 on complaints, a candidate of the complaint's approval step) neither opens nor decides the
// task of another community's complaint — not through the complaint's detailByTaskId and
// dealProcessFlow, not through the BladeFlow work wire (claim-task, complete-task, transfer, return),
// not its history — and their to-do lists hold only their community's tasks. Refused as the missing
// record it is to them (404 业务数据不存在), nothing written.

const PATH = '/api/app-sys-complain/syscomplain';
const WORK = '/api/blade-flow/work';
let s: TestServer;
let w: TwoCommunities;

interface Filed {
  id: string;
  instanceId: string;
  taskId: string;
}
const filed: Record<'c1' | 'c2', Filed> = {} as never;

async function file(token: string): Promise<Filed> {
  const res = await call(s.app, token, 'POST', `${PATH}/save`, {
    complainType: 1,
    title: '楼道堆物',
    content: '三号楼楼道堆满杂物',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = String(res.json().data.id);
  const task = await s.db.kysely
    .selectFrom('flow_task as t')
    .innerJoin('flow_process_instance as i', 'i.id', 't.process_instance_id')
    .select(['t.id', 'i.id as instance'])
    .where('i.business_id', '=', id)
    .where('t.status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { id, instanceId: String(task.instance), taskId: String(task.id) };
}

/** What the complaint, its tasks and its history are as stored. */
const stored = async (f: Filed) => ({
  complaint: await s.db.kysely.selectFrom('app_sys_complain').selectAll().where('id', '=', f.id).execute(),
  tasks: await s.db.kysely
    .selectFrom('flow_task')
    .selectAll()
    .where('process_instance_id', '=', f.instanceId)
    .orderBy('id')
    .execute(),
  comments: await s.db.kysely
    .selectFrom('flow_comment')
    .selectAll()
    .where('process_instance_id', '=', f.instanceId)
    .execute(),
  replies: await s.db.kysely
    .selectFrom('app_sys_complain_reply')
    .selectAll()
    .where('complain_id', '=', f.id)
    .execute(),
});

beforeAll(async () => {
  s = await startTestServer();
  w = await twoCommunities(s, ['sysComplain']);
  filed.c1 = await file(w.residents.c1.token);
  filed.c2 = await file(w.residents.c2.token);
});
afterAll(() => s.close());

const asGrid = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(s.app, w.grid.token, method, url, body);

function refused(res: { statusCode: number; body: string; json: () => { msg: string } }) {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json().msg).toBe('业务数据不存在');
}

describe("another community's complaint task", () => {
  it('is not opened through detailByTaskId, nor its history', async () => {
    const own = await asGrid('GET', `${PATH}/detailByTaskId?taskId=${filed.c1.taskId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ id: filed.c1.id, flow: { canHandle: true } });
    refused(await asGrid('GET', `${PATH}/detailByTaskId?taskId=${filed.c2.taskId}`));
    const history = '/api/blade-flow/process/history-flow-list?processInstanceId=';
    expect((await asGrid('GET', `${history}${filed.c1.instanceId}`)).statusCode).toBe(200);
    refused(await asGrid('GET', `${history}${filed.c2.instanceId}`));
  });

  it('is not in the lists the grid worker works from', async () => {
    const ids = (page: { records: { id?: string; taskId?: string }[] }) =>
      page.records.map((r) => r.taskId ?? r.id);
    const claim = (await asGrid('GET', `${WORK}/claim-list?size=100`)).json().data;
    expect(ids(claim)).toContain(filed.c1.taskId);
    expect(ids(claim)).not.toContain(filed.c2.taskId);
    const audit = (await asGrid('GET', `${PATH}/auditTasks?size=100`)).json().data;
    expect(ids(audit)).toEqual([filed.c1.taskId]);
    expect(audit.total).toBe(1);
  });

  it('is not decided through dealProcessFlow or the work wire, and nothing changes', async () => {
    const before = await stored(filed.c2);
    const { id, instanceId, taskId } = filed.c2;
    const decide = { taskId, processInstanceId: instanceId, businessId: id, comment: '越权' };
    refused(await asGrid('POST', `${PATH}/dealProcessFlow`, { ...decide, pass: true }));
    refused(await asGrid('POST', `${PATH}/dealProcessFlow`, { ...decide, pass: false }));
    refused(await asGrid('POST', `${WORK}/claim-task?taskId=${taskId}`));
    refused(await asGrid('POST', `${WORK}/complete-task`, { ...decide, pass: true }));
    refused(await asGrid('POST', `${WORK}/transfer-task`, { taskId, userId: w.grid.userId }));
    refused(await asGrid('GET', `${WORK}/return-targets?taskId=${taskId}`));
    refused(await asGrid('POST', `${WORK}/return-task`, { taskId, activityId: 'start', comment: '退回' }));
    expect(await stored(filed.c2)).toEqual(before);
  });

  it("is still decided by the grid worker of its community's own", async () => {
    const { id, instanceId, taskId } = filed.c1;
    const dealt = await asGrid('POST', `${PATH}/dealProcessFlow`, {
      taskId,
      processInstanceId: instanceId,
      businessId: id,
      pass: true,
      comment: '已清理完毕',
    });
    expect(dealt.statusCode, dealt.body).toBe(200);
    expect(dealt.json().data).toMatchObject({ processIsFinished: 'finished', auditStatus: 1 });
  });
});

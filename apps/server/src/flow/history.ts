import type { Row, Trx } from '../db/database.js';
import { durationText, taskUser, userNames } from './wire.js';

const TIMELINE_TYPES = new Set(['startEvent', 'userTask', 'endEvent']);
const DECISIONS = new Set(['pass', 'reject', 'resubmit', 'withdraw']);

/**
 * The history of an instance as BladeFlow items (history-flow-list, and the `flow` of model-view).
 * `all` keeps gateways and taken sequence flows too (decision D3, for colouring the diagram); the
 * timeline keeps start, user tasks and end as BladeX does. Each item: historyActivityId/Name/Type,
 * createTime, endTime (null while active), historyActivityDurationTime, assignee(Name), comment (the
 * task's comments), taskId.
 */
export async function historyFlow(
  trx: Trx,
  instance: Row,
  opts: { all?: boolean; startActivityId?: string; endActivityId?: string } = {},
): Promise<Record<string, unknown>[]> {
  const instanceId = String(instance.id);
  const rows = (await trx
    .selectFrom('flow_history_activity')
    .selectAll()
    .where('process_instance_id', '=', instanceId)
    .orderBy('seq')
    .execute()) as Row[];
  const comments = (await trx
    .selectFrom('flow_comment')
    .select(['task_id', 'message', 'type', 'user_id'])
    .where('process_instance_id', '=', instanceId)
    .where('task_id', 'is not', null)
    .orderBy('create_time')
    .orderBy('id')
    .execute()) as Row[];
  const byTask = new Map<string, Row[]>();
  for (const c of comments) byTask.set(String(c.task_id), [...(byTask.get(String(c.task_id)) ?? []), c]);
  const names = await userNames(trx, [...rows.map((r) => r.assignee), instance.start_user_id]);

  let items = rows.filter((r) => opts.all || TIMELINE_TYPES.has(String(r.activity_type)));
  if (opts.startActivityId) {
    const i = items.findIndex((r) => r.activity_id === opts.startActivityId);
    if (i >= 0) items = items.slice(i);
  }
  if (opts.endActivityId) {
    const i = items.findIndex((r) => r.activity_id === opts.endActivityId);
    if (i >= 0) items = items.slice(0, i + 1);
  }
  return items.map((r) => {
    const isStart = r.activity_type === 'startEvent';
    const who = isStart ? instance.start_user_id : r.assignee;
    const notes = r.task_id ? (byTask.get(String(r.task_id)) ?? []) : [];
    // the decision (pass, reject, resubmit, withdraw) says whether the step passed; transfers and
    // returns are told in the comment beside it
    const decision = notes.find((c) => DECISIONS.has(String(c.type))) ?? notes[0];
    return {
      historyActivityId: r.activity_id,
      historyActivityName: r.activity_name ?? '',
      historyActivityType: r.activity_type,
      historyActivityDurationTime: durationText(r.duration_ms),
      createTime: r.start_time,
      endTime: r.end_time ?? null,
      assignee: taskUser(who),
      assigneeName: who ? (names.get(String(who)) ?? '') : '',
      comment: notes
        .map((c) => String(c.message ?? ''))
        .filter(Boolean)
        .join('；'),
      isPass: decision ? decision.type === 'pass' || decision.type === 'resubmit' : null,
      taskId: r.task_id ? String(r.task_id) : '',
      processInstanceId: instanceId,
    };
  });
}

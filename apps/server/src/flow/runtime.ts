/**
 * The token walk of the executor, free of I/O: from the start event, or from a completed user task,
 * move tokens through gateways and flows until every token waits at a user task, waits at a parallel
 * join, or has reached an end event. The caller (service.ts) applies the result to the rows in the
 * same transaction as the business change.
 */
import type { FlowNode, NodeType, RunnableProcess } from './compile.js';
import { ExpressionError, evaluate, evaluateCondition, type Variables } from './expr.js';

export class FlowError extends Error {}

/** Engine user ids are platform user ids; BladeX writes them as `taskUser_<id>`. */
export const TASK_USER_PREFIX = 'taskUser_';
export const stripTaskUser = (v: string) =>
  v.startsWith(TASK_USER_PREFIX) ? v.slice(TASK_USER_PREFIX.length) : v;

export interface TaskSpec {
  nodeId: string;
  name: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  formKey: string | null;
}

export interface HistoryEntry {
  activityId: string;
  name: string;
  type: NodeType | 'sequenceFlow';
  /** a user task stays open until completed */
  open: boolean;
}

export interface StepResult {
  tasks: TaskSpec[];
  history: HistoryEntry[];
  joins: Record<string, number>;
  /** set when the instance is over after this step */
  ended?: { endActivityId: string; terminated: boolean };
}

const MAX_STEPS = 1000;

function label(n: FlowNode) {
  return n.name || n.id;
}

function evalCond(proc: RunnableProcess, flowId: string, vars: Variables): boolean {
  const c = proc.conditions[flowId];
  if (!c) return true;
  try {
    return evaluateCondition(c, vars);
  } catch (e) {
    if (e instanceof ExpressionError) {
      const f = proc.flows[flowId]!;
      throw new FlowError(`连线 ${f.name || f.id} 的条件无法计算: ${e.message}`);
    }
    throw e;
  }
}

function splitList(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  const items = Array.isArray(v) ? v : String(v).split(',');
  return items.map((s) => stripTaskUser(String(s).trim())).filter(Boolean);
}

export function resolveTask(proc: RunnableProcess, node: FlowNode, vars: Variables): TaskSpec {
  const read = (k: 'assignee' | 'candidateUsers' | 'candidateGroups') => {
    const c = proc.expressions[`${node.id}.${k}`];
    if (!c) return undefined;
    try {
      return evaluate(c, vars);
    } catch (e) {
      if (e instanceof ExpressionError) throw new FlowError(`无法确定 ${label(node)} 的办理人: ${e.message}`);
      throw e;
    }
  };
  const assignee = splitList(read('assignee'))[0] ?? null;
  const candidateUsers = splitList(read('candidateUsers'));
  const candidateGroups = splitList(read('candidateGroups'));
  if (!assignee && !candidateUsers.length && !candidateGroups.length)
    throw new FlowError(`无法确定 ${label(node)} 的办理人`);
  return {
    nodeId: node.id,
    name: node.name || node.id,
    assignee,
    candidateUsers,
    candidateGroups,
    formKey: node.formKey ?? null,
  };
}

/** Runs tokens from `from` (node ids to arrive at, or a node to leave) until they all wait. */
function walk(
  proc: RunnableProcess,
  vars: Variables,
  joinsIn: Record<string, number>,
  otherActiveTasks: number,
  begin: { arrive: string } | { leave: string },
): StepResult {
  const res: StepResult = { tasks: [], history: [], joins: { ...joinsIn } };
  const queue: string[] = [];
  let steps = 0;
  let lastEnd: string | undefined;

  const take = (flowId: string) => {
    const f = proc.flows[flowId]!;
    res.history.push({ activityId: f.id, name: f.name, type: 'sequenceFlow', open: false });
    queue.push(f.target);
  };

  /** Leaving a start event or a user task: every unconditional or true flow; else the default. */
  const leave = (node: FlowNode) => {
    const out = node.outgoing;
    const taken = out.filter((fid) => fid !== node.default && evalCond(proc, fid, vars));
    if (!taken.length && node.default) taken.push(node.default);
    if (!taken.length) throw new FlowError(`流程无法继续: ${label(node)} 没有满足条件的出口`);
    taken.forEach(take);
  };

  const arrive = (id: string) => {
    const node = proc.nodes[id]!;
    switch (node.type) {
      case 'startEvent':
        res.history.push({ activityId: id, name: node.name, type: node.type, open: false });
        leave(node);
        return;
      case 'userTask':
        res.tasks.push(resolveTask(proc, node, vars));
        res.history.push({ activityId: id, name: node.name, type: node.type, open: true });
        return;
      case 'exclusiveGateway': {
        res.history.push({ activityId: id, name: node.name, type: node.type, open: false });
        const chosen =
          node.outgoing.find((fid) => fid !== node.default && evalCond(proc, fid, vars)) ?? node.default;
        if (!chosen) throw new FlowError(`流程无法继续: 排他网关 ${label(node)} 没有满足条件的分支`);
        take(chosen);
        return;
      }
      case 'parallelGateway': {
        if (node.incoming.length > 1) {
          const arrived = (res.joins[id] ?? 0) + 1;
          if (arrived < node.incoming.length) {
            res.joins[id] = arrived;
            return;
          }
          delete res.joins[id];
        }
        res.history.push({ activityId: id, name: node.name, type: node.type, open: false });
        node.outgoing.forEach(take);
        return;
      }
      case 'endEvent':
        res.history.push({ activityId: id, name: node.name, type: node.type, open: false });
        lastEnd = id;
        if (node.terminate) {
          queue.length = 0;
          res.tasks = [];
          res.joins = {};
          res.ended = { endActivityId: id, terminated: true };
        }
        return;
    }
  };

  if ('arrive' in begin) queue.push(begin.arrive);
  else leave(proc.nodes[begin.leave]!);
  while (queue.length) {
    if (++steps > MAX_STEPS) throw new FlowError('流程流转次数过多,请检查流程是否存在死循环');
    arrive(queue.shift()!);
    if (res.ended?.terminated) return res;
  }
  if (otherActiveTasks + res.tasks.length === 0) {
    const waiting = Object.keys(res.joins).find((k) => (res.joins[k] ?? 0) > 0);
    if (waiting)
      throw new FlowError(`流程无法继续: 并行网关 ${label(proc.nodes[waiting]!)} 等待的分支不会到达`);
    res.ended = { endActivityId: lastEnd ?? '', terminated: false };
  }
  return res;
}

export function startProcessSteps(proc: RunnableProcess, vars: Variables): StepResult {
  return walk(proc, vars, {}, 0, { arrive: proc.start });
}

export function completeTaskSteps(
  proc: RunnableProcess,
  vars: Variables,
  joins: Record<string, number>,
  taskNodeId: string,
  otherActiveTasks: number,
): StepResult {
  const node = proc.nodes[taskNodeId];
  if (!node || node.type !== 'userTask') throw new FlowError(`流程定义中不存在任务 ${taskNodeId}`);
  return walk(proc, vars, joins, otherActiveTasks, { leave: taskNodeId });
}

/** Returning to an earlier user task: one task opens at `nodeId` (assignee and candidates resolved
 * again from the variables), nothing else moves. */
export function returnSteps(proc: RunnableProcess, vars: Variables, nodeId: string): StepResult {
  const node = proc.nodes[nodeId];
  if (!node || node.type !== 'userTask') throw new FlowError(`流程定义中不存在任务 ${nodeId}`);
  return {
    tasks: [resolveTask(proc, node, vars)],
    history: [{ activityId: node.id, name: node.name, type: 'userTask', open: true }],
    joins: {},
  };
}

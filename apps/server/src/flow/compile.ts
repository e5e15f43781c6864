/**
 * Deploy-time parsing and validation of BPMN 2.0 XML into the executor's model.
 *
 * Supported (everything else is refused, naming the element):
 *   startEvent (none; `flowable:initiator`), endEvent (none or terminate), userTask (assignee,
 *   candidateUsers, candidateGroups: literals or `${expr}`), exclusiveGateway (conditions + default
 *   flow), parallelGateway (fork and join), sequenceFlow (optional conditionExpression), plus the
 *   purely visual parts (lanes, text annotations, associations, groups, diagram interchange).
 * Attributes are read from the flowable namespace, and also from activiti/camunda for imported XML.
 * Incoming/outgoing lists are derived from the sequence flows (Flowable XML has no <incoming>).
 */
import { BpmnModdle } from 'bpmn-moddle';
import { FLOWABLE_MODDLE } from '@tongxin/resources';
import { compileExpression, type Compiled, ExpressionError } from './expr.js';

export type NodeType = 'startEvent' | 'endEvent' | 'userTask' | 'exclusiveGateway' | 'parallelGateway';

export interface FlowNode {
  id: string;
  name: string;
  type: NodeType;
  incoming: string[];
  outgoing: string[];
  /** exclusive gateways and tasks: the default flow id */
  default?: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  formKey?: string;
  /** start event: the variable that receives the start user */
  initiator?: string;
  terminate?: boolean;
}

export interface SequenceFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  condition?: string;
}

/** What is stored (as JSON) on the definition row. */
export interface ProcessModel {
  id: string;
  name: string;
  documentation: string;
  start: string;
  nodes: Record<string, FlowNode>;
  flows: Record<string, SequenceFlow>;
}

/** The model with every expression parsed, ready to run (cached per definition). */
export interface RunnableProcess extends ProcessModel {
  conditions: Record<string, Compiled>;
  expressions: Record<string, Compiled>;
}

export class DeployError extends Error {}

/** Chinese names of BPMN element types, for the refusal message. */
const ZH: Record<string, string> = {
  ServiceTask: '服务任务',
  ScriptTask: '脚本任务',
  Task: '任务',
  SendTask: '发送任务',
  ReceiveTask: '接收任务',
  ManualTask: '人工任务',
  BusinessRuleTask: '业务规则任务',
  CallActivity: '调用活动',
  SubProcess: '子流程',
  Transaction: '事务子流程',
  AdHocSubProcess: '自由子流程',
  InclusiveGateway: '包容网关',
  EventBasedGateway: '事件网关',
  ComplexGateway: '复杂网关',
  IntermediateCatchEvent: '中间捕获事件',
  IntermediateThrowEvent: '中间抛出事件',
  BoundaryEvent: '边界事件',
  DataObject: '数据对象',
  DataObjectReference: '数据对象引用',
  DataStoreReference: '数据存储',
  Collaboration: '协作(泳池)',
  Message: '消息',
  Signal: '信号',
  Error: '错误',
  Escalation: '升级',
  TimerEventDefinition: '定时事件',
  MessageEventDefinition: '消息事件',
  SignalEventDefinition: '信号事件',
  ErrorEventDefinition: '错误事件',
  EscalationEventDefinition: '升级事件',
  CompensateEventDefinition: '补偿事件',
  ConditionalEventDefinition: '条件事件',
  LinkEventDefinition: '链接事件',
  CancelEventDefinition: '取消事件',
  MultiInstanceLoopCharacteristics: '多实例(会签)',
  StandardLoopCharacteristics: '循环',
};
const TYPE_ZH: Record<NodeType, string> = {
  startEvent: '开始事件',
  endEvent: '结束事件',
  userTask: '用户任务',
  exclusiveGateway: '排他网关',
  parallelGateway: '并行网关',
};

const unsupported = (type: string, id: string | undefined) => {
  const local = type.replace(/^bpmn:/, '');
  return new DeployError(`不支持的流程元素: ${ZH[local] ?? local} ${id ?? ''}`.trim());
};

const moddle = new BpmnModdle({ flowable: FLOWABLE_MODDLE });
const PREFIXES = ['flowable', 'activiti', 'camunda'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type El = any;

function attr(el: El, name: string): string | undefined {
  const direct = el.get?.(`flowable:${name}`);
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  for (const p of PREFIXES) {
    const v = el.$attrs?.[`${p}:${name}`];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** Parses and validates BPMN XML; one model per executable process. Throws DeployError. */
export async function parseBpmn(xml: string): Promise<ProcessModel[]> {
  if (typeof xml !== 'string' || !xml.trim()) throw new DeployError('流程文件内容为空');
  let result: Awaited<ReturnType<typeof moddle.fromXML>>;
  try {
    result = await moddle.fromXML(xml);
  } catch (e) {
    throw new DeployError(`流程文件解析失败: ${firstLine(e)}`);
  }
  const unparsable = result.warnings.find((w: El) => /unparsable content|unknown type/.test(w.message));
  if (unparsable) throw new DeployError(`流程文件解析失败: ${firstLine(unparsable)}`);
  const defs: El = result.rootElement;
  if (!defs || defs.$type !== 'bpmn:Definitions')
    throw new DeployError('流程文件解析失败: 根元素不是 definitions');
  const processes: ProcessModel[] = [];
  for (const root of defs.rootElements ?? []) {
    if (root.$type !== 'bpmn:Process') throw unsupported(root.$type, root.id);
    if (root.isExecutable === false) continue;
    processes.push(buildProcess(root));
  }
  if (!processes.length) throw new DeployError('部署失败,未找到流程');
  return processes;
}

function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String((e as { message?: unknown })?.message ?? e);
  return msg
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .join('; ');
}

function buildProcess(p: El): ProcessModel {
  // BladeX prefixes a process id starting with a digit with "a".
  const id = /^[0-9]/.test(String(p.id ?? '')) ? `a${p.id}` : String(p.id ?? '');
  if (!KEY.test(id)) throw new DeployError(`流程标识 ${id || '(空)'} 格式不正确`);
  const nodes: Record<string, FlowNode> = {};
  const flows: Record<string, SequenceFlow> = {};
  const elements: El[] = p.flowElements ?? [];
  const pendingDefaults: [FlowNode, string][] = [];

  for (const el of elements) {
    const type = String(el.$type);
    const elId = String(el.id ?? '');
    const name = typeof el.name === 'string' ? el.name : '';
    if (type === 'bpmn:SequenceFlow') continue;
    if (!elId) throw new DeployError(`流程元素缺少 id: ${type.replace('bpmn:', '')}`);
    if (el.loopCharacteristics) throw unsupported(el.loopCharacteristics.$type, elId);
    const base = { id: elId, name, incoming: [] as string[], outgoing: [] as string[] };
    let node: FlowNode;
    switch (type) {
      case 'bpmn:StartEvent': {
        if (el.eventDefinitions?.length) throw unsupported(el.eventDefinitions[0].$type, elId);
        const initiator = attr(el, 'initiator');
        node = { ...base, type: 'startEvent', ...(initiator ? { initiator } : {}) };
        break;
      }
      case 'bpmn:EndEvent': {
        const defsOf: El[] = el.eventDefinitions ?? [];
        const other = defsOf.find((d) => d.$type !== 'bpmn:TerminateEventDefinition');
        if (other) throw unsupported(other.$type, elId);
        node = { ...base, type: 'endEvent', ...(defsOf.length ? { terminate: true } : {}) };
        break;
      }
      case 'bpmn:UserTask': {
        node = { ...base, type: 'userTask' };
        for (const k of ['assignee', 'candidateUsers', 'candidateGroups', 'formKey'] as const) {
          const v = attr(el, k);
          if (v) node[k] = v;
        }
        if (!node.assignee && !node.candidateUsers && !node.candidateGroups)
          throw new DeployError(`用户任务 ${name || elId} 未设置办理人或候选人`);
        if (el.default?.id) pendingDefaults.push([node, String(el.default.id)]);
        break;
      }
      case 'bpmn:ExclusiveGateway':
        node = { ...base, type: 'exclusiveGateway' };
        if (el.default?.id) pendingDefaults.push([node, String(el.default.id)]);
        break;
      case 'bpmn:ParallelGateway':
        node = { ...base, type: 'parallelGateway' };
        break;
      default:
        throw unsupported(type, elId);
    }
    if (nodes[elId]) throw new DeployError(`流程元素 id 重复: ${elId}`);
    nodes[elId] = node;
  }

  for (const el of elements) {
    if (el.$type !== 'bpmn:SequenceFlow') continue;
    const fid = String(el.id ?? '');
    const source = String(el.sourceRef?.id ?? '');
    const target = String(el.targetRef?.id ?? '');
    if (!nodes[source] || !nodes[target]) throw new DeployError(`连线 ${fid} 的起点或终点不存在`);
    const flow: SequenceFlow = { id: fid, name: typeof el.name === 'string' ? el.name : '', source, target };
    const cond = el.conditionExpression;
    if (cond) {
      const body = typeof cond.body === 'string' ? cond.body.trim() : '';
      if (cond.language && !/juel|^$/i.test(String(cond.language)))
        throw new DeployError(`连线 ${fid} 的条件语言不受支持: ${cond.language}`);
      if (body) flow.condition = body;
    }
    if (flows[fid] || nodes[fid]) throw new DeployError(`流程元素 id 重复: ${fid}`);
    flows[fid] = flow;
    nodes[source]!.outgoing.push(fid);
    nodes[target]!.incoming.push(fid);
  }

  for (const [node, flowId] of pendingDefaults) {
    if (!node.outgoing.includes(flowId))
      throw new DeployError(`${node.name || node.id} 的默认连线 ${flowId} 不是它的出口`);
    node.default = flowId;
  }

  const starts = Object.values(nodes).filter((n) => n.type === 'startEvent');
  if (starts.length !== 1) throw new DeployError(`流程 ${id} 必须有且只有一个开始事件`);
  if (!Object.values(nodes).some((n) => n.type === 'endEvent'))
    throw new DeployError(`流程 ${id} 缺少结束事件`);
  for (const n of Object.values(nodes)) {
    const label = `${TYPE_ZH[n.type]} ${n.name || n.id}`;
    if (n.type !== 'endEvent' && !n.outgoing.length) throw new DeployError(`${label} 没有出口连线`);
    if (n.type !== 'startEvent' && !n.incoming.length) throw new DeployError(`${label} 没有进入的连线`);
    if (n.type === 'endEvent' && n.outgoing.length) throw new DeployError(`${label} 不能有出口连线`);
  }
  const model: ProcessModel = {
    id,
    name: typeof p.name === 'string' && p.name ? p.name : id,
    documentation: (p.documentation ?? []).map((d: El) => d.text ?? '').join('\n'),
    start: starts[0]!.id,
    nodes,
    flows,
  };
  toRunnable(model); // every expression must parse now, not at run time
  return model;
}

/** Parses every expression of a model. Throws DeployError naming the element. */
export function toRunnable(model: ProcessModel): RunnableProcess {
  const conditions: Record<string, Compiled> = {};
  const expressions: Record<string, Compiled> = {};
  for (const f of Object.values(model.flows)) {
    if (!f.condition) continue;
    try {
      conditions[f.id] = compileExpression(f.condition);
    } catch (e) {
      throw new DeployError(`连线 ${f.name || f.id} 的条件表达式有误: ${(e as Error).message}`);
    }
    if (!conditions[f.id]!.parts.some((p) => typeof p !== 'string'))
      throw new DeployError(`连线 ${f.name || f.id} 的条件必须写成 \${...} 表达式`);
  }
  for (const n of Object.values(model.nodes)) {
    for (const k of ['assignee', 'candidateUsers', 'candidateGroups'] as const) {
      const v = n[k];
      if (!v) continue;
      try {
        expressions[`${n.id}.${k}`] = compileExpression(v);
      } catch (e) {
        if (e instanceof ExpressionError)
          throw new DeployError(`用户任务 ${n.name || n.id} 的${k}表达式有误: ${e.message}`);
        throw e;
      }
    }
  }
  return { ...model, conditions, expressions };
}

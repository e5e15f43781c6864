/**
 * The processes the product ships (docs/domain-model.md#processes): the BladeX leave demo and one approval
 * process per business flow. A resource definition joins a flow by declaring its `process` (a ProcessDef:
 * key, name, category of dict `flow`, task name and candidate groups, the button code guarding its
 * detailByTaskId / dealProcessFlow calls, its audit screen and any extra deal paths). The catalogue is
 * derived from the definitions (engine/approval/catalogue.ts) plus FLOWS_AWAITING_DEFINITIONS; the seed
 * deploys it.
 */
import { type ProcessDef, resources } from '@tongxin/resources';
import { processCatalogue } from '../engine/approval/catalogue.js';

export const LEAVE_KEY = 'Leave';
export const LEAVE_TABLE = 'blade_process_leave';

/**
 * Stop-gap: the processes whose resource is not defined yet. A domain defining such a resource MOVES
 * the entry (same key, perm, category, groups and taskName) into its definition's `process` and
 * deletes it here; the list only shrinks.
 */
export const FLOWS_AWAITING_DEFINITIONS: ProcessDef[] = [];

/** Every approval process of the product's definitions and the stop-gap list, in `flow` category order. */
export const FLOW_CATALOGUE: ProcessDef[] = processCatalogue(resources, FLOWS_AWAITING_DEFINITIONS);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  targetNamespace="http://www.flowable.org/processdef">`;

interface Shape {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
function diagram(processId: string, shapes: Shape[], edges: [string, [number, number][]][]): string {
  const s = shapes
    .map(
      (b) =>
        `<bpmndi:BPMNShape id="${b.id}_di" bpmnElement="${b.id}"><dc:Bounds x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}"/></bpmndi:BPMNShape>`,
    )
    .join('\n      ');
  const e = edges
    .map(
      ([id, pts]) =>
        `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`,
    )
    .join('\n      ');
  return `<bpmndi:BPMNDiagram id="BPMNDiagram_${processId}"><bpmndi:BPMNPlane id="BPMNPlane_${processId}" bpmnElement="${processId}">
      ${s}
      ${e}
    </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`;
}
const cond = (expr: string) =>
  `<conditionExpression xsi:type="tFormalExpression"><![CDATA[${expr}]]></conditionExpression>`;

/**
 * The BladeX leave process (docs/domain-model.md#请假-leave) unchanged in behaviour: 人事审批 (${taskUser}) with
 * conditional flows on the task, a gateway on ${days > 3} to 老板审批 (group boss) or 经理审批 (group
 * manager; the BladeX id managerTak is kept), and 调整申请 (${applyUser}) looping back or closing.
 * Unlike BladeX it ends in two end events (通过结束 / 关闭结束), so the history tells a
 * passed request from a closed one.
 */
export const LEAVE_XML = `${HEAD}
  <process id="Leave" name="请假流程" isExecutable="true">
    <documentation>请假流程</documentation>
    <startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <userTask id="hrTask" name="人事审批" flowable:assignee="\${taskUser}"/>
    <exclusiveGateway id="judgeTask" name="请假天数"/>
    <userTask id="bossTask" name="老板审批" flowable:candidateGroups="boss"/>
    <userTask id="managerTak" name="经理审批" flowable:candidateGroups="manager"/>
    <userTask id="modifyApply" name="调整申请" flowable:assignee="\${applyUser}"/>
    <endEvent id="endPass" name="通过结束"/>
    <endEvent id="endClose" name="关闭结束"/>
    <sequenceFlow id="flowStart" sourceRef="start" targetRef="hrTask"/>
    <sequenceFlow id="flowHrPass" name="同意" sourceRef="hrTask" targetRef="judgeTask">${cond('${pass}')}</sequenceFlow>
    <sequenceFlow id="flowHrReject" name="驳回" sourceRef="hrTask" targetRef="modifyApply">${cond('${!pass}')}</sequenceFlow>
    <sequenceFlow id="flowBoss" name="大于3天" sourceRef="judgeTask" targetRef="bossTask">${cond('${days > 3}')}</sequenceFlow>
    <sequenceFlow id="flowManager" name="小于等于3天" sourceRef="judgeTask" targetRef="managerTak">${cond('${days <= 3}')}</sequenceFlow>
    <sequenceFlow id="flowBossPass" name="同意" sourceRef="bossTask" targetRef="endPass">${cond('${pass}')}</sequenceFlow>
    <sequenceFlow id="flowBossReject" name="驳回" sourceRef="bossTask" targetRef="modifyApply">${cond('${!pass}')}</sequenceFlow>
    <sequenceFlow id="flowManagerPass" name="同意" sourceRef="managerTak" targetRef="endPass">${cond('${pass}')}</sequenceFlow>
    <sequenceFlow id="flowManagerReject" name="驳回" sourceRef="managerTak" targetRef="modifyApply">${cond('${!pass}')}</sequenceFlow>
    <sequenceFlow id="flowResubmit" name="重新申请" sourceRef="modifyApply" targetRef="hrTask">${cond('${pass}')}</sequenceFlow>
    <sequenceFlow id="flowClose" name="关闭申请" sourceRef="modifyApply" targetRef="endClose">${cond('${!pass}')}</sequenceFlow>
  </process>
  ${diagram(
    'Leave',
    [
      { id: 'start', x: 80, y: 202, w: 36, h: 36 },
      { id: 'hrTask', x: 170, y: 180, w: 100, h: 80 },
      { id: 'judgeTask', x: 330, y: 195, w: 50, h: 50 },
      { id: 'bossTask', x: 440, y: 80, w: 100, h: 80 },
      { id: 'managerTak', x: 440, y: 280, w: 100, h: 80 },
      { id: 'modifyApply', x: 170, y: 380, w: 100, h: 80 },
      { id: 'endPass', x: 640, y: 202, w: 36, h: 36 },
      { id: 'endClose', x: 202, y: 520, w: 36, h: 36 },
    ],
    [
      [
        'flowStart',
        [
          [116, 220],
          [170, 220],
        ],
      ],
      [
        'flowHrPass',
        [
          [270, 220],
          [330, 220],
        ],
      ],
      [
        'flowHrReject',
        [
          [220, 260],
          [220, 380],
        ],
      ],
      [
        'flowBoss',
        [
          [355, 195],
          [355, 120],
          [440, 120],
        ],
      ],
      [
        'flowManager',
        [
          [355, 245],
          [355, 320],
          [440, 320],
        ],
      ],
      [
        'flowBossPass',
        [
          [540, 120],
          [658, 120],
          [658, 202],
        ],
      ],
      [
        'flowBossReject',
        [
          [490, 160],
          [490, 250],
          [300, 250],
          [300, 400],
          [270, 400],
        ],
      ],
      [
        'flowManagerPass',
        [
          [540, 320],
          [658, 320],
          [658, 238],
        ],
      ],
      [
        'flowManagerReject',
        [
          [490, 360],
          [490, 420],
          [270, 420],
        ],
      ],
      [
        'flowResubmit',
        [
          [170, 420],
          [140, 420],
          [140, 240],
          [170, 240],
        ],
      ],
      [
        'flowClose',
        [
          [220, 460],
          [220, 520],
        ],
      ],
    ],
  )}
</definitions>
`;

/**
 * The approval template: start (initiator applyUser) → <task> (candidate groups) → gateway:
 * ${pass} → 审核通过 (end); ${!pass} → 修改申请 (the applicant, ${applyUser}): ${pass} resubmits to the
 * approval task, ${!pass} withdraws (撤回结束). The approval mechanism moves audit_status 0 → 1 / 2,
 * 2 → 0 on resubmit and 2 → 3 on withdraw.
 */
export function approvalXml(f: ProcessDef): string {
  const k = f.key;
  return `${HEAD}
  <process id="${k}" name="${esc(f.name)}" isExecutable="true">
    <documentation>${esc(f.name)}</documentation>
    <startEvent id="start" name="提交申请" flowable:initiator="applyUser"/>
    <userTask id="auditTask" name="${esc(f.taskName)}" flowable:candidateGroups="${esc(f.groups)}"/>
    <exclusiveGateway id="judge" name="审核结果"/>
    <userTask id="modifyApply" name="修改申请" flowable:assignee="\${applyUser}"/>
    <endEvent id="endPass" name="审核通过"/>
    <endEvent id="endWithdraw" name="撤回结束"/>
    <sequenceFlow id="flowStart" sourceRef="start" targetRef="auditTask"/>
    <sequenceFlow id="flowJudge" sourceRef="auditTask" targetRef="judge"/>
    <sequenceFlow id="flowPass" name="通过" sourceRef="judge" targetRef="endPass">${cond('${pass}')}</sequenceFlow>
    <sequenceFlow id="flowReject" name="驳回" sourceRef="judge" targetRef="modifyApply">${cond('${!pass}')}</sequenceFlow>
    <sequenceFlow id="flowResubmit" name="重新提交" sourceRef="modifyApply" targetRef="auditTask">${cond('${pass}')}</sequenceFlow>
    <sequenceFlow id="flowWithdraw" name="撤回申请" sourceRef="modifyApply" targetRef="endWithdraw">${cond('${!pass}')}</sequenceFlow>
  </process>
  ${diagram(
    k,
    [
      { id: 'start', x: 80, y: 142, w: 36, h: 36 },
      { id: 'auditTask', x: 170, y: 120, w: 100, h: 80 },
      { id: 'judge', x: 330, y: 135, w: 50, h: 50 },
      { id: 'endPass', x: 440, y: 142, w: 36, h: 36 },
      { id: 'modifyApply', x: 305, y: 260, w: 100, h: 80 },
      { id: 'endWithdraw', x: 337, y: 400, w: 36, h: 36 },
    ],
    [
      [
        'flowStart',
        [
          [116, 160],
          [170, 160],
        ],
      ],
      [
        'flowJudge',
        [
          [270, 160],
          [330, 160],
        ],
      ],
      [
        'flowPass',
        [
          [380, 160],
          [440, 160],
        ],
      ],
      [
        'flowReject',
        [
          [355, 185],
          [355, 260],
        ],
      ],
      [
        'flowResubmit',
        [
          [305, 300],
          [220, 300],
          [220, 200],
        ],
      ],
      [
        'flowWithdraw',
        [
          [355, 340],
          [355, 400],
        ],
      ],
    ],
  )}
</definitions>
`;
}

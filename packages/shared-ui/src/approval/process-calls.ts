import { http, type FlowHistoryItem, type Page, type R } from '@tongxin/api-client';
import type { FieldDef, ResourceDef } from '@tongxin/resources';
import { cleanQuery, type Row } from '../resource/wire';

/** A record read by detailByTaskId: the record, its task (`flow`) and the timeline (`flowHistory`). */
export type TaskRecord = Row & {
  flow?: { taskId?: string; processInstanceId?: string; canHandle?: boolean };
  flowHistory?: FlowHistoryItem[];
};

/** The approval wire of a definition with a process (served by the engine under its path); `processKey`
 * picks which of its processes the task list is about (default its `process`). */
export function processCalls(def: ResourceDef, processKey?: string) {
  const base = def.path;
  const post = async (verb: string, body: object) =>
    (await http.post<R<unknown>>(`${base}/${verb}`, body)).data;
  return {
    /** 提交审核 (outside a process) or 重新提交 (after a reject) */
    submit: (id: string) => post('startProcessFlow', { id }),
    /** 撤回 */
    withdraw: (id: string) => post('withdrawProcessFlow', { id }),
    /** what waits for the caller in this process: records with taskId, taskName, taskCreateTime */
    tasks: async (query: Record<string, unknown>) =>
      (
        await http.get<R<Page<Row>>>(`${base}/auditTasks`, {
          params: cleanQuery({
            ...query,
            ...(processKey && processKey !== def.process?.key ? { processKey } : {}),
          }),
        })
      ).data.data,
    detailByTaskId: async (taskId: string) =>
      (await http.get<R<TaskRecord>>(`${base}/detailByTaskId`, { params: { taskId } })).data.data,
    deal: (body: {
      taskId: string;
      processInstanceId?: string;
      businessId?: string;
      pass: boolean;
      comment: string;
    }) => post('dealProcessFlow', body),
  };
}
export type ProcessCalls = ReturnType<typeof processCalls>;

const WORK = '/api/blade-flow/work';
/** An approver's other moves on a task (the work wire): 转办 and 退回. */
export const taskMoves = {
  transfer: async (body: { taskId: string; userId: string; comment: string }) =>
    (await http.post<R<unknown>>(`${WORK}/transfer-task`, body)).data,
  returnTargets: async (taskId: string) =>
    (await http.get<R<{ id: string; name: string }[]>>(`${WORK}/return-targets`, { params: { taskId } })).data
      .data ?? [],
  returnTo: async (body: { taskId: string; activityId: string; comment: string }) =>
    (await http.post<R<unknown>>(`${WORK}/return-task`, body)).data,
};

/** The audit status column every process definition's list shows (dict `audit_status`, coloured). */
export const AUDIT_STATUS_FIELD: FieldDef = {
  name: 'auditStatus',
  kind: 'dict',
  label: { zh: '审核状态', en: 'Review' },
  dict: { code: 'audit_status' },
  form: false,
  readOnly: true,
  width: 100,
};

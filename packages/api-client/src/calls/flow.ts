/** blade-flow (process design, deployment, work lists, diagrams) and the blade-desk leave demo
 * (docs/domain-model.md#请假-leave). */
import { http } from '../http/client';
import type { Page, PageQuery, R } from '../types';

/** A task or instance row of the work lists (BladeX BladeFlow). */
export interface BladeFlow {
  taskId: string;
  taskName: string;
  taskDefinitionKey: string;
  assignee: string;
  assigneeName: string;
  category: string;
  categoryName: string;
  createTime: string | null;
  endTime: string | null;
  claimTime: string | null;
  historyTaskEndTime: string | null;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  processIsFinished: 'finished' | 'unfinished';
  businessTable: string;
  businessId: string;
  startUser: string;
  status: string;
  comment?: string;
  pass?: boolean | null;
  variables: Record<string, unknown>;
}

/** A deployed process definition (start-list, manager/list). */
export interface FlowProcess {
  id: string;
  tenantId: string;
  name: string;
  key: string;
  category: string;
  categoryName: string;
  version: number;
  deploymentId: string;
  resourceName: string;
  description: string;
  /** 1 active, 2 suspended */
  suspensionState: number;
  deploymentTime: string;
  shared: boolean;
}

/** A designer model (model/list; modelEditorXml on detail). */
export interface FlowModel {
  id: string;
  modelKey: string;
  name: string;
  description: string;
  category: string;
  version: number;
  created: string;
  lastUpdated: string;
  createdByName: string;
  tenantId: string;
  modelEditorXml?: string;
}

/** A running instance (follow/list). */
export interface FlowExecution {
  id: string;
  name: string;
  startUser: string;
  startTime: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  suspensionState: number;
  category: string;
  categoryName: string;
}

/** One step of an instance's history (history-flow-list, the `flow` of model-view). */
export interface FlowHistoryItem {
  historyActivityId: string;
  historyActivityName: string;
  historyActivityType: string;
  historyActivityDurationTime: string;
  createTime: string | null;
  endTime: string | null;
  assignee: string;
  assigneeName: string;
  comment: string;
  isPass: boolean | null;
  taskId: string;
}

export interface ModelView {
  xml: string;
  flow?: FlowHistoryItem[];
}

/** Filters of the work lists (BladeFlow as query). */
export interface WorkQuery extends Partial<PageQuery> {
  category?: string;
  processDefinitionName?: string;
  beginDate?: string;
  endDate?: string;
}

export interface LeaveForm {
  id?: string;
  processDefinitionId: string;
  startTime: string;
  endTime: string;
  reason: string;
  taskUser: string;
}

export interface Leave extends LeaveForm {
  id: string;
  processInstanceId: string;
  applyTime: string;
  taskUserName: string;
  auditStatus?: number;
  flow?: { assigneeName: string };
}

export type WorkList = 'start' | 'claim' | 'todo' | 'send' | 'done';

const FLOW = '/api/blade-flow';
const clean = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
const get = async <T>(url: string, params?: object): Promise<T> =>
  (await http.get<R<T>>(url, { params: params && clean(params) })).data.data;
/** POST with form-style query parameters, as blade-flow's @RequestParam endpoints expect. */
const postParams = async <T>(url: string, params: object): Promise<R<T>> =>
  (await http.post<R<T>>(url, null, { params: clean(params) })).data;

export const flowApi = {
  workList: (list: Exclude<WorkList, 'start'>, query: WorkQuery) =>
    get<Page<BladeFlow>>(`${FLOW}/work/${list}-list`, query),
  startList: (query: Partial<PageQuery> & { category?: string; key?: string; mode?: number }) =>
    get<Page<FlowProcess>>(`${FLOW}/work/start-list`, query),
  claimTask: (taskId: string) => postParams(`${FLOW}/work/claim-task`, { taskId }),
  completeTask: async (body: {
    taskId: string;
    processInstanceId: string;
    pass: boolean;
    comment?: string;
    variables?: Record<string, unknown>;
  }): Promise<R<unknown>> => (await http.post<R<unknown>>(`${FLOW}/work/complete-task`, body)).data,
  modelView: (query: { processInstanceId?: string; processDefinitionId?: string }) =>
    get<ModelView>(`${FLOW}/process/model-view`, query),
  historyFlowList: (processInstanceId: string) =>
    get<FlowHistoryItem[]>(`${FLOW}/process/history-flow-list`, { processInstanceId }),

  modelList: (query: Partial<PageQuery> & { name?: string; modelKey?: string }) =>
    get<Page<FlowModel>>(`${FLOW}/model/list`, query),
  modelDetail: (id: string) => get<FlowModel>(`${FLOW}/model/detail`, { id }),
  modelSubmit: async (model: {
    id?: string;
    name: string;
    modelKey: string;
    description?: string;
    category?: string;
    modelEditorXml: string;
  }): Promise<R<FlowModel>> => (await http.post<R<FlowModel>>(`${FLOW}/model/submit`, model)).data,
  modelRemove: (ids: string[]) => postParams(`${FLOW}/model/remove`, { ids: ids.join(',') }),
  modelDeploy: (modelId: string, category: string, tenantIds: string[]) =>
    postParams(`${FLOW}/model/deploy`, { modelId, category, tenantIds: tenantIds.join(',') }),

  managerList: (query: Partial<PageQuery> & { category?: string; mode?: number }) =>
    get<Page<FlowProcess>>(`${FLOW}/manager/list`, query),
  changeState: (processId: string, state: 'active' | 'suspend') =>
    postParams(`${FLOW}/manager/change-state`, { processId, state }),
  deleteDeployment: (deploymentIds: string[]) =>
    postParams(`${FLOW}/manager/delete-deployment`, { deploymentIds: deploymentIds.join(',') }),
  deployUpload: async (files: File[], category: string, tenantIds: string[]): Promise<R<unknown>> => {
    const form = new FormData();
    form.append('category', category);
    form.append('tenantIds', tenantIds.join(','));
    for (const file of files) form.append('files', file, file.name);
    return (await http.post<R<unknown>>(`${FLOW}/manager/deploy-upload`, form)).data;
  },

  followList: (query: Partial<PageQuery> & { processInstanceId?: string; processDefinitionKey?: string }) =>
    get<Page<FlowExecution>>(`${FLOW}/follow/list`, query),
  deleteProcessInstance: (processInstanceId: string, deleteReason: string) =>
    postParams(`${FLOW}/follow/delete-process-instance`, { processInstanceId, deleteReason }),
};

const LEAVE = '/api/blade-desk/process/leave';

export const leaveApi = {
  startProcess: async (form: LeaveForm): Promise<R<{ id: string; processInstanceId: string | null }>> =>
    (await http.post<R<{ id: string; processInstanceId: string | null }>>(`${LEAVE}/start-process`, form))
      .data,
  detail: (businessId: string) => get<Leave>(`${LEAVE}/detail`, { businessId }),
};

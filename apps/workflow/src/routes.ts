import { lazy, type ComponentType } from 'react';
import { workflowResources } from '@tongxin/resources';
import { resourceScreens } from '@tongxin/shared-ui';
import { REMOTE_API_VERSION, type RemotePage, type RemotePageProps } from '@tongxin/shared-ui/session';
import { workflowI18n } from './i18n';

/** A page: the named export of a lazily loaded module. */
const page = <K extends string>(
  loader: () => Promise<Record<K, ComponentType<RemotePageProps>>>,
  name: K,
): RemotePage => lazy(async () => ({ default: (await loader())[name] }));

const work = () => import('./pages/work/WorkListPage');
const leave = () => import('./pages/leave/LeaveProcessPages');
const generic = () => import('./pages/process/GenericProcessPages');

/** The workflow remote's one exposed module: menu paths (and the layout routes below them,
 * docs/remotes.md#the-contract) → pages. */
export const apiVersion = REMOTE_API_VERSION;
export const namespace = 'workflow';
export const i18n = workflowI18n;
export const routes: Record<string, RemotePage> = {
  '/work/start': page(() => import('./pages/work/StartPage'), 'StartPage'),
  '/work/claim': page(work, 'ClaimPage'),
  '/work/todo': page(work, 'TodoPage'),
  '/work/send': page(work, 'SendPage'),
  '/work/done': page(work, 'DonePage'),
  '/work/process/leave': page(() => import('./pages/leave/LeavePage'), 'LeavePage'),
  '/work/process/leave/form/:processDefinitionId': page(
    () => import('./pages/leave/LeaveFormPage'),
    'LeaveFormPage',
  ),
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId': page(leave, 'LeaveHandlePage'),
  '/work/process/leave/detail/:processInstanceId/:businessId': page(leave, 'LeaveDetailPage'),
  '/work/process/flow/handle/:taskId/:processInstanceId/:businessId': page(generic, 'GenericHandlePage'),
  '/work/process/flow/detail/:processInstanceId/:businessId': page(generic, 'GenericDetailPage'),
  '/flow/model': page(() => import('./pages/flow/ModelPage'), 'ModelPage'),
  '/flow/deploy': page(() => import('./pages/flow/DeployPage'), 'DeployPage'),
  '/flow/manager': page(() => import('./pages/flow/ManagerPage'), 'ManagerPage'),
  '/flow/follow': page(() => import('./pages/flow/FollowPage'), 'FollowPage'),
  // plain resources: their definitions' screens
  ...resourceScreens(workflowResources),
};

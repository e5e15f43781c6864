import { partyResources } from '@tongxin/resources';
import { resourceScreens } from '@tongxin/shared-ui';
import { lazy } from 'react';
import { REMOTE_API_VERSION, type RemotePage } from '@tongxin/shared-ui/session';
import { partyI18n } from './i18n';

export const apiVersion = REMOTE_API_VERSION;
export const namespace = 'party';
export const i18n = partyI18n;
/** Plain resources are their definitions' screens (`screens`): adding one to the domain's list is all. */
export const routes: Record<string, RemotePage> = {
  ...resourceScreens(partyResources),
  // 党建概览: charts over aggregates, no definition
  '/party/overview': lazy(() => import('./pages/OverviewPage')),
};

import { communityResources } from '@tongxin/resources';
import { resourceScreens } from '@tongxin/shared-ui';
import { lazy } from 'react';
import { REMOTE_API_VERSION, type RemotePage } from '@tongxin/shared-ui/session';
import { communityI18n } from './i18n';
import { replyScreens } from './reply-screens';

export const apiVersion = REMOTE_API_VERSION;
export const namespace = 'community';
export const i18n = communityI18n;
/** Plain resources are their definitions' screens (`screens`): adding one to the domain's list is all. */
export const routes: Record<string, RemotePage> = {
  ...resourceScreens(communityResources),
  ...replyScreens,
  // community A: the questionnaire with its results drawn (charts), the residents' accounts
  '/community/questionnaire': lazy(async () => ({
    default: (await import('./pages/QuestionnairePage')).QuestionnairePage,
  })),
  '/communityuser/userdetail': lazy(async () => ({
    default: (await import('./pages/CommunityUserPage')).CommunityUserPage,
  })),
  // community B: the statistics board (hand-written: charts, no definition)
  '/statistics/comprehensive': lazy(() => import('./pages/ComprehensivePage')),
};

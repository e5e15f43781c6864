import { partyDutyResource } from '@tongxin/resources';
import { resourcePage } from '@tongxin/shared-ui';
import { REMOTE_API_VERSION, type RemotePage } from '@tongxin/shared-ui/session';
import { partyI18n } from './i18n';

export const apiVersion = REMOTE_API_VERSION;
export const namespace = 'party';
export const i18n = partyI18n;
export const routes: Record<string, RemotePage> = {
  '/party/partyduty': resourcePage(partyDutyResource),
};

import { contactPhoneResource } from '@tongxin/resources';
import { resourcePage } from '@tongxin/shared-ui';
import { REMOTE_API_VERSION, type RemotePage } from '@tongxin/shared-ui/session';
import { communityI18n } from './i18n';

export const apiVersion = REMOTE_API_VERSION;
export const namespace = 'community';
export const i18n = communityI18n;
export const routes: Record<string, RemotePage> = {
  '/community/contactphone': resourcePage(contactPhoneResource),
};

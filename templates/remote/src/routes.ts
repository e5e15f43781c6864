// The one module the remote exposes ('./routes'): the contract version, its i18n namespace and
// bundles, and the menu paths it serves, each a lazy page. Register the remote on a root menu with
// 远程模块名称 = the name in rspack.config.mjs and 远程模块地址 = where its mf-manifest.json is served.
import { lazy } from 'react';
import { REMOTE_API_VERSION, type RemotePage } from '@tongxin/shared-ui/session';
import { sampleI18n } from './i18n';

export const apiVersion = REMOTE_API_VERSION;
export const namespace = 'sample';
export const i18n = sampleI18n;
export const routes: Record<string, RemotePage> = {
  '/sample/index': lazy(() => import('./SamplePage')),
};

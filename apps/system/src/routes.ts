import { lazy, type ComponentType, type ReactNode } from 'react';
import { menuResource, systemResources } from '@tongxin/resources';
import { resourcePage, resourceScreens } from '@tongxin/shared-ui';
import { REMOTE_API_VERSION, type RemotePage, type RemotePageProps } from '@tongxin/shared-ui/session';
import { systemI18n } from './i18n';

/** A custom screen: the named export of a lazily loaded page module. */
const page = <K extends string>(loader: () => Promise<Record<K, () => ReactNode>>, name: K): RemotePage =>
  lazy(async () => {
    // page components ignore the shell's props (path, query)
    const Page = (await loader())[name] as ComponentType<RemotePageProps>;
    return { default: Page };
  });

const role = page(() => import('./pages/RolePage'), 'RolePage');

/** The system remote's one exposed module: menu path → page, plus its i18n bundles. Plain resources are
 * their definition's ResourcePage at the paths of its `screens` (as in the seeded menus,
 * apps/server/src/seed/data/menus.ts); the domain's list `systemResources`. */
export const apiVersion = REMOTE_API_VERSION;
export const namespace = 'system';
export const i18n = systemI18n;

const plain = resourceScreens(systemResources);

export const routes: Record<string, RemotePage> = {
  ...plain,
  // BladeX's older path of the region screen
  '/base/region': plain['/system/region']!,
  '/system/user': page(() => import('./pages/UserPage'), 'UserPage'),
  '/authority/role': role,
  '/system/role': role,
  '/system/menu': resourcePage(menuResource, { paged: false }),
  '/system/topmenu': page(() => import('./pages/RolePage'), 'TopMenuPage'),
  '/system/tenant': page(() => import('./pages/TenantPage'), 'TenantPage'),
  '/system/dictbiz': page(() => import('./pages/DictPage'), 'DictBizPage'),
  '/dict-horizontal/index': page(() => import('./pages/DictPage'), 'DictHorizontalPage'),
  '/dict-vertical/index': page(() => import('./pages/DictPage'), 'DictVerticalPage'),
  '/resource/attach': page(() => import('./pages/AttachPage'), 'AttachPage'),
  '/tool/code': page(() => import('./pages/CodePage'), 'CodePage'),
};

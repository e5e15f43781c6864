import type { ComponentType, LazyExoticComponent } from 'react';
import type { LanguageBundles } from './i18n-bundles';

/** Version of the host<->remote contract; the shell shows the fallback for any other value. */
export const REMOTE_API_VERSION = 1;

/** Props the shell gives every remote page. */
export interface RemotePageProps {
  /** The menu path the page is mounted for, e.g. '/system/param'. */
  path: string;
  /** Query of the tab (menu query merged with the URL query). */
  query: Record<string, string>;
  /** Values of the `:name` segments when the page's route key is a pattern. */
  params?: Record<string, string>;
}

export type RemotePage = LazyExoticComponent<ComponentType<RemotePageProps>>;

/** What a remote's single exposed module './routes' exports. */
export interface RemoteRoutesModule {
  apiVersion: number;
  /** i18next namespace of the remote; its bundles are added on load. */
  namespace: string;
  i18n: LanguageBundles;
  /** Menu path (or a pattern with `:name` segments, for layout routes below a menu entry) → lazy page. */
  routes: Record<string, RemotePage>;
}

export function isRemoteRoutesModule(value: unknown): value is RemoteRoutesModule {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<RemoteRoutesModule>;
  return (
    typeof candidate.apiVersion === 'number' &&
    typeof candidate.namespace === 'string' &&
    !!candidate.routes &&
    typeof candidate.routes === 'object' &&
    !!candidate.i18n
  );
}

import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { website } from '@tongxin/api-client';
import {
  addI18nBundles,
  isRemoteRoutesModule,
  REMOTE_API_VERSION,
  type RemoteRoutesModule,
} from '@tongxin/shared-ui/session';
import { withDevRemotes } from './dev-remotes';
import { shellRuntimePlugin } from './federation-plugin';
import { reloadPage } from './reload-page';
import type { RemoteDef } from './remote-of-menu';
import { isRunning, noteRunning } from './remote-versions';

export class RemoteLoadError extends Error {
  constructor(
    readonly reason: 'notRegistered' | 'incompatible' | 'failed' | 'timeout',
    readonly remote: string,
    detail = '',
  ) {
    super(detail || reason);
    this.name = 'RemoteLoadError';
  }
}

const registered = new Map<string, string>();
const loaded = new Map<string, Promise<RemoteRoutesModule>>();
let pluginInstalled = false;

/** Registers the remotes the menu names (only those); a changed entry URL replaces the old one. A
 * developer's local dev server replaces a remote's entry for this browser tab (dev-remotes.ts). */
export function registerMenuRemotes(menuDefs: readonly RemoteDef[]): void {
  if (!pluginInstalled) {
    registerPlugins([shellRuntimePlugin()]);
    pluginInstalled = true;
  }
  const defs = withDevRemotes(menuDefs);
  const changed = defs.filter((def) => registered.get(def.name) !== def.entry);
  if (changed.length === 0) return;
  const replacing = changed.some((def) => registered.has(def.name));
  registerRemotes(
    changed.map(({ name, entry }) => ({ name, entry })),
    { force: replacing },
  );
  for (const def of changed) {
    registered.set(def.name, def.entry);
    loaded.delete(def.name);
  }
}

export const registeredRemotes = (): RemoteDef[] => [...registered].map(([name, entry]) => ({ name, entry }));

/** The entry URL a remote is registered with. */
export const registeredEntry = (name: string): string | undefined => registered.get(name);

const withTimeout = <T>(promise: Promise<T>, ms: number, remote: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError('timeout', remote)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

async function fetchModule(name: string): Promise<RemoteRoutesModule> {
  let module: unknown;
  try {
    module = await withTimeout(loadRemote<unknown>(`${name}/routes`), website.remoteLoadTimeoutMs, name);
  } catch (error) {
    if (error instanceof RemoteLoadError) throw error;
    throw new RemoteLoadError('failed', name, error instanceof Error ? error.message : String(error));
  }
  if (!module) throw new RemoteLoadError('failed', name);
  noteRunning(name);
  if (!isRemoteRoutesModule(module) || module.apiVersion !== REMOTE_API_VERSION) {
    throw new RemoteLoadError('incompatible', name);
  }
  addI18nBundles(module.namespace, module.i18n);
  return module;
}

/** The remote's './routes' module, loaded once; a failure is forgotten so retry loads again. */
export function loadRemoteRoutes(name: string): Promise<RemoteRoutesModule> {
  if (!registered.has(name)) return Promise.reject(new RemoteLoadError('notRegistered', name));
  let hit = loaded.get(name);
  if (!hit) {
    hit = fetchModule(name);
    hit.catch(() => loaded.delete(name));
    loaded.set(name, hit);
  }
  return hit;
}

/** Retry after a failure: re-register the same entry so the runtime drops its cached failure (and its
 * manifest: the next load reads the deployed one). */
export function resetRemote(name: string): void {
  const entry = registered.get(name);
  loaded.delete(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

/**
 * 重试 as a real refresh. A remote whose code never ran in this page is loaded again from scratch
 * (manifest and entry past the cache). Once its code ran, a page cannot load it again (its container,
 * a failed lazy page, a chunk an update removed stay as they are): the page is reloaded.
 */
export function retryRemote(name: string): 'reload' | 'reset' {
  if (isRunning(name)) {
    reloadPage();
    return 'reload';
  }
  resetRemote(name);
  return 'reset';
}

import { registeredEntry } from './remote-registry';
import { buildVersionOf, noteLatest, useRemoteVersions } from './remote-versions';

const checking = new Map<string, Promise<void>>();

/** Reads the deployed manifest of a remote running in the page (past the cache) and notes its build
 * version: a new one makes the remote outdated (刷新以更新). Network failures are ignored. */
export function checkForUpdate(name: string): Promise<void> {
  const entry = registeredEntry(name);
  // only a remote that runs here, from a manifest naming its build, has something to compare
  if (!entry || !/\.json(?:$|[?#])/i.test(entry) || !useRemoteVersions.getState().running[name])
    return Promise.resolve();
  let pending = checking.get(name);
  if (!pending) {
    pending = fetch(entry, { cache: 'no-cache' })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((manifest: unknown) => {
        const version = buildVersionOf(manifest);
        if (version) noteLatest(name, version);
      })
      .catch(() => undefined)
      .finally(() => checking.delete(name));
    checking.set(name, pending);
  }
  return pending;
}

/** Checks every remote running in the page. */
export const checkAllForUpdates = (): Promise<void> =>
  Promise.all(Object.keys(useRemoteVersions.getState().running).map(checkForUpdate)).then(() => undefined);

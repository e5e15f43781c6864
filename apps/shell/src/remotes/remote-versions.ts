import { create } from 'zustand';

/**
 * Build versions of the remotes (a remote's manifest names its build, @tongxin/build-config): the one
 * whose code runs in this page, and the latest one the server deploys. A page cannot swap a remote's
 * code once it ran, so a newer deployed version asks for a page refresh (刷新以更新).
 */
interface RemoteVersions {
  /** The version of the manifest the federation runtime last read for each remote. */
  fetched: Record<string, string>;
  /** The version whose code runs in this page ('' when its manifest named none). */
  running: Record<string, string>;
  /** The latest deployed version seen by an update check. */
  latest: Record<string, string>;
}

export const useRemoteVersions = create<RemoteVersions>(() => ({ fetched: {}, running: {}, latest: {} }));

/** The build version a federation manifest names. */
export function buildVersionOf(manifest: unknown): string | undefined {
  const version = (manifest as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | null)?.metaData
    ?.buildInfo?.buildVersion;
  return typeof version === 'string' && version ? version : undefined;
}

export const noteFetched = (remote: string, version: string): void =>
  useRemoteVersions.setState((s) => ({ fetched: { ...s.fetched, [remote]: version } }));

/** The remote's code now runs in the page: the version it came with. */
export function noteRunning(remote: string): void {
  const version = useRemoteVersions.getState().fetched[remote] ?? '';
  useRemoteVersions.setState((s) => ({
    running: { ...s.running, [remote]: version },
    latest: { ...s.latest, [remote]: s.latest[remote] ?? version },
  }));
}

export const noteLatest = (remote: string, version: string): void =>
  useRemoteVersions.setState((s) => ({ latest: { ...s.latest, [remote]: version } }));

/** True once the remote's code ran in this page (it cannot be loaded again without a refresh). */
export const isRunning = (remote: string): boolean => remote in useRemoteVersions.getState().running;

/** The remote runs here, and the server now deploys another build of it. */
export const isOutdated = (s: RemoteVersions, remote: string): boolean =>
  !!s.running[remote] && !!s.latest[remote] && s.running[remote] !== s.latest[remote];

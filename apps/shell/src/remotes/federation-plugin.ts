import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { buildVersionOf, noteFetched, useRemoteVersions } from './remote-versions';

/** `url` with `?v=<version>` (or `&v=`). */
export const withVersion = (url: string, version: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}`;

/**
 * How the shell's federation runtime loads remotes:
 * - manifests are fetched past the browser cache (`no-cache`: revalidated on every load), so a redeployed
 *   remote is seen at once, and the build version each names is noted;
 * - a remote's entry script is requested with that version in its URL, so the entry always matches the
 *   manifest read with it, whatever a host or proxy caches (its hashed chunks need no such help);
 * - scripts load in CORS mode (`crossorigin`), like the remote's chunks: a remote on another
 *   origin (or a developer's local dev server) reports real errors, not "Script error.".
 */
export function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'tongxin-shell-remotes',
    async fetch(url, init, remoteInfo) {
      const response = await fetch(url, { ...init, cache: 'no-cache' });
      const remote = remoteInfo?.name;
      if (remote && response.ok) {
        const version = buildVersionOf(
          await response
            .clone()
            .json()
            .catch(() => undefined),
        );
        if (version) noteFetched(remote, version);
      }
      return response;
    },
    createScript({ url, remoteInfo, resourceContext }) {
      const isEntry = resourceContext?.resourceType === 'remoteEntry';
      const version =
        remoteInfo && isEntry ? useRemoteVersions.getState().fetched[remoteInfo.name] : undefined;
      const script = document.createElement('script');
      script.src = version ? withVersion(url, version) : url;
      script.crossOrigin = 'anonymous';
      return script;
    },
  };
}

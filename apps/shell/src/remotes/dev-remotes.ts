import type { RemoteDef } from './remote-of-menu';

/** Browser-tab storage of the remotes a developer serves locally: `{ party: 'http://localhost:4301/mf-manifest.json' }`. */
const KEY = 'tongxin.devRemotes';
const PARAM = 'devRemote';

/** Only a dev server on this machine may stand in for a remote (the Content-Security-Policy must also
 * allow it: DEV_REMOTE_ORIGINS on the server). */
export function isLocalDevUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  } catch {
    return false;
  }
}

/** The remotes served locally in this browser tab. */
export function devRemotes(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && isLocalDevUrl(e[1]),
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Reads `?devRemote=<name>=<entry URL>` (repeatable; `<name>=` alone forgets it) into this tab's storage
 * and returns the URL without it. A developer opens the deployed shell with it to load a remote from
 * their dev server; it lasts as long as the tab (live reloads included).
 */
export function takeDevRemoteParams(href: string): string {
  const url = new URL(href);
  const params = url.searchParams.getAll(PARAM);
  if (!params.length) return href;
  const remotes = devRemotes();
  for (const param of params) {
    const at = param.indexOf('=');
    const name = at > 0 ? param.slice(0, at) : '';
    const entry = at > 0 ? param.slice(at + 1) : '';
    if (!/^[A-Za-z][\w-]*$/.test(name)) continue;
    if (isLocalDevUrl(entry)) remotes[name] = entry;
    else delete remotes[name];
  }
  sessionStorage.setItem(KEY, JSON.stringify(remotes));
  url.searchParams.delete(PARAM);
  return url.href;
}

/** The menu's remotes, with the entries of the ones this tab serves locally replaced. */
export const withDevRemotes = (defs: readonly RemoteDef[]): RemoteDef[] => {
  const local = devRemotes();
  return defs.map((def) => (local[def.name] ? { name: def.name, entry: local[def.name]! } : def));
};

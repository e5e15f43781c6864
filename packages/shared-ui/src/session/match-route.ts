import type { RemotePage } from './remote-contract';

export interface RouteMatch {
  page: RemotePage;
  /** Values of the pattern's `:name` segments, decoded. */
  params: Record<string, string>;
}

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** `pattern` (e.g. '/work/process/leave/form/:processDefinitionId') against a concrete path. */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      const value = g ? decode(g) : undefined;
      if (value === undefined) return undefined;
      params[w.slice(1)] = value;
    } else if (w !== g) return undefined;
  }
  return params;
}

/** The page of a remote's route map serving `path`: an exact key first, then the first pattern that fits. */
export function matchRemoteRoute(routes: Record<string, RemotePage>, path: string): RouteMatch | undefined {
  const exact = routes[path];
  if (exact) return { page: exact, params: {} };
  for (const [pattern, page] of Object.entries(routes)) {
    if (!pattern.includes('/:')) continue;
    const params = matchPattern(pattern, path);
    if (params) return { page, params };
  }
  return undefined;
}

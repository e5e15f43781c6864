// No dead menus: every leaf of the seeded menu tree opens a page of the remote that serves it, except the
// screens on the NOT_YET_BUILT list (not-yet-built.txt, one path per line). The list only shrinks: a
// listed path that now has a page fails, and so does a list longer than it was when frozen. The test
// reads the server's menu seed and the four remotes' route maps (their definitions' screens, audit
// screens and hand-written pages) from their sources, as the shell meets them at run time.
import { describe, expect, it } from 'vitest';
import { seedMenus, type SeedMenu } from '../../server/src/seed/data/menus';
import * as community from '../../community/src/routes';
import * as party from '../../party/src/routes';
import * as system from '../../system/src/routes';
import * as workflow from '../../workflow/src/routes';
import notYetBuiltText from './not-yet-built.txt?raw';

/** How many screens were still unbuilt when the list was frozen: it may only go down. */
const FROZEN_COUNT = 1;

const remotes: Record<string, Record<string, unknown>> = {
  community: community.routes,
  party: party.routes,
  system: system.routes,
  workflow: workflow.routes,
};

/** The menus a user opens: menus (not buttons) without menu children. */
const leaves = (m: SeedMenu): SeedMenu[] => {
  const menus = (m.children ?? []).filter((c) => c.category === 1);
  return menus.length ? menus.flatMap(leaves) : [m];
};
const menuLeaves = seedMenus.flatMap(leaves);
const notYetBuilt = notYetBuiltText
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);
const hasPage = (m: SeedMenu) => Boolean(m.remote && remotes[m.remote]?.[m.path]);

describe('menu ⇄ route', () => {
  it('every leaf menu opens a page of its remote, or is on the NOT_YET_BUILT list', () => {
    const dead = menuLeaves.filter((m) => !hasPage(m) && !notYetBuilt.includes(m.path));
    expect(dead.map((m) => `${m.remote} ${m.path} (${m.name})`)).toEqual([]);
  });

  it('lists no screen that has a page now: delete its line from not-yet-built.txt', () => {
    const built = menuLeaves.filter((m) => notYetBuilt.includes(m.path) && hasPage(m));
    expect(built.map((m) => m.path)).toEqual([]);
  });

  it('lists only leaf menus, each once', () => {
    const paths = new Set(menuLeaves.map((m) => m.path));
    expect(notYetBuilt.filter((p) => !paths.has(p))).toEqual([]);
    expect(new Set(notYetBuilt).size).toBe(notYetBuilt.length);
  });

  it('never grows: nothing may be added to the list', () => {
    expect(notYetBuilt.length).toBeLessThanOrEqual(FROZEN_COUNT);
  });
});

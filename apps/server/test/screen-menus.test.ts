import { resources, screensOf, type ResourceDef } from '@tongxin/resources';
import { describe, expect, it } from 'vitest';
import { seedMenus } from '../src/seed/data/menus.js';
import { placeScreens, unplaced } from '../src/seed/data/screen-menus.js';

// The menu tree as it was hand-written before the definitions carried their screens' menus: every row
// (code, names, path, icon, sort, remote, buttons) stays where users and the e2e suite know it. A change
// meant to move or add menus rewrites the file with `vitest run test/screen-menus.test.ts -u`; its diff
// shows every row that moved (docs/adding-a-resource.md).
describe('menus derived from the definitions', () => {
  it('seed the tree users know', async () => {
    await expect(`${JSON.stringify(seedMenus, null, 1)}\n`).toMatchFileSnapshot('./menu-tree.snapshot.json');
  });

  it('come from exactly one definition per screen code', () => {
    for (const permission of new Set(resources.map((d) => d.permission))) {
      const owners = resources.filter((d: ResourceDef) => d.permission === permission && d.menu);
      expect(
        owners.map((d) => d.name),
        permission,
      ).toHaveLength(1);
    }
    const codes = resources.flatMap(screensOf).map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('placing screens', () => {
  type M = { code: string; category: 1 | 2; children?: M[] };
  const leaf = (code: string): M => ({
    code,
    category: 1,
    children: [{ code: `${code}_view`, category: 2 }],
  });
  const tree: M = { code: 'g', category: 1, children: [leaf('a'), leaf('b')] };
  const codesOf = (m: M) => m.children!.map((c) => c.code);

  it('puts a screen at its place and the written menus around it', () => {
    expect(codesOf(placeScreens(tree, [{ parent: 'g', sort: 2, menu: leaf('x') }]))).toEqual(['a', 'x', 'b']);
    expect(codesOf(placeScreens(tree, [{ parent: 'g', sort: 1, menu: leaf('x') }]))).toEqual(['x', 'a', 'b']);
    expect(codesOf(placeScreens(tree, [{ parent: 'g', sort: 3, menu: leaf('x') }]))).toEqual(['a', 'b', 'x']);
  });

  it('puts a screen without a place after the written menus', () => {
    const screens = [
      { parent: 'g', menu: leaf('y') },
      { parent: 'g', sort: 1, menu: leaf('x') },
    ];
    expect(codesOf(placeScreens(tree, screens))).toEqual(['x', 'a', 'b', 'y']);
  });

  it('refuses a place taken twice or past the end', () => {
    const twice = [
      { parent: 'g', sort: 1, menu: leaf('x') },
      { parent: 'g', sort: 1, menu: leaf('y') },
    ];
    expect(() => placeScreens(tree, twice)).toThrow(/place 1 under g/);
    expect(() => placeScreens(tree, [{ parent: 'g', sort: 4, menu: leaf('x') }])).toThrow(/out of range/);
  });

  it('names a screen whose group is missing', () => {
    const lost = { parent: 'nowhere', sort: 1, menu: leaf('x') };
    expect(unplaced([tree], [lost, { parent: 'g', sort: 1, menu: leaf('y') }])).toEqual([lost]);
  });
});

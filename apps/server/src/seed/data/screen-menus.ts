/** Places the definitions' screens (their `menu`, packages/resources/src/screen-menu.ts) in the
 * hand-written menu tree of menus.ts: each under the group its `parent` names, at its `sort`; the
 * group's hand-written menus fill the other places in their order, then the screens without a `sort`
 * (docs/adding-a-resource.md). */

/** A menu as far as placing goes (menus.ts `SeedMenu`). */
interface Placeable<M> {
  code: string;
  category: 1 | 2;
  children?: M[];
}

/** A definition's screen, built as a menu, with the group it stands under and its place there. */
export interface PlacedScreen<M> {
  parent: string;
  sort?: number;
  menu: M;
}

/** `tree` with every screen under its parent; throws on a parent the tree lacks or a place taken twice
 * or beyond the group's size (a gap would move the menus after it). */
export function placeScreens<M extends Placeable<M>>(tree: M, screens: PlacedScreen<M>[]): M {
  const place = (menu: M): M => {
    const own = screens.filter((s) => s.parent === menu.code);
    const children = menu.children ?? [];
    const written = children.filter((c) => c.category === 1).map(place);
    if (own.length === 0) return written.length ? { ...menu, children: withButtons(written, children) } : menu;
    const slots: (M | undefined)[] = new Array<M | undefined>(written.length + own.length).fill(undefined);
    for (const s of own) {
      if (s.sort === undefined) continue;
      if (s.sort < 1 || s.sort > slots.length || slots[s.sort - 1])
        throw new Error(`menu ${s.menu.code}: place ${s.sort} under ${menu.code} is taken or out of range`);
      slots[s.sort - 1] = s.menu;
    }
    let next = 0;
    for (const m of [...written, ...own.filter((s) => s.sort === undefined).map((s) => s.menu)]) {
      while (slots[next]) next++;
      slots[next] = m;
    }
    return { ...menu, children: withButtons(slots as M[], children) };
  };
  return place(tree);
}

/** The placed menus followed by the node's own buttons. */
const withButtons = <M extends Placeable<M>>(menus: M[], children: M[]): M[] => [
  ...menus,
  ...children.filter((c) => c.category === 2),
];

/** The screens no group of any tree took (a misspelt `parent`). */
export function unplaced<M extends Placeable<M>>(trees: M[], screens: PlacedScreen<M>[]): PlacedScreen<M>[] {
  const codes = new Set<string>();
  const walk = (m: M) => {
    codes.add(m.code);
    m.children?.forEach(walk);
  };
  trees.forEach(walk);
  return screens.filter((s) => !codes.has(s.parent));
}

/** Where a Module Federation remote's entry URL lives in the menu tree: on the remote's root menu, once.
 * The server applies these rules when a menu is saved, the shell when it registers remotes. */

/** A menu as far as remote entries go (the wire names of menu nodes). */
export interface RemoteEntryMenu {
  id: string;
  parentId: string;
  name: string;
  remote?: string;
  remoteEntry?: string;
}

/** Menus naming another entry for a remote than the one that counts. */
export interface RemoteEntryConflict {
  remote: string;
  /** The entry that counts and the menu carrying it. */
  entry: string;
  menu: string;
  others: { id: string; name: string; entry: string }[];
}

const remoteOf = (m: RemoteEntryMenu) => m.remote?.trim() ?? '';
const entryOf = (m: RemoteEntryMenu) => m.remoteEntry?.trim() ?? '';

/** The root menu of the remote `menu` names: the topmost menu up its ancestors naming the same remote
 * (a menu whose parent names another remote, or none, is a root). Undefined when the menu names none. */
export function remoteRootOf<M extends RemoteEntryMenu>(
  menu: M,
  byId: ReadonlyMap<string, M>,
): M | undefined {
  const remote = remoteOf(menu);
  if (!remote) return undefined;
  let root = menu;
  const seen = new Set([menu.id]);
  for (let parent = byId.get(root.parentId); parent && remoteOf(parent) === remote;) {
    if (seen.has(parent.id)) break; // a broken tree never loops
    seen.add(parent.id);
    root = parent;
    parent = byId.get(root.parentId);
  }
  return root;
}

/**
 * Each remote's entry URL: the one on its root menu (the first root, in the given order, that carries
 * one; failing that, the first menu that does, as older data copied the entry onto every row). Menus
 * naming any other entry for the same remote are reported: the shell warns, the server refuses them.
 */
export function remoteEntriesOf(menus: readonly RemoteEntryMenu[]): {
  entries: Map<string, string>;
  conflicts: RemoteEntryConflict[];
} {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const carrying = menus.filter((m) => remoteOf(m) && entryOf(m));
  const chosen = new Map<string, RemoteEntryMenu>();
  for (const m of carrying)
    if (remoteRootOf(m, byId) === m && !chosen.has(remoteOf(m))) chosen.set(remoteOf(m), m);
  for (const m of carrying) if (!chosen.has(remoteOf(m))) chosen.set(remoteOf(m), m);
  const conflicts: RemoteEntryConflict[] = [];
  for (const [remote, menu] of chosen) {
    const others = carrying
      .filter((m) => remoteOf(m) === remote && entryOf(m) !== entryOf(menu))
      .map((m) => ({ id: m.id, name: m.name, entry: entryOf(m) }));
    if (others.length) conflicts.push({ remote, entry: entryOf(menu), menu: menu.name, others });
  }
  return { entries: new Map([...chosen].map(([remote, m]) => [remote, entryOf(m)])), conflicts };
}

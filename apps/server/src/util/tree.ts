import type { TreeNode } from '@tongxin/resources';

/** Builds a forest from flat rows: a node is a root when its parent is 0 or not in the list; order is
 * the input order; `children` is omitted on leaves (BladeX clients treat a node without it as a leaf). */
export function buildForest<T extends { id: string; parentId: string }>(
  nodes: T[],
): (T & { children?: T[] })[] {
  const byId = new Map<string, T & { children?: T[] }>();
  for (const n of nodes) byId.set(n.id, { ...n });
  const roots: (T & { children?: T[] })[] = [];
  for (const n of byId.values()) {
    const parent = n.parentId !== '0' ? byId.get(n.parentId) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

/** Marks nodes with children (`hasChildren`) in the TreeNode shape of every `/tree` endpoint (wire.ts). */
export function treeNodes<T extends Omit<TreeNode, 'children'>>(
  forest: (T & { children?: T[] })[],
): (T & { children?: T[] })[] {
  const mark = (nodes: (T & { children?: T[] })[]) => {
    for (const n of nodes) {
      if (n.children?.length) {
        n.hasChildren = true;
        mark(n.children);
      }
    }
    return nodes;
  };
  return mark(forest);
}

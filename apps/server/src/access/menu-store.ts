import type { Database } from '../db/database.js';
import { PLATFORM_TENANT } from '../db/database.js';
import { type CspSources, originsOf } from '../http/content-security-policy.js';

export interface MenuRow {
  id: string;
  parent_id: string;
  code: string;
  name: string;
  name_en: string | null;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  is_open: number;
  remote: string | null;
  remote_entry: string | null;
  query: string | null;
  meta: Record<string, unknown> | null;
  remark: string | null;
  /** Optimistic-locking version (migration 0007). */
  version: number;
}

export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remote: string;
  remoteEntry: string;
  query: string;
  meta: Record<string, unknown>;
  remark: string;
  version: number;
}

export const menuToWire = (m: MenuRow): MenuNode => ({
  id: m.id,
  parentId: m.parent_id,
  code: m.code,
  name: m.name,
  nameEn: m.name_en ?? '',
  alias: m.alias ?? '',
  path: m.path ?? '',
  source: m.source ?? '',
  sort: m.sort,
  category: m.category,
  action: m.action,
  isOpen: m.is_open,
  remote: m.remote ?? '',
  remoteEntry: m.remote_entry ?? '',
  query: m.query ?? '',
  meta: m.meta ?? {},
  remark: m.remark ?? '',
  version: m.version,
});

const TTL_MS = 5_000;

/** All live menus (a global table), sorted by sort then id; cached briefly and dropped on every change.
 * A caller holding the shared grants version (util/shared-version.ts) passes it: rows read under
 * another version are read again, so a change made through another instance is seen at once. */
export class MenuStore {
  private cached: { rows: MenuRow[]; at: number; version: string | undefined } | undefined;
  constructor(private readonly db: Database) {}

  async all(version?: string): Promise<MenuRow[]> {
    const c = this.cached;
    if (c && Date.now() - c.at < TTL_MS && (version === undefined || version === c.version)) return c.rows;
    const rows = (await this.db.tx({ tenantId: PLATFORM_TENANT }, (trx) =>
      trx
        .selectFrom('blade_menu')
        .selectAll()
        .where('is_deleted', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    )) as unknown as MenuRow[];
    this.cached = { rows, at: Date.now(), version };
    return rows;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}

/** Adds every ancestor (through live menus) of the given ids. */
export function withAncestors(ids: Set<string>, all: MenuRow[]): Set<string> {
  const byId = new Map(all.map((m) => [m.id, m]));
  const out = new Set(ids);
  for (const id of ids) {
    let parent = byId.get(id)?.parent_id;
    while (parent && parent !== '0' && !out.has(parent)) {
      out.add(parent);
      parent = byId.get(parent)?.parent_id;
    }
  }
  return out;
}

const sourcesOfRows = new WeakMap<MenuRow[], CspSources>();

/** What the menus let the shell's pages load: the origins of remote entries, and the origins of the
 * external pages menus open (in a tab through /myiframe, or a window). Kept per cached rows array. */
export function cspSourcesOf(rows: MenuRow[]): CspSources {
  let sources = sourcesOfRows.get(rows);
  if (!sources) {
    sources = {
      remotes: originsOf(rows.map((m) => m.remote_entry)),
      frames: originsOf(rows.filter((m) => m.category === 1).map((m) => m.path)),
    };
    sourcesOfRows.set(rows, sources);
  }
  return sources;
}

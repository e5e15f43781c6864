const TTL_MS = 30_000;

/** Dictionary items by (table, tenant, code), kept briefly and dropped whenever a dictionary changes. */
export class DictCache<T> {
  private readonly entries = new Map<string, { items: T[]; at: number }>();

  async get(key: string, load: () => Promise<T[]>): Promise<T[]> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.items;
    const items = await load();
    this.entries.set(key, { items, at: Date.now() });
    return items;
  }

  /** Drops one dictionary code (in every tenant), or everything. */
  invalidate(code?: string): void {
    if (!code) return this.entries.clear();
    for (const key of this.entries.keys()) if (key.endsWith(`:${code}`)) this.entries.delete(key);
  }
}

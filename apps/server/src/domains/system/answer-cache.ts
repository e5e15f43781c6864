/** Serialized answers of one kind (menu routes, buttons) kept per key under one shared version tag
 * (util/shared-version.ts): a new tag drops every entry. Concurrent misses of one key share one
 * computation; an answer computed under a tag that changed meanwhile is answered but not kept. */
export class AnswerCache {
  private version = '';
  private readonly entries = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly maxEntries = 2000) {}

  async get(version: string, key: string, compute: () => Promise<unknown>): Promise<Buffer> {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
      this.pending.clear();
    }
    const hit = this.entries.get(key);
    if (hit) return hit;
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const computing = compute()
      .then((answer) => {
        const bytes = Buffer.from(JSON.stringify(answer));
        if (this.version === version) {
          // Oldest first out when full (role sets are few; this only bounds a pathological spread).
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, bytes);
        }
        return bytes;
      })
      .finally(() => {
        if (this.pending.get(key) === computing) this.pending.delete(key);
      });
    this.pending.set(key, computing);
    return computing;
  }
}

import { PLATFORM_TENANT, type Database } from '../db/database.js';
import type { KvStore } from '../util/kv-store.js';

/** What the token checks need of their marks: read several in one round trip, write one. A KvStore is
 * one (a TokenService in a unit test reads and writes a MemoryStore). */
export interface MarkStore {
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** Present in the shared store while it holds every mark of the table; gone when the store restarted
 * empty (or was flushed), which sends readers to the database until the marks are copied back. */
const LOADED = 'token-marks:loaded';
/** Held by the one instance copying the marks back. */
const LOADING = 'token-marks:loading';
/** The copy is redone daily (dropping expired rows), so the marker does not live longer. */
const LOADED_SECONDS = 24 * 3600;
const COPY_BATCH = 500;

/**
 * Marks that end or change tokens before they expire (revoked sessions and users, role changes), kept in
 * PostgreSQL (`blade_token_mark`) and in the shared store, which answers them: a request still costs one
 * store round trip, its marks read with the `loaded` marker. A store that restarted empty has lost the
 * marker too: until one instance has copied the table's live marks back into it (and set the marker
 * again), each request reads its own marks from the database as well. So a logged-out token stays
 * refused whatever happens to Redis. Writes go to the database first: a mark the store misses is
 * still found there.
 */
export class TokenMarks implements MarkStore {
  private copying: Promise<void> | undefined;
  constructor(
    private readonly db: Database,
    private readonly store: KvStore,
  ) {}

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    const expireAt = Date.now() + ttlSeconds * 1000;
    await this.db.autocommit({ tenantId: PLATFORM_TENANT }, (trx) =>
      trx
        .insertInto('blade_token_mark')
        .values({ mark_key: key, mark_value: value, expire_at: expireAt })
        .onConflict((oc) => oc.column('mark_key').doUpdateSet({ mark_value: value, expire_at: expireAt }))
        .execute(),
    );
    await this.store.set(key, value, ttlSeconds);
  }

  async getMany(keys: string[]): Promise<(string | null)[]> {
    const [loaded, ...values] = await this.store.getMany([LOADED, ...keys]);
    if (loaded !== null) return values;
    this.copyBack();
    const kept = await this.read(keys);
    // the store's value where it has one (the same or newer), else the database's
    return values.map((v, i) => v ?? kept.get(keys[i]!) ?? null);
  }

  /** The live marks among `keys`, from the database. */
  private async read(keys: string[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    const rows = await this.db.read({ tenantId: PLATFORM_TENANT }, (trx) =>
      trx
        .selectFrom('blade_token_mark')
        .select(['mark_key', 'mark_value'])
        .where('mark_key', 'in', keys)
        .where('expire_at', '>', Date.now())
        .execute(),
    );
    return new Map(rows.map((r) => [String(r.mark_key), String(r.mark_value)]));
  }

  /** Starts copying the table back into the store, unless this instance already is; another instance
   * holding the copy lock does it instead. Failures wait for the next request to try again. */
  private copyBack(): void {
    this.copying ??= this.copy()
      .catch(() => undefined)
      .finally(() => {
        this.copying = undefined;
      });
  }

  private async copy(): Promise<void> {
    if (!(await this.store.claim(LOADING, String(Date.now()), 60))) return;
    try {
      const now = Date.now();
      const rows = await this.db.tx({ tenantId: PLATFORM_TENANT }, async (trx) => {
        await trx.deleteFrom('blade_token_mark').where('expire_at', '<=', now).execute();
        return trx.selectFrom('blade_token_mark').select(['mark_key', 'mark_value', 'expire_at']).execute();
      });
      for (let i = 0; i < rows.length; i += COPY_BATCH) {
        await Promise.all(
          rows.slice(i, i + COPY_BATCH).map((r) => {
            const seconds = Math.ceil((Number(r.expire_at) - Date.now()) / 1000);
            // only where the store has none: a mark written since the rows were read is newer
            return seconds > 0 ? this.store.claim(String(r.mark_key), String(r.mark_value), seconds) : null;
          }),
        );
      }
      await this.store.set(LOADED, String(now), LOADED_SECONDS);
    } finally {
      await this.store.del(LOADING);
    }
  }
}

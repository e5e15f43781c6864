import path from 'node:path';
import { OSS_ENABLED } from '@tongxin/resources';
import type { Database, Row } from '../db/database.js';
import type { OutboundPolicy } from '../http/outbound.js';
import { type FileStore, LocalFileStore, S3FileStore } from './file-store.js';

/** Category 1 of 对象存储 is the server's disk; every other category is an S3-compatible endpoint. */
const LOCAL_CATEGORY = 1;
/** A stored name made under a configuration carries its id: `o<ossId>/yyyyMMdd/<hex>.<ext>`. */
const OSS_PREFIX = /^o(\d{1,20})\//;
const MAX_ID = 2n ** 63n - 1n;

/** The configuration a name was stored under: its id, `null` for none (the server's own store), or
 * `undefined` for an id no row can have (beyond bigint). */
function ossIdOf(name: string): string | null | undefined {
  const id = OSS_PREFIX.exec(name)?.[1];
  if (!id) return null;
  return BigInt(id) <= MAX_ID ? id : undefined;
}

/** The store an 对象存储 row describes; an S3 endpoint is reached only through the outbound policy. */
export function storeOf(row: Row, dataDir: string, outbound: OutboundPolicy): FileStore {
  if (Number(row.category) === LOCAL_CATEGORY) return new LocalFileStore(path.join(dataDir, 'uploads'));
  return new S3FileStore({
    agents: { httpAgent: outbound.agent('http:'), httpsAgent: outbound.agent('https:') },
    endpoint: String(row.endpoint ?? ''),
    region: String(row.region || 'us-east-1'),
    bucket: String(row.bucket_name ?? ''),
    accessKeyId: String(row.access_key ?? ''),
    secretAccessKey: String(row.secret_key ?? ''),
  });
}

/**
 * Which store a file goes to and comes from: the tenant's enabled 对象存储 configuration, else the
 * server's own store (S3_* variables or DATA_DIR/uploads). A name made under a configuration starts with
 * its id, so a file stays readable where it was put after another store is enabled. Stores are kept per
 * configuration and version (an edit makes a new one).
 */
export class TenantStores {
  private readonly cache = new Map<string, FileStore>();

  constructor(
    private readonly db: Database,
    readonly fallback: FileStore,
    private readonly dataDir: string,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** The store new uploads of the tenant go to, and the prefix of their names. */
  async forUpload(tenantId: string): Promise<{ store: FileStore; prefix: string }> {
    const row = await this.db.tx({ tenantId }, (trx) =>
      trx
        .selectFrom('blade_oss')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('status', '=', OSS_ENABLED)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    return row
      ? { store: this.cached(row), prefix: `o${String(row.id)}/` }
      : { store: this.fallback, prefix: '' };
  }

  /** The store holding a stored name (a removed configuration keeps serving what it holds). */
  async forName(name: string): Promise<FileStore | undefined> {
    const id = ossIdOf(name);
    if (id === null) return this.fallback;
    if (id === undefined) return undefined;
    const row = await this.db.tx({ tenantId: '000000', allTenants: true }, (trx) =>
      trx.selectFrom('blade_oss').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return row ? this.cached(row) : undefined;
  }

  /** The tenant a stored name belongs to: its configuration's, else its 附件 record's (a file stored
   * without a record in the server's own store has none). */
  async tenantOf(name: string): Promise<string | undefined> {
    const id = ossIdOf(name);
    if (id === undefined) return undefined;
    const row = await this.db.tx({ tenantId: '000000', allTenants: true }, (trx) =>
      id
        ? trx.selectFrom('blade_oss').select('tenant_id').where('id', '=', id).executeTakeFirst()
        : trx.selectFrom('blade_attach').select('tenant_id').where('name', '=', name).executeTakeFirst(),
    );
    return row ? String(row.tenant_id) : undefined;
  }

  private cached(row: Row): FileStore {
    const key = `${String(row.id)}:${String(row.version ?? '')}:${String(row.update_time ?? '')}`;
    let store = this.cache.get(key);
    if (!store) {
      store = storeOf(row, this.dataDir, this.outbound);
      this.cache.set(key, store);
    }
    return store;
  }
}

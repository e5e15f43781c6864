import type { MenuStore } from './access/menu-store.js';
import type { PermissionService } from './access/permissions.js';
import type { CaptchaService } from './auth/captcha.js';
import type { CurrentRoles } from './auth/current-roles.js';
import type { LoginLockout } from './auth/lockout.js';
import type { TenantStates } from './auth/tenant-states.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DictCache } from './dicts/dict-cache.js';
import type { DictItem } from './dicts/dict-items.js';
import type { FileStore } from './files/file-store.js';
import type { FileLinks } from './files/file-links.js';
import type { TenantStores } from './files/tenant-stores.js';
import type { LogWriter } from './logs/log-writer.js';
import type { OutboundPolicy } from './http/outbound.js';
import type { KvStore } from './util/kv-store.js';
import type { SharedVersion } from './util/shared-version.js';

/**
 * The infrastructure's services, built once per server by buildApp (app.ts) and handed down: what the
 * infrastructure's own routes and hooks (auth/, files/, logs/, dicts/, ...) need. The layers above add
 * theirs: the engine its served resources (engine/crud/engine-context.ts), the approval mechanism its
 * wiring (engine/approval/approval-context.ts); the domains get all of it (context.ts). Nothing here
 * imports a layer above the infrastructure (docs/architecture.md#the-picture).
 */
export interface Services {
  config: Config;
  db: Database;
  store: KvStore;
  tokens: TokenService;
  /** Role changes that reach tokens issued before them (auth/current-roles.ts). */
  roles: CurrentRoles;
  /** Whether a tenant's tokens are still good (not disabled, not expired), read again every few seconds. */
  tenants: TenantStates;
  captcha: CaptchaService;
  lockout: LoginLockout;
  permissions: PermissionService;
  /** Replaced whenever menus or grants change (access/grants-changed.ts); menu answers are cached on it. */
  grantsVersion: SharedVersion;
  /** The live menus: the menu routes and the page policy (the remotes' origins) read them. */
  menus: MenuStore;
  dicts: DictCache<DictItem>;
  files: FileStore;
  /** The store of each tenant's uploads (its enabled 对象存储, else `files`) and of each stored name. */
  stores: TenantStores;
  /** Signs the file links answers carry and checks them when a file is asked for (files/file-links.ts). */
  links: FileLinks;
  /** Every connection to an address a tenant or an administrator configured (object storage, SMS, the
   * Hikvision platform, data sources) goes through it: private addresses only where the operator allows. */
  outbound: OutboundPolicy;
  /** The log tables' batching writer (接口/错误/通用/登录日志, 操作审计): requests never wait on it. */
  logs: LogWriter;
}

import type { CaptchaService } from './auth/captcha.js';
import type { CurrentRoles } from './auth/current-roles.js';
import type { LoginLockout } from './auth/lockout.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { FileStore } from './files/file-store.js';
import type { DictCache } from './dicts/dict-cache.js';
import type { DictItem } from './dicts/dict-items.js';
import type { PermissionService } from './access/permissions.js';
import type { KvStore } from './util/kv-store.js';
import type { SharedVersion } from './util/shared-version.js';

/** Everything a route needs, built once per server. */
export interface AppContext {
  config: Config;
  db: Database;
  store: KvStore;
  tokens: TokenService;
  /** Role changes that reach tokens issued before them (auth/current-roles.ts). */
  roles: CurrentRoles;
  captcha: CaptchaService;
  lockout: LoginLockout;
  permissions: PermissionService;
  /** Replaced whenever menus or grants change (system/grants-changed.ts); menu answers are cached on it. */
  grantsVersion: SharedVersion;
  dicts: DictCache<DictItem>;
  files: FileStore;
}

import { isId } from '@tongxin/resources';
import type { AuthUser } from '../auth/tokens.js';
import { type Database, PLATFORM_TENANT, type Trx } from '../db/database.js';

const TTL_MS = 10_000;

/** A data-scope rule granted to a role (blade_scope_data through blade_role_scope). */
export interface DataScopeRule {
  id: string;
  resourceCode: string;
  type: number;
  column: string | null;
  value: string | null;
  /** 可见字段: the comma-joined columns (or wire names) the rule lets its holder see; `*` or empty = all. */
  field: string | null;
}

/** A live API scope (blade_scope_api): the requests whose path matches `scopePath`. */
export interface ApiScope {
  id: string;
  menuId: string;
  path: string;
  matches: (requestPath: string) => boolean;
}

/** BladeX `permissionAll()` (docs/domain-model.md#接口权限-apiscope) tests `uri.contains(scope_path)`; here the
 * same, with `*` for one path segment's characters, `**` for anything and `{name}` for one segment. */
export function apiPathMatcher(scopePath: string): (requestPath: string) => boolean {
  const source = scopePath
    .split(/(\*\*|\*|\{[^}/]*\})/)
    .map((part) =>
      part === '**'
        ? '.*'
        : part === '*'
          ? '[^/]*'
          : /^\{[^}/]*\}$/.test(part)
            ? '[^/]+'
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const re = new RegExp(source);
  return (requestPath) => re.test(requestPath);
}

/** A code list check: an entry ending in `*` matches every code with that prefix (`work_*`). */
export function holdsAny(codes: Set<string>, wanted: readonly string[]): boolean {
  for (const w of wanted) {
    if (w.endsWith('*')) {
      const prefix = w.slice(0, -1);
      for (const c of codes) if (c.startsWith(prefix)) return true;
    } else if (codes.has(w)) return true;
  }
  return false;
}

/** Grants are cached per tenant and role set. */
const grantsKey = (user: AuthUser) => `${user.tenantId}:${user.roleIds.filter(isId).join(',')}`;

export interface Grants {
  /** Every menu and button id granted to the roles. */
  menuIds: Set<string>;
  /** Permission codes routes check: the codes of the granted buttons and of the granted menus (a
   * screen without a view button is readable by whoever holds its menu). */
  buttonCodes: Set<string>;
  /** Data-scope rules of the roles. */
  dataScopes: DataScopeRule[];
  /** Ids of the data scopes and API scopes granted to the roles. */
  dataScopeIds: Set<string>;
  apiScopeIds: Set<string>;
}

/** What a user's roles are granted, read in one query and cached briefly per tenant + role set. Every
 * change to grants or menus calls `invalidate()` (access/grants-changed.ts) and replaces the shared
 * grants version, which the guard reads with every token and hands to `sync`: so the next request of
 * any user on any instance sees the change. */
export class PermissionService {
  private readonly cache = new Map<string, { grants: Grants; at: number }>();
  private apis: { scopes: ApiScope[]; at: number } | undefined;
  private version: string | null | undefined;
  /** Raised by every invalidation: a read that started before one is not cached after it. */
  private generation = 0;
  constructor(private readonly db: Database) {}

  /** The shared grants version as just read: when it changed, every cached grant is dropped. */
  sync(version: string | null): void {
    if (version === this.version) return;
    this.invalidate();
    this.version = version;
  }

  /** Every live API scope; a request whose path matches one is protected (see `apiAllowed`). */
  async apiScopes(): Promise<ApiScope[]> {
    if (this.apis && Date.now() - this.apis.at < TTL_MS) return this.apis.scopes;
    const generation = this.generation;
    const rows = await this.db.tx({ tenantId: PLATFORM_TENANT }, (trx) =>
      trx
        .selectFrom('blade_scope_api')
        .select(['id', 'menu_id', 'scope_path'])
        .where('is_deleted', '=', 0)
        .where('status', '=', 1)
        .execute(),
    );
    const scopes = rows
      .filter((r) => typeof r.scope_path === 'string' && r.scope_path !== '')
      .map((r) => ({
        id: String(r.id),
        menuId: String(r.menu_id ?? ''),
        path: String(r.scope_path),
        matches: apiPathMatcher(String(r.scope_path)),
      }));
    if (generation === this.generation) this.apis = { scopes, at: Date.now() };
    return scopes;
  }

  /** API scope (docs/domain-model.md#接口权限-apiscope) as a restriction: a path no live API scope matches is
   * open to the route's own rule; a path one matches needs one of the matching scopes granted to the user's
   * roles. The caller passes the decoded request path and the route's pattern, so an encoded path cannot slip
   * past a scope. */
  async apiAllowed(user: AuthUser, requestPaths: readonly string[]): Promise<boolean> {
    const matching = (await this.apiScopes()).filter((a) => requestPaths.some((p) => a.matches(p)));
    if (!matching.length) return true;
    const { apiScopeIds } = await this.grants(user);
    return matching.some((a) => apiScopeIds.has(a.id));
  }

  /** The grants of the user's roles (cached briefly). `within`: a transaction of the user's tenant the
   * caller holds, read in when the cache misses (PGlite has one connection: a second transaction opened
   * inside one would wait forever). */
  async grants(user: AuthUser, version?: string, within?: Trx): Promise<Grants> {
    if (version !== undefined) this.sync(version);
    const roleIds = user.roleIds.filter(isId);
    const key = grantsKey(user);
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.grants;
    const generation = this.generation;
    const grants: Grants = {
      menuIds: new Set(),
      buttonCodes: new Set(),
      dataScopes: [],
      dataScopeIds: new Set(),
      apiScopeIds: new Set(),
    };
    if (roleIds.length) {
      const read = <T>(fn: (trx: Trx) => Promise<T>) =>
        within ? fn(within) : this.db.tx({ tenantId: user.tenantId }, fn);
      const [rows, scopes, apis, pkg] = await read((trx) =>
        Promise.all([
          trx
            .selectFrom('blade_role_menu as rm')
            .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
            .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
            .select(['m.id', 'm.parent_id', 'm.code', 'm.category'])
            .distinct()
            .where('rm.role_id', 'in', roleIds)
            .where('m.is_deleted', '=', 0)
            .where('r.is_deleted', '=', 0)
            .execute(),
          trx
            .selectFrom('blade_role_scope as rs')
            .innerJoin('blade_scope_data as sd', 'sd.id', 'rs.scope_id')
            .select([
              'sd.id',
              'sd.resource_code',
              'sd.scope_type',
              'sd.scope_column',
              'sd.scope_value',
              'sd.scope_field',
            ])
            .where('rs.role_id', 'in', roleIds)
            .where('rs.scope_category', '=', 1)
            .where('sd.is_deleted', '=', 0)
            .where('sd.status', '=', 1)
            .execute(),
          trx
            .selectFrom('blade_role_scope as rs')
            .innerJoin('blade_scope_api as sa', 'sa.id', 'rs.scope_id')
            .select('sa.id')
            .where('rs.role_id', 'in', roleIds)
            .where('rs.scope_category', '=', 2)
            .where('sa.is_deleted', '=', 0)
            .where('sa.status', '=', 1)
            .execute(),
          // A tenant with a product package may use only the package's menus (and their buttons).
          trx
            .selectFrom('blade_tenant as t')
            .innerJoin('blade_tenant_package as p', 'p.id', 't.package_id')
            .select('p.menu_id')
            .where('t.tenant_id', '=', user.tenantId)
            .where('t.is_deleted', '=', 0)
            .where('p.is_deleted', '=', 0)
            .executeTakeFirst(),
        ]),
      );
      const allowed = pkg ? new Set(String(pkg.menu_id ?? '').split(',')) : undefined;
      for (const r of rows) {
        if (allowed && !allowed.has(String(r.id)) && !(r.category === 2 && allowed.has(String(r.parent_id))))
          continue;
        grants.menuIds.add(String(r.id));
        grants.buttonCodes.add(String(r.code));
      }
      grants.dataScopes = scopes.map((s) => ({
        id: String(s.id),
        resourceCode: String(s.resource_code),
        type: Number(s.scope_type),
        column: (s.scope_column as string | null) ?? null,
        value: (s.scope_value as string | null) ?? null,
        field: (s.scope_field as string | null) ?? null,
      }));
      grants.dataScopeIds = new Set(scopes.map((s) => String(s.id)));
      grants.apiScopeIds = new Set(apis.map((a) => String(a.id)));
    }
    if (generation === this.generation) this.cache.set(key, { grants, at: Date.now() });
    return grants;
  }

  async has(user: AuthUser, code: string): Promise<boolean> {
    return (await this.grants(user)).buttonCodes.has(code);
  }

  /** Holds any of the codes (`x_*` matches a prefix). */
  async hasAny(user: AuthUser, codes: readonly string[]): Promise<boolean> {
    return holdsAny((await this.grants(user)).buttonCodes, codes);
  }

  /** A user's own 清除缓存 (auth/clear-cache.ts): the grants of their roles are read afresh on this
   * instance; nothing shared is touched. */
  forget(user: AuthUser): void {
    this.generation++;
    this.cache.delete(grantsKey(user));
  }

  /** Grants, menus or scopes changed: the next request of any user reads them afresh. */
  invalidate(): void {
    this.generation++;
    this.cache.clear();
    this.apis = undefined;
  }
}

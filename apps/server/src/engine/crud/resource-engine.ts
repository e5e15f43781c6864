import {
  buttonCodes,
  hasStandard,
  columnOf,
  isId,
  isTenantId,
  labelFieldOf,
  revealCodes,
  sensitiveFields,
  TENANT_ID_INVALID,
  transitionsOf,
  type ResourceDef,
  type TransitionDef,
} from '@tongxin/resources';
import { type ExpressionBuilder } from 'kysely';
import { isAdministrator } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { EngineContext } from './engine-context.js';
import { PLATFORM_TENANT, type Row, type Schema, type TenantScope, type Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import type { AnySelect, QueryFields, Sort } from '../../http/list-query.js';
import type { DataScopeRule } from '../../access/permissions.js';
import { toCamel } from '../../util/case.js';
import { formatDateTime } from '../../util/datetime.js';
import { type AuditActor, AuditTrail } from './audit-trail.js';
import { dataScopeCondition, resolveDataScope } from './data-scope.js';
import type { HookArgs, ResourceHooks } from './hooks.js';
import { queryFieldsOf, secretColumns } from './query-fields.js';
import { assertReferencesVisible } from './reference-scope.js';
import { addRefNames, nameColumns, namedRefsOf } from './ref-names.js';
import { assertFresh, nextVersion } from './record-version.js';
import { StateRefusal, refusalMessage } from './state-refusal.js';
import { uniqueViolation } from './unique-violation.js';
import { columnMoveOf, type MoveTarget, moveRecord, type TransitionInput } from './transition.js';
import { RouteSchemas } from './route-schemas/index.js';
import { validateBody } from './validate.js';
import { hiddenFields, stripHidden, visibleQueryFields } from './visible-fields.js';
import { keepMasked, maskAnswer, takeMasks, wholeValueFields, type SentMasks } from './personal-data.js';

/** What a resource's engine is given besides its definition (engine/module.ts ResourceModule). */
export interface EngineBehaviour<C extends EngineContext = EngineContext> {
  hooks?: ResourceHooks<C>;
  /** What follows a new record in its transaction, given its id and the columns it was written with. */
  onInsert?: (args: HookArgs, id: string, row: Readonly<Record<string, unknown>>) => Promise<void>;
}

/** The shared machinery of one resource: scoping, reading, writing. Routes and Excel use it. `C` is the
 * context it was served with (buildApp hands down the whole AppContext; the engine itself reads only
 * its EngineContext part), what its hooks, verbs and routes are handed. */
export class ResourceEngine<C extends EngineContext = EngineContext> {
  readonly fields;
  readonly secrets;
  readonly hooks: ResourceHooks<C>;
  readonly fallbackSort: Sort[];
  /** References whose names go out with the rows (`packageId` → `packageName`). */
  readonly namedRefs;
  /** The names of single references, selected by the row queries themselves (ref-names.ts nameColumns). */
  private readonly names;
  /** column → wire name, from the definition (a field may name its column explicitly). */
  readonly wireNames: Map<string, string>;
  /** The tree's key column (what parents point at) and root parent value. */
  readonly treeKey: { column: string; field: string; root: string } | undefined;
  /** The route schemas of the resource's generated routes (route-schemas/). */
  readonly schemas: RouteSchemas;
  /** 操作审计: every write, queued for the log once its transaction committed. */
  readonly audit: AuditTrail;
  /** The fields the user of a `run` transaction may not see (read before the transaction opens: PGlite
   * has one connection, so no second transaction may start inside one). */
  private readonly hiddenIn = new WeakMap<Trx, Set<string> | undefined>();
  /** The fields holding personal data (masked in every answer, personal-data.ts). */
  readonly sensitive;
  /** Transactions whose answers go out unmasked (`unmask`). */
  private readonly plainIn = new WeakSet<Trx>();

  /** What follows a new record in its transaction (the approval start of a definition with `process`,
   * wired by the engine's registration, engine/serve-resources.ts). */
  private readonly onInsert: EngineBehaviour['onInsert'];

  constructor(
    readonly def: ResourceDef,
    readonly ctx: C,
    behaviour: EngineBehaviour<C> = {},
  ) {
    this.fields = queryFieldsOf(def);
    this.secrets = secretColumns(def);
    this.sensitive = sensitiveFields(def);
    this.audit = new AuditTrail(def, this.secrets, ctx.logs);
    this.hooks = behaviour.hooks ?? {};
    this.onInsert = behaviour.onInsert;
    this.namedRefs = namedRefsOf(def);
    this.names = nameColumns(def, this.namedRefs);
    this.fallbackSort = (def.defaultSort ?? []).map((s) => ({
      column: this.fields[s.field]?.column ?? 'id',
      direction: s.direction,
    }));
    this.fallbackSort.push({ column: 'id', direction: 'desc' });
    this.wireNames = new Map(def.fields.map((f) => [columnOf(f), f.name]));
    if (def.tree) {
      const field = def.tree.keyField ?? 'id';
      const keyDef = def.fields.find((f) => f.name === field);
      this.treeKey = { field, column: keyDef ? columnOf(keyDef) : 'id', root: def.tree.root ?? '0' };
    }
    this.schemas = new RouteSchemas(this);
  }

  /** The platform administrator works across tenants on platform-wide resources. */
  crossTenant(user: AuthUser): boolean {
    return Boolean(this.def.platformWide && this.def.tenant && isAdministrator(user));
  }

  scope(user: AuthUser): TenantScope {
    return { tenantId: user.tenantId, allTenants: this.crossTenant(user) };
  }

  /** How the record `id` is moved in `trx` by `actor`: noted in this resource's 操作审计, queued once
   * `trx` committed (transition.ts). */
  moveTarget(trx: Trx, id: string, actor: AuditActor): MoveTarget {
    return {
      def: this.def,
      id,
      actor,
      trail: this.audit,
      onCommit: (fn) => this.ctx.db.afterCommit(trx, fn),
    };
  }

  /** Fires the definition's transition `name` (transitionsOf) on the record `id` in `trx`: the move
   * (transition.ts moveRecord), then the resource's `afterTransition`. A record outside the
   * transition's from-state is a StateRefusal (worded once the transaction rolled back). */
  async transition(
    trx: Trx,
    actor: AuditActor,
    id: string,
    name: string,
    input: TransitionInput = {},
  ): Promise<{ before: Row; after: Row }> {
    const t = transitionsOf(this.def).find((x) => x.name === name);
    if (!t) throw new Error(`${this.def.name}: no transition named ${name}`);
    const moved = await moveRecord(
      trx,
      this.moveTarget(trx, id, actor),
      columnMoveOf(this.def, t, actor, input),
    );
    if ('refused' in moved) {
      const { refused, condition } = moved;
      const nameColumn = this.fields[labelFieldOf(this.def)]?.column ?? 'id';
      const on = t.on;
      const action = 'action' in on ? this.def.actions?.find((a) => a.name === on.action) : undefined;
      throw new StateRefusal({
        field: this.def.fields.find((f) => columnOf(f) === condition.column),
        name: String(refused[nameColumn] ?? refused.id),
        value: refused[condition.column],
        doing: action?.label.zh ?? t.name,
        count: 1,
      });
    }
    await this.afterTransition(trx, actor, t, moved.before, moved.after);
    return moved;
  }

  /** The resource's side effects of a transition (its `afterTransition` hook), in `trx`. */
  async afterTransition(
    trx: Trx,
    actor: AuditActor,
    t: TransitionDef,
    before: Row,
    after: Row,
  ): Promise<void> {
    await this.hooks.afterTransition?.({ trx, ctx: this.ctx, actor }, t, before, after);
  }

  /** Runs `fn` in one transaction with `base()`: the live rows the user may see (soft delete, tenant,
   * data scope). Grants are loaded before the transaction opens (PGlite has a single connection). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async run<T>(user: AuthUser, fn: (trx: Trx, base: () => Promise<any>) => Promise<T>): Promise<T> {
    return this.scoped(user, fn, (body) => this.tx(user, body));
  }

  /** `run` for a handler that only reads: `Database.read` (on PostgreSQL each statement one round trip
   * with the tenant settings in front of it, no BEGIN or COMMIT; a write fails). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async read<T>(user: AuthUser, fn: (trx: Trx, base: () => Promise<any>) => Promise<T>): Promise<T> {
    return this.scoped(user, fn, (body) => this.ctx.db.read(this.scope(user), body));
  }

  private async scoped<T>(
    user: AuthUser,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fn: (trx: Trx, base: () => Promise<any>) => Promise<T>,
    within: (body: (trx: Trx) => Promise<T>) => Promise<T>,
  ): Promise<T> {
    const { dataScopes } = await this.ctx.permissions.grants(user);
    const hidden = hiddenFields(this.def, user, dataScopes);
    return within((trx) => {
      this.hiddenIn.set(trx, hidden);
      return fn(trx, () => this.baseQuery(trx, user, dataScopes));
    });
  }

  /** The live rows the user may see: soft delete, tenant, the roles' data scope on this resource and the
   * resource's own restriction. */
  private async baseQuery(trx: Trx, user: AuthUser, dataScopes: DataScopeRule[]): Promise<AnySelect> {
    let q: AnySelect = trx.selectFrom(this.def.table);
    if (this.def.softDelete) q = q.where('is_deleted', '=', 0);
    if (this.def.tenant && !this.crossTenant(user)) q = q.where('tenant_id', '=', user.tenantId);
    const scope = await dataScopeCondition(trx, user, this.def, this.fields, dataScopes);
    if (scope) q = q.where(scope);
    const restriction = this.hooks.restrict?.({ trx, user, ctx: this.ctx });
    return restriction ? q.where(restriction) : q;
  }

  /** `base()` of `run`/`read` inside any transaction of the user's tenant (a hand-written route's, the
   * approval's, another resource's): the rows of this resource the user may see, as its lists and its
   * detail see them. Every read or write of a record by id outside the generated routes starts here. */
  async visibleQuery(trx: Trx, user: AuthUser): Promise<AnySelect> {
    const { dataScopes } = await this.ctx.permissions.grants(user, undefined, trx);
    return this.baseQuery(trx, user, dataScopes);
  }

  /** Whether the user sees fewer than all the tenant's live rows (a data-scope rule or the resource's
   * restriction applies to them). */
  async restricted(trx: Trx, user: AuthUser): Promise<boolean> {
    const { dataScopes } = await this.ctx.permissions.grants(user, undefined, trx);
    if (this.hooks.restrict?.({ trx, user, ctx: this.ctx })) return true;
    return (await resolveDataScope(trx, user, this.def, this.fields, dataScopes)) !== undefined;
  }

  /** One record the user may see (every column), or undefined: a record outside their data scope is
   * not there for them, as on the generic detail. `lock` takes it FOR UPDATE. */
  async visibleRow(trx: Trx, user: AuthUser, id: string, lock = false): Promise<Row | undefined> {
    if (!isId(id)) return undefined;
    const q = (await this.visibleQuery(trx, user)).selectAll().where('id', '=', id);
    return (await (lock ? q.forUpdate() : q).executeTakeFirst()) as Row | undefined;
  }

  /** The records named by `ids`, every one the user may see, else the generic detail's answer to a record
   * they cannot see (404 `message`, default 数据不存在或已被删除) and nothing read further. */
  async requireVisible(
    trx: Trx,
    user: AuthUser,
    ids: readonly string[],
    opts: { lock?: boolean; message?: string } = {},
  ): Promise<Row[]> {
    const wanted = [...new Set(ids)];
    if (!wanted.length || !wanted.every(isId)) throw notFound(opts.message);
    const q = (await this.visibleQuery(trx, user)).selectAll().where('id', 'in', wanted);
    const rows = (await (opts.lock ? q.forUpdate() : q).execute()) as Row[];
    if (rows.length !== wanted.length) throw notFound(opts.message);
    return rows;
  }

  /** One transaction in the user's tenant scope; the writes it noted go to the audit log once it committed. */
  async tx<T>(user: AuthUser, fn: (trx: Trx) => Promise<T>): Promise<T> {
    let used: Trx | undefined;
    const result = await this.ctx.db.tx(this.scope(user), (trx) => {
      used = trx;
      return fn(trx);
    });
    if (used) this.audit.committed(used);
    return result;
  }

  /** Every column of the rows `query` reads, with the names of their single references (decorate adds
   * the rest). */
  selectRows(query: AnySelect): AnySelect {
    return this.names.length ? query.selectAll(this.def.table).select(this.names) : query.selectAll();
  }

  /** column → wire name, or null for a secret column; filled as columns are first met (a table's columns
   * and the aliases its queries select: a bounded set), so a row costs one lookup per column. */
  private readonly wireOf = new Map<string, string | null>();

  toWire(row: Row): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const k in row) {
      let name = this.wireOf.get(k);
      if (name === undefined) {
        name = this.secrets.has(k) ? null : (this.wireNames.get(k) ?? toCamel(k));
        this.wireOf.set(k, name);
      }
      if (name !== null) out[name] = row[k];
    }
    return out;
  }

  async decorate(trx: Trx, user: AuthUser, rows: Row[]): Promise<Record<string, unknown>[]> {
    const wire = rows.map((r) => this.toWire(r));
    if (wire.length) await addRefNames(trx, this.namedRefs, wire);
    if (this.hooks.decorate && wire.length) await this.hooks.decorate({ trx, user, ctx: this.ctx }, wire);
    stripHidden(wire, this.hiddenIn.get(trx));
    if (!this.plainIn.has(trx)) maskAnswer(this.def, user, wire, this.sensitive);
    return wire;
  }

  /** The rows `trx` decorates go out with their personal data whole: only the audited reveal verb and
   * the export of a holder of `<permission>_export_sensitive` call this. */
  unmask(trx: Trx): void {
    this.plainIn.add(trx);
  }

  /** Whether the user may reveal this resource's personal data (`<permission>_reveal`). */
  async mayReveal(user: AuthUser): Promise<boolean> {
    return this.ctx.permissions.hasAny(user, revealCodes(this.def));
  }

  /** Wire names the user's data-scope rules hide (可见字段), or undefined. */
  async hidden(user: AuthUser): Promise<Set<string> | undefined> {
    return hiddenFields(this.def, user, (await this.ctx.permissions.grants(user)).dataScopes);
  }

  /** The filter and sort allow-list for this user: hidden fields can be neither read nor probed, and
   * personal data is matched by whole values only unless the user may reveal it. */
  async fieldsFor(user: AuthUser): Promise<QueryFields> {
    const visible = visibleQueryFields(this.fields, await this.hidden(user));
    if (!this.sensitive.length || (await this.mayReveal(user))) return visible;
    return wholeValueFields(visible, this.sensitive);
  }

  /** The condition of the resource's own list parameters (`deptId` of users), as on the list. */
  async listCondition(trx: Trx, user: AuthUser, raw: Record<string, unknown>) {
    if (!this.hooks.filter) return undefined;
    const params: Record<string, string> = {};
    for (const k of this.hooks.params ?? [])
      if (typeof raw[k] === 'string' && raw[k]) params[k] = raw[k] as string;
    return this.hooks.filter({ trx, user, ctx: this.ctx }, params);
  }

  /** The button codes of `action`: the resource's own and those of its alias screens; any one will do. */
  async requirePermission(user: AuthUser, action: Parameters<typeof buttonCodes>[1]): Promise<void> {
    if (!(await this.ctx.permissions.hasAny(user, buttonCodes(this.def, action)))) throw forbidden();
  }

  async uniqueCheck(trx: Trx, user: AuthUser, values: Record<string, unknown>, id?: string): Promise<void> {
    for (const f of this.def.fields) {
      const column = columnOf(f);
      if (!f.unique || values[column] === undefined || values[column] === null) continue;
      let q = trx.selectFrom(this.def.table).select('id').where(column, '=', values[column]);
      if (this.def.softDelete) q = q.where('is_deleted', '=', 0);
      if (this.def.tenant)
        q = q.where('tenant_id', '=', (values.tenant_id as string | undefined) ?? user.tenantId);
      if (id) q = q.where('id', '<>', id);
      if (await q.executeTakeFirst()) throw badRequest(f.unique);
    }
  }

  /** Inserts one validated record with audit columns; returns its id. */
  async insert(
    trx: Trx,
    user: AuthUser,
    values: Record<string, unknown>,
    body: Record<string, unknown>,
    opts: { own?: boolean } = {},
  ): Promise<string> {
    const row: Record<string, unknown> = { ...values, id: nextId() };
    if (this.def.tenant) {
      const requested = typeof body.tenantId === 'string' && body.tenantId ? body.tenantId : undefined;
      if (requested && !isTenantId(requested)) throw badRequest(TENANT_ID_INVALID.zh);
      row.tenant_id = this.crossTenant(user) && requested ? requested : user.tenantId;
    }
    if (this.def.audit) {
      const now = formatDateTime();
      Object.assign(row, {
        create_user: user.userId,
        create_dept: user.deptIds[0] ?? null,
        create_time: now,
        update_user: user.userId,
        update_time: now,
        status: values.status ?? 1,
      });
    }
    const args = { trx, user, ctx: this.ctx, ...(opts.own ? { own: true } : {}) };
    if (opts.own) row[this.ownColumn()!] = user.userId;
    await this.uniqueCheck(trx, user, row);
    await assertReferencesVisible(this.ctx.resources, trx, user, this.def, row);
    await this.hooks.beforeWrite?.(args, row, undefined);
    await trx.insertInto(this.def.table).values(row).execute();
    this.audit.note(trx, user, 'insert', String(row.id), undefined, row);
    await this.hooks.afterWrite?.(args, String(row.id), row, true);
    await this.onInsert?.(args, String(row.id), row);
    return String(row.id);
  }

  async update(
    trx: Trx,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    base: () => Promise<any>,
    user: AuthUser,
    id: string,
    values: Record<string, unknown>,
    body: Record<string, unknown>,
    opts: { own?: boolean; masks?: SentMasks } = {},
  ): Promise<void> {
    const current = (await (await base()).selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) as
      Row | undefined;
    // an owner changes only a record of their own: another's reads as missing
    if (!current || (opts.own && String(current[this.ownColumn()!] ?? '') !== user.userId)) throw notFound();
    assertFresh(current, body);
    this.assertEditable(current);
    keepMasked(opts.masks, current);
    const changes: Record<string, unknown> = { ...values };
    if (opts.own) delete changes[this.ownColumn()!];
    if (this.def.audit) Object.assign(changes, { update_user: user.userId, update_time: formatDateTime() });
    const args = { trx, user, ctx: this.ctx, ...(opts.own ? { own: true } : {}) };
    await this.uniqueCheck(trx, user, { ...changes, tenant_id: current.tenant_id }, id);
    await assertReferencesVisible(this.ctx.resources, trx, user, this.def, values);
    await this.hooks.beforeWrite?.(args, changes, current);
    Object.assign(changes, nextVersion(current));
    if (Object.keys(changes).length)
      await trx.updateTable(this.def.table).set(changes).where('id', '=', id).execute();
    this.audit.note(trx, user, 'update', id, current, changes);
    await this.hooks.afterWrite?.(args, id, changes, false);
  }

  /** The column of the owner of a record residents file for themselves (`own`). */
  ownColumn(): string | undefined {
    return this.def.own && this.fields[this.def.own.field]?.column;
  }

  /** A record outside the definition's `editableWhen` states is not changed (thrown as a StateRefusal,
   * worded once the transaction rolled back). */
  assertEditable(current: Row): void {
    const when = this.def.editableWhen;
    if (!when) return;
    const column = this.fields[when.field]?.column ?? when.field;
    if (when.in.map(String).includes(String(current[column] ?? ''))) return;
    const nameColumn = this.fields[labelFieldOf(this.def)]?.column ?? 'id';
    throw new StateRefusal({
      field: this.def.fields.find((f) => f.name === when.field),
      name: String(current[nameColumn] ?? current.id),
      value: current[column],
      doing: '修改',
      count: 1,
    });
  }

  /** Whether the caller writes as the record's owner: without the add or edit button, on a definition
   * residents file for themselves (`own`); with neither, the write is refused (403). */
  private async writesAsOwner(user: AuthUser, action: 'add' | 'edit'): Promise<boolean> {
    if (await this.ctx.permissions.hasAny(user, buttonCodes(this.def, action))) return false;
    if (!this.def.own) throw forbidden();
    return true;
  }

  /** An owner's body: it names the caller as the owner, or nobody (a body naming another is a 403). */
  private asOwn(user: AuthUser, body: Record<string, unknown>): Record<string, unknown> {
    const field = this.def.own!.field;
    const named = body[field];
    if (named !== undefined && named !== null && named !== '' && String(named) !== user.userId)
      throw forbidden('只能提交本人的记录');
    return { ...body, [field]: user.userId };
  }

  /** The checks of a write before its transaction: the id for the mode, the caller's permission (add or
   * edit; without it, as the owner where the definition allows), and the body against the definition
   * (validate.ts); each refusal is a 400/403 in Chinese. */
  async prepareWrite(
    user: AuthUser,
    body: unknown,
    mode: 'submit' | 'save' | 'update',
  ): Promise<{ id: string | undefined; values: Record<string, unknown>; own: boolean; masks?: SentMasks }> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
    const given = (body as Record<string, unknown>).id;
    const id = given === undefined || given === null || given === '' ? undefined : String(given);
    if (mode === 'save' && id) throw badRequest('新增时不能指定主键');
    if (mode === 'update' && !id) throw badRequest('缺少必要的请求参数: id');
    if (id && !isId(id)) throw badRequest('主键格式不正确');
    // a resource without the standard action (messages are sent, never edited) refuses it to anyone
    if (!hasStandard(this.def, id ? 'edit' : 'add')) throw forbidden();
    const own = await this.writesAsOwner(user, id ? 'edit' : 'add');
    this.requirePlatformForGlobal(user);
    const sentBody = own
      ? this.asOwn(user, body as Record<string, unknown>)
      : (body as Record<string, unknown>);
    // a change sending back the masks it was shown keeps the stored values (checked in `update`)
    const { body: sent, masks } = id
      ? takeMasks(this.def.fields, sentBody)
      : { body: sentBody, masks: undefined };
    return { id, own, masks, values: validateBody(this.def, sent, !id) };
  }

  /** Validates and writes one record from a request body; the caller's permission is checked here. */
  async write(
    user: AuthUser,
    body: Record<string, unknown>,
    mode: 'submit' | 'save' | 'update',
  ): Promise<{ id: string; isNew: boolean }> {
    const { id, values, own, masks } = await this.prepareWrite(user, body, mode);
    const written = await this.run(user, async (trx, base) => {
      if (!id) return { id: await this.insert(trx, user, values, body, { own }), isNew: true };
      await this.update(trx, base, user, id, values, body, { own, masks });
      return { id, isNew: false };
    }).catch(async (error: unknown) => {
      throw await this.explain(user, error);
    });
    await this.hooks.committed?.({ user, ctx: this.ctx }, [written.id], 'write');
    return written;
  }

  /** The answer for an error out of a write's transaction: a state refusal worded, a unique violation
   * raised by the database as the field's message, anything else as it is. */
  async explain(user: AuthUser, error: unknown): Promise<unknown> {
    if (error instanceof StateRefusal) return badRequest(await refusalMessage(this.ctx, user, error.refusal));
    return uniqueViolation(this.def, error);
  }

  /** Tables without a tenant column are shared by every tenant: only the platform tenant changes them. */
  requirePlatformForGlobal(user: AuthUser): void {
    if (!this.def.tenant && user.tenantId !== PLATFORM_TENANT)
      throw forbidden('只有平台管理员可以维护全局数据');
  }

  /** Removes by id; trees keyed by another field (regions by code) also by that key (BladeX
   * `region/remove?id=<code>`). */
  async remove(user: AuthUser, given: string[]): Promise<void> {
    this.requirePlatformForGlobal(user);
    const removed = await this.run(user, async (trx, base) => {
      const keyColumn = this.treeKey && this.treeKey.column !== 'id' ? this.treeKey.column : undefined;
      const visible = (await (
        await base()
      )
        .selectAll()
        .where((eb: ExpressionBuilder<Schema, string>) =>
          keyColumn ? eb.or([eb('id', 'in', given), eb(keyColumn, 'in', given)]) : eb('id', 'in', given),
        )
        .execute()) as Row[];
      const ids = [
        ...new Set(
          given.map((v) => {
            const row =
              visible.find((r) => String(r.id) === v) ??
              (keyColumn ? visible.find((r) => String(r[keyColumn]) === v) : undefined);
            if (!row) throw notFound();
            return String(row.id);
          }),
        ),
      ];
      if (this.def.tree && this.treeKey) {
        const parentColumn = columnOf(this.def.fields.find((f) => f.name === this.def.tree!.parentField)!);
        const keys = (
          await trx.selectFrom(this.def.table).select(this.treeKey.column).where('id', 'in', ids).execute()
        ).map((r) => String(r[this.treeKey!.column]));
        let children = trx
          .selectFrom(this.def.table)
          .select('id')
          .where(parentColumn, 'in', keys)
          .where('id', 'not in', ids);
        if (this.def.softDelete) children = children.where('is_deleted', '=', 0);
        if (await children.executeTakeFirst()) throw badRequest('请先删除子节点!');
      }
      await this.hooks.beforeRemove?.({ trx, user, ctx: this.ctx }, ids);
      for (const row of visible.filter((r) => ids.includes(String(r.id))))
        this.audit.note(trx, user, 'remove', String(row.id), row);
      if (this.def.softDelete) {
        const changes = this.def.audit
          ? { is_deleted: 1, update_user: user.userId, update_time: formatDateTime() }
          : { is_deleted: 1 };
        await trx.updateTable(this.def.table).set(changes).where('id', 'in', ids).execute();
      } else {
        await trx.deleteFrom(this.def.table).where('id', 'in', ids).execute();
      }
      return ids;
    });
    await this.hooks.committed?.({ user, ctx: this.ctx }, removed, 'remove');
  }
}

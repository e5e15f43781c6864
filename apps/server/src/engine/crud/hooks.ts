import type { ActionDef, TransitionDef } from '@tongxin/resources';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AuthUser } from '../../auth/tokens.js';
import type { EngineContext } from './engine-context.js';
import type { Row, Schema, Trx } from '../../db/database.js';
import type { AuditActor } from './audit-trail.js';

/** What a hook is handed. `C` is the context of the layer that serves the resource: the engine's own
 * (EngineContext), or a wider one a domain's hooks read (context.ts AppContext, handed down by buildApp). */
export interface HookArgs<C extends EngineContext = EngineContext> {
  trx: Trx;
  user: AuthUser;
  ctx: C;
  /** A write the caller makes as the record's owner, without the button (a resident's own application,
   * `ResourceDef.own`); absent for the back office's writes. */
  own?: boolean;
}

/** What a transition's hook is given: the actor may be the server itself (a time's, systemActor). */
export interface TransitionArgs<C extends EngineContext = EngineContext> {
  trx: Trx;
  ctx: C;
  actor: AuditActor;
}

/** What a resource adds to the generic engine (the `hooks` of its ResourceModule, engine/module.ts, in
 * its domain's folder). Every hook is optional; a plain resource has none. */
export interface ResourceHooks<C extends EngineContext = EngineContext> {
  /** Adjusts or checks column values before an insert (`existing` undefined) or an update. */
  beforeWrite?(args: HookArgs<C>, values: Record<string, unknown>, existing: Row | undefined): Promise<void>;
  /** Runs in the same transaction after the write. */
  afterWrite?(args: HookArgs<C>, id: string, values: Record<string, unknown>, isNew: boolean): Promise<void>;
  /** Runs after the transaction of a write (`submit`/`save`/`update`) or a remove has committed, with
   * the ids written or removed: for what must follow a committed change only (shared cache versions,
   * token revocation), never for checks. */
  committed?(args: { user: AuthUser; ctx: C }, ids: string[], action: 'write' | 'remove'): Promise<void>;
  /** Runs in the transaction of an effect action (`ActionDef.effect`, effect-routes.ts) once its rows
   * changed: the rows as they were, and the columns the effect wrote (what follows a state change: the
   * people to tell, the rows that go with it). */
  afterEffect?(
    args: HookArgs<C>,
    action: ActionDef,
    rows: Row[],
    changes: Record<string, unknown>,
  ): Promise<void>;
  /** Runs in the transaction of every transition of a record (engine/crud/transition.ts: an action's
   * effect, a time's, an approval outcome's, a verb's) once it moved, with the record before and after:
   * the side effects of a state change (units given back, points credited, people told). */
  afterTransition?(args: TransitionArgs<C>, transition: TransitionDef, before: Row, after: Row): Promise<void>;
  /** Checks (or cascades) before a logical delete. */
  beforeRemove?(args: HookArgs<C>, ids: string[]): Promise<void>;
  /** Adds display fields (names of referenced rows and the like) to rows on their way out. */
  decorate?(args: HookArgs<C>, rows: Record<string, unknown>[]): Promise<void>;
  /** A condition every read and write of the user must satisfy (beyond tenant and data scope). */
  restrict?(args: HookArgs<C>): ((eb: ExpressionBuilder<Schema, string>) => Expression<SqlBool>) | undefined;
  /** Query parameters the resource reads itself on list calls (they are not filters), and the
   * condition they add. */
  params?: string[];
  filter?(
    args: HookArgs<C>,
    params: Record<string, string>,
  ): Promise<((eb: ExpressionBuilder<Schema, string>) => Expression<SqlBool>) | undefined>;
  /** Named lists besides `list`/`page` (they need the view permission like the list): the query is
   * rewritten first (presets, fixed filters), then answered as a page, or as the whole forest. E.g. the
   * user resource's `app-page` (userType 2 unless asked otherwise), the dictionaries' `parent-list`. */
  views?: Record<string, ListView>;
}

export interface ListView {
  query: (query: Record<string, unknown>) => Record<string, unknown>;
  forest?: boolean;
}

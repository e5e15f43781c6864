import {
  type ActionDef,
  actionCodes,
  actionTransition,
  actionVerb,
  labelFieldOf,
  type ResourceDef,
} from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row } from '../../db/database.js';
import { badRequest, done, forbidden, notFound } from '../../http/envelope.js';
import { idempotent } from '../../http/idempotency.js';
import { selectedIds } from '../../http/params.js';
import type { ResourceEngine } from './resource-engine.js';
import { type Refusal, refusalMessage } from './state-refusal.js';

/** The columns an effect writes and the column of its source state, checked when the routes register
 * (a definition naming an unknown field fails at startup, not on the first call). */
function effectColumns(engine: ResourceEngine, action: ActionDef) {
  const columnOf = (field: string) => {
    const column = engine.fields[field]?.column;
    if (!column)
      throw new Error(`${engine.def.name}.${action.name}: effect names ${field}, which is not a field`);
    return column;
  };
  const set = Object.entries(action.effect!.set).map(([field, value]) => ({
    column: columnOf(field),
    value,
  }));
  const from = action.effect!.from;
  return {
    set,
    from: from && { column: columnOf(from.field), in: from.in.map(String) },
    mine: action.mine && columnOf(action.mine.field),
  };
}

/** The ids and the reason of a call, from the query or the body (`ids=1,2` or a JSON array). */
function readCall(request: FastifyRequest, action: ActionDef): { ids: string[]; reason: string | null } {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const param = action.idParam ?? 'ids';
  const rawIds = body[param] ?? query[param];
  const ids = selectedIds(Array.isArray(rawIds) ? rawIds.join(',') : rawIds, '请选择要操作的数据');
  if (!action.reason) return { ids, reason: null };
  const { field, label, required, maxLength } = action.reason;
  const raw = body[field] ?? query[field];
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason && required) throw badRequest(required);
  if (maxLength && [...reason].length > maxLength)
    throw badRequest(`${label.zh}长度不能超过${maxLength}个字符`);
  return { ids, reason: reason || null };
}

/** Applies the effect to every row or to none: all ids visible to the user (and theirs, for an owner's
 * action), all in an accepted state. */
async function applyEffect(
  engine: ResourceEngine,
  user: AuthUser,
  action: ActionDef,
  call: { ids: string[]; reason: string | null },
): Promise<Refusal | undefined> {
  const def = engine.def;
  const { set, from, mine } = effectColumns(engine, action);
  const nameColumn = engine.fields[labelFieldOf(def)]?.column ?? 'id';
  return engine.run(user, async (trx, base) => {
    const rows = (await (
      await base()
    )
      .selectAll()
      .where('id', 'in', call.ids)
      .forUpdate()
      .execute()) as Row[];
    if (rows.length !== call.ids.length) throw notFound();
    if (mine && rows.some((r) => String(r[mine] ?? '') !== user.userId))
      throw forbidden('只能操作本人的数据');
    const refused = from ? rows.filter((r) => !from.in.includes(String(r[from.column] ?? ''))) : [];
    if (refused.length)
      return {
        field: def.fields.find((f) => f.name === action.effect!.from!.field),
        count: refused.length,
        name: String(refused[0]![nameColumn] ?? refused[0]!.id),
        value: refused[0]![from!.column],
        doing: action.label.zh,
      };
    // every row through the one primitive (its transition: lock, stamp, version, 操作审计, hooks)
    let changes: Record<string, unknown> = {};
    for (const row of rows) {
      const { after } = await engine.transition(trx, user, String(row.id), action.name, {
        reason: call.reason,
      });
      changes = Object.fromEntries(set.map(({ column }) => [column, after[column]]));
    }
    await engine.hooks.afterEffect?.({ trx, user, ctx: engine.ctx }, action, rows, changes);
    return undefined;
  });
}

/**
 * The wire verbs of a definition's actions with an `effect` (`<path>/<verb>`, GET or POST): the action's
 * button code is required (an owner's action, `mine`, is any signed-in user's, on their own rows only);
 * the ids are checked against the rows the user may see (tenant, data scope); every row must be in a
 * state of `effect.from`, else a 400 names the first refused row and its state and nothing is written; a
 * reason is read (and required) when the action asks for one; the audit columns and the version are
 * updated with the effect's columns.
 */
export function effectRoutes(app: FastifyInstance, engine: ResourceEngine): void {
  const def: ResourceDef = engine.def;
  for (const action of def.actions ?? []) {
    if (!action.effect) continue;
    effectColumns(engine, action);
    if (!actionTransition(action)) throw new Error(`${def.name}.${action.name}: an effect sets no state`);
    const url = `${def.path}/${actionVerb(action)}`;
    const options = {
      config: { access: action.mine ? { token: true as const } : { perm: actionCodes(def, action) } },
      ...engine.schemas.effect(action),
    };
    const handler = async (request: FastifyRequest) => {
      const user = requireUser(request);
      engine.requirePlatformForGlobal(user);
      const call = readCall(request, action);
      const run = async () => {
        const refusal = await applyEffect(engine, user, action, call);
        if (refusal) throw badRequest(await refusalMessage(engine.ctx, user, refusal));
        await engine.hooks.committed?.({ user, ctx: engine.ctx }, call.ids, 'write');
        return done('操作成功');
      };
      return action.method === 'GET' ? run() : idempotent(engine.ctx.store, request, user, run);
    };
    if (action.method === 'GET') app.get(url, options, handler);
    else app.post(url, options, handler);
  }
}

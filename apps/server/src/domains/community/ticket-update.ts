/** `updateById` of a ticket (投诉 and 意见建议; 随手拍 alike): a real update, by who and when
 * docs/domain-model.md#feedback-tickets allows it. The resident changes their own words (every field the form
 * writes) while the community has not acted on the ticket yet; the back office (the reply screen's button)
 * changes its classification and, where tickets are handed on, its handler (转办, with its conversation row and
 * the handler's message) while it is open. A decided or withdrawn ticket changes no more; a change nobody
 * may make is refused, naming the field, and nothing is written. */
import { columnOf, isId, isWritable, type ResourceDef } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { Row } from '../../db/database.js';
import { validateBody } from '../../engine/crud/validate.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done, forbidden } from '../../http/envelope.js';
import { lockVisible } from './rows.js';
import { assignTickets, handlerParam } from './ticket-assign.js';
import { closedMessage, type TicketKind } from './ticket-kinds.js';

/** The call's fields: the query's, then the body's. */
function callBody(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body)))
    throw badRequest('请求体格式错误');
  return { ...query, ...(body as Record<string, unknown> | undefined) };
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The columns whose new value differs from the ticket's (values the ticket already holds change nothing). */
const changedColumns = (values: Record<string, unknown>, row: Row) =>
  Object.keys(values).filter((c) => String(values[c] ?? '') !== String(row[c] ?? ''));

/** Why the caller may not change `column` of the ticket, or undefined when they may. */
function refusal(
  def: ResourceDef,
  kind: TicketKind,
  who: { mine: boolean; staff: boolean; waiting: boolean },
  column: string,
): string | undefined {
  if (who.staff && kind.staffColumns.includes(column)) return undefined;
  if (who.mine && who.waiting) return undefined;
  if (who.mine && !who.staff) return `该${kind.noun}已受理,不能修改`;
  const label = def.fields.find((f) => columnOf(f) === column)?.label.zh ?? column;
  return `「${label}」由居民填写,社区不能修改`;
}

export function updateVerb(kind: TicketKind): VerbHandler {
  return {
    access: { token: true },
    async handle(request, engine) {
      const user = requireUser(request);
      const body = callBody(request);
      const id = String(body.id ?? '');
      if (!isId(id)) throw badRequest('缺少必要的请求参数: id');
      const staff = await engine.ctx.permissions.hasAny(user, [kind.replyCode]);
      const values = validateBody(engine.def, body, false);
      const handler =
        kind.assignable && present(body.handleUserId) ? handlerParam(body.handleUserId) : undefined;
      const writable = new Set(engine.def.fields.filter(isWritable).map(columnOf));
      await engine
        .run(user, async (trx, base) => {
          const [row] = await lockVisible(base, [id]);
          const mine = String(row!.app_user_id ?? '') === user.userId;
          if (!mine && !staff) throw forbidden(`只能修改本人的${kind.noun}`);
          if (!kind.open(row!)) throw badRequest(`${closedMessage(kind, row!)},不能修改`);
          const changed = changedColumns(values, row!).filter((c) => writable.has(c));
          const who = { mine, staff, waiting: kind.waiting(row!) };
          for (const column of changed) {
            const why = refusal(engine.def, kind, who, column);
            if (why) throw badRequest(why);
          }
          if (handler && !staff) throw forbidden('只有社区工作人员可以转办');
          if (changed.length) {
            const changes = Object.fromEntries(changed.map((c) => [c, values[c]]));
            await engine.update(trx, base, user, id, changes, body);
          }
          if (handler) await assignTickets(engine, trx, user, kind, await lockVisible(base, [id]), handler);
        })
        .catch(async (error: unknown) => {
          throw await engine.explain(user, error);
        });
      return done('更新成功');
    },
  };
}

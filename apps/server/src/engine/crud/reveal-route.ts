import { isId, revealCodes, type FieldDef } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { Row } from '../../db/database.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { queryOf } from './read-routes.js';
import type { ResourceEngine } from './resource-engine.js';

/** The sensitive fields a reveal names (`field=idCard,phone`), all of them when it names none; an unknown
 * or non-sensitive name is a 400. */
function askedFields(sensitive: readonly FieldDef[], asked: unknown): FieldDef[] {
  if (asked === undefined || asked === '') return [...sensitive];
  if (typeof asked !== 'string') throw badRequest('查看的字段不正确');
  return asked.split(',').map((name) => {
    const field = sensitive.find((f) => f.name === name.trim());
    if (!field) throw badRequest('查看的字段不正确');
    return field;
  });
}

/**
 * `GET <path>/reveal?id=&field=`: one record's personal data unmasked, for holders of
 * `<permission>_reveal` (or an alias screen's), on a record they may see (tenant, data scope and the
 * resource's own restriction, as its detail). Each call is noted in 操作审计 as a `reveal` naming the
 * record and the fields revealed (not their values), once the reading transaction has committed.
 */
export function revealRoute(app: FastifyInstance, engine: ResourceEngine): void {
  const { def } = engine;
  if (!engine.sensitive.length) return;
  app.get(
    `${def.path}/reveal`,
    { config: { access: { perm: revealCodes(def) } }, ...engine.schemas.plain('查看敏感信息') },
    async (request) => {
      const user = requireUser(request);
      const q = queryOf(request);
      if (!isId(q.id)) throw badRequest('缺少必要的请求参数: id');
      const fields = askedFields(engine.sensitive, q.field);
      return engine.run(user, async (trx, base) => {
        const row = (await engine
          .selectRows(await base())
          .where('id', '=', q.id)
          .executeTakeFirst()) as Row | undefined;
        if (!row) throw notFound();
        engine.unmask(trx);
        const [wire] = await engine.decorate(trx, user, [row]);
        const revealed: Record<string, unknown> = { id: String(row.id) };
        for (const f of fields) {
          if (!(f.name in wire!)) continue; // hidden from the user by a data-scope rule (可见字段)
          revealed[f.name] = wire![f.name];
          const before = f.compare?.before;
          if (before && before in wire!) revealed[before] = wire![before];
        }
        const names = Object.keys(revealed).filter((k) => k !== 'id');
        engine.audit.note(trx, user, 'reveal', String(row.id), undefined, { revealed: names.join(',') });
        return ok(revealed);
      });
    },
  );
}

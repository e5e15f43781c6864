import { columnOf, type ResourceDef } from '@tongxin/resources';
import { badRequest } from '../../http/envelope.js';

const UNIQUE_VIOLATION = '23505';
export const DUPLICATE = '数据已存在,请勿重复提交';

/** The columns of a unique violation's key: `Key (tenant_id, param_key)=(...) already exists.` */
const keyColumns = (detail: unknown): string[] => {
  const m = typeof detail === 'string' ? /^Key \(([^)]*)\)=/.exec(detail) : null;
  return m ? m[1]!.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
};

/**
 * A unique violation raised by the database (two saves of the same value at once: both passed the
 * engine's own check before either committed) as the 400 of the field's `unique` message, like the check
 * would have answered; another unique violation as a generic 400. Any other error is returned unchanged.
 */
export function uniqueViolation(def: ResourceDef, error: unknown): unknown {
  const { code, detail, constraint } = (error ?? {}) as {
    code?: unknown;
    detail?: unknown;
    constraint?: unknown;
  };
  if (code !== UNIQUE_VIOLATION) return error;
  const columns = keyColumns(detail);
  const field = def.fields.find(
    (f) =>
      f.unique &&
      (columns.includes(columnOf(f)) ||
        (typeof constraint === 'string' && constraint.includes(`_${columnOf(f)}_`))),
  );
  return badRequest(field?.unique ?? DUPLICATE);
}

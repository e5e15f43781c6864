import { columnOf, type ResourceDef } from '@tongxin/resources';
import type { QueryFields, QueryFieldType } from '../../http/list-query.js';
import { acceptedSuffixes, auditSuffixes } from './filter-ops.js';

const TYPE_OF: Record<string, QueryFieldType> = {
  int: 'number',
  flag: 'number',
  decimal: 'number',
  dict: 'string',
  long: 'id',
  ref: 'string',
  parent: 'id',
  date: 'datetime',
  datetime: 'datetime',
};

/** The allow-list of filter and sort keys of a resource: its non-secret fields plus id, tenant and audit,
 * each with the filter operators it accepts (filter-ops.ts). */
export function queryFieldsOf(def: ResourceDef): QueryFields {
  const narrowing = auditSuffixes(false);
  const times = auditSuffixes(true);
  const fields: QueryFields = { id: { column: 'id', type: 'id', sort: true, ops: narrowing } };
  if (def.tenant)
    fields.tenantId = { column: 'tenant_id', type: 'string', filter: true, sort: true, ops: narrowing };
  if (def.audit) {
    fields.createTime = { column: 'create_time', type: 'datetime', filter: true, sort: true, ops: times };
    fields.updateTime = { column: 'update_time', type: 'datetime', filter: true, sort: true, ops: times };
    fields.createUser = { column: 'create_user', type: 'id', filter: true, ops: narrowing };
    fields.createDept = { column: 'create_dept', type: 'id', filter: true, ops: narrowing };
    fields.status = { column: 'status', type: 'number', filter: true, sort: true, ops: narrowing };
  }
  // a definition's own field (an audit column shown as a field, auditField) wins over the defaults above
  for (const f of def.fields) {
    if (f.secret) continue;
    const type = f.ref?.multiple ? 'string' : (TYPE_OF[f.kind] ?? 'string');
    const sort = (f.sortable ?? false) || Boolean(fields[f.name]?.sort);
    fields[f.name] = { column: columnOf(f), type, filter: true, sort, ops: acceptedSuffixes(f) };
    if (f.ref?.multiple) fields[f.name]!.list = true;
  }
  return fields;
}

/** Columns never sent to a client. */
export const secretColumns = (def: ResourceDef): Set<string> =>
  new Set(def.fields.filter((f) => f.secret).map(columnOf));

import { columnOf, type ResourceDef } from '@tongxin/resources';
import type { QueryFields, QueryFieldType } from '../../http/list-query.js';

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

/** The allow-list of filter and sort keys of a resource: its non-secret fields plus id, tenant and audit. */
export function queryFieldsOf(def: ResourceDef): QueryFields {
  const fields: QueryFields = { id: { column: 'id', type: 'id', sort: true } };
  for (const f of def.fields) {
    if (f.secret) continue;
    const type = f.ref?.multiple ? 'string' : (TYPE_OF[f.kind] ?? 'string');
    fields[f.name] = { column: columnOf(f), type, filter: true, sort: f.sortable ?? false };
  }
  if (def.tenant) fields.tenantId = { column: 'tenant_id', type: 'string', filter: true, sort: true };
  if (def.audit) {
    fields.createTime = { column: 'create_time', type: 'datetime', filter: true, sort: true };
    fields.updateTime = { column: 'update_time', type: 'datetime', filter: true, sort: true };
    fields.createUser = { column: 'create_user', type: 'id', filter: true };
    fields.createDept = { column: 'create_dept', type: 'id', filter: true };
    fields.status = { column: 'status', type: 'number', filter: true, sort: true };
  }
  return fields;
}

/** Columns never sent to a client. */
export const secretColumns = (def: ResourceDef): Set<string> =>
  new Set(def.fields.filter((f) => f.secret).map(columnOf));

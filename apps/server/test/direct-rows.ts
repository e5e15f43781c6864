import { columnOf, type FieldDef, type ResourceDef } from '@tongxin/resources';
import type { Database } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { formatDateTime } from '../src/util/datetime.js';

// Rows of resources clients do not write (logs, online users, attachments): the server writes them, so
// tests put them straight into the table.

/** A stored value for a field of the given kind. */
function valueOf(f: FieldDef, n: number): unknown {
  if (f.options) return f.options[0]!.value;
  if (f.kind === 'int' || f.kind === 'flag' || f.kind === 'decimal') return 1;
  if (f.kind === 'dict' && f.dict?.valueType !== 'string') return 1;
  if (f.kind === 'long' || f.kind === 'ref') return String(1000 + n);
  if (f.kind === 'datetime' || f.kind === 'date')
    return f.name === 'expireTime' ? formatDateTime(new Date(Date.now() + 3600_000)) : formatDateTime();
  // a fresh value per row: some tables keep names unique (attachments' stored names)
  return `样例${n}_${nextId().slice(-8)}`.slice(0, f.maxLength ?? 20);
}

/** Inserts one row of `def` in `tenantId` with a value in every field; returns its id. */
export async function insertDirectRow(db: Database, def: ResourceDef, tenantId = '000000'): Promise<string> {
  const id = nextId();
  const row: Record<string, unknown> = { id, tenant_id: tenantId };
  def.fields.forEach((f, i) => (row[columnOf(f)] = valueOf(f, i)));
  await db.tx({ tenantId }, (trx) => trx.insertInto(def.table).values(row).execute());
  return id;
}

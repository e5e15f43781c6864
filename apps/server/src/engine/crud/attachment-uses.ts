/**
 * 附件使用位置: which records use an attachment, kept in `blade_attach_use` (the attachUse definition)
 * for every definition with an upload field (`files`/`images`), nothing per resource.
 *
 * Why a table kept on write rather than a search at read time: an upload field holds a JSON list of
 * `{originalName, link}` (or a bare link), so finding the records of one attachment by its link would be
 * a `LIKE '%name%'` over every upload column of every table — a full scan of each, per attachment, which
 * no b-tree index serves. Kept on write, the attachment's drawer is one indexed lookup (tenant, attach
 * id), and a write pays one indexed delete and insert, only when it changes an upload field. The rows are
 * kept through the hooks every resource already has (afterWrite: the upload fields as written;
 * beforeRemove: a removed record uses nothing any more), composed onto each module by `withAttachmentUses`
 * where the server assembles its resources (app.ts). Rows written outside the engine (hand-written
 * routes, demo seeds) are not tracked.
 */
import { columnOf, isWritable, labelFieldOf, type FieldDef, type ResourceDef } from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { ResourceHooks } from './hooks.js';
import { formatDateTime } from '../../util/datetime.js';
import type { AuthUser } from '../../auth/tokens.js';

const USES = 'blade_attach_use';

/** The stored name in a link the uploader made (`/files/<name>`, optionally absolute or with a query). */
const STORED_NAME = /\/files\/([^?#\s"']+)/;

/** The upload fields clients write: what the engine's write path sees change. */
export const uploadFieldsOf = (def: ResourceDef): FieldDef[] =>
  def.fields.filter((f) => (f.kind === 'files' || f.kind === 'images') && isWritable(f));

/** The stored names of the files an upload field's value holds (a JSON list of records or a bare link). */
export function storedNames(value: unknown): string[] {
  if (typeof value !== 'string' || !value.trim()) return [];
  let links: unknown[] = [value];
  try {
    const parsed: unknown = JSON.parse(value);
    links = Array.isArray(parsed) ? parsed.map((r) => (r as { link?: unknown } | null)?.link) : [value];
  } catch {
    // a bare link
  }
  const names = links.flatMap((l) => (typeof l === 'string' ? (STORED_NAME.exec(l)?.[1] ?? []) : []));
  return [...new Set(names)];
}

const text = (v: unknown, max: number): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).slice(0, max);

/** Replaces the uses of record `id` for each upload field present in `values` (the columns written). */
async function noteUses(
  trx: Trx,
  user: AuthUser,
  def: ResourceDef,
  fields: FieldDef[],
  id: string,
  values: Record<string, unknown>,
): Promise<void> {
  const written = fields.filter((f) => columnOf(f) in values);
  if (!written.length) return;
  const labelColumn = columnOf(
    def.fields.find((f) => f.name === labelFieldOf(def)) ?? ({ name: 'id' } as FieldDef),
  );
  const record = await trx
    .selectFrom(def.table)
    .select(def.tenant ? [labelColumn, 'tenant_id'] : [labelColumn])
    .where('id', '=', id)
    .executeTakeFirst();
  const tenant = def.tenant ? String(record?.tenant_id ?? user.tenantId) : undefined;
  const now = formatDateTime();
  for (const f of written) {
    let stale = trx
      .deleteFrom(USES)
      .where('resource_name', '=', def.name)
      .where('record_id', '=', id)
      .where('field_name', '=', f.name);
    if (tenant) stale = stale.where('tenant_id', '=', tenant);
    await stale.execute();
    const names = storedNames(values[columnOf(f)]);
    if (!names.length) continue;
    // only the attachments this tenant may see (row-level security) are noted
    const attachments = await trx
      .selectFrom('blade_attach')
      .select(['id', 'tenant_id'])
      .where('name', 'in', names)
      .where('is_deleted', '=', 0)
      .execute();
    if (!attachments.length) continue;
    await trx
      .insertInto(USES)
      .values(
        attachments.map((a) => ({
          id: nextId(),
          tenant_id: String(a.tenant_id),
          attach_id: a.id,
          resource_name: def.name,
          resource_label: def.label.zh,
          field_name: f.name,
          field_label: f.label.zh,
          record_id: id,
          record_label: text(record?.[labelColumn], 200),
          create_user: user.userId || null,
          create_dept: user.deptIds[0] ?? null,
          create_time: now,
          update_user: user.userId || null,
          update_time: now,
          status: 1,
        })),
      )
      .execute();
  }
}

/** Forgets every use of the removed records. */
async function forgetUses(trx: Trx, def: ResourceDef, ids: string[]): Promise<void> {
  if (!ids.length) return;
  let q = trx.deleteFrom(USES).where('resource_name', '=', def.name).where('record_id', 'in', ids);
  if (def.tenant) {
    const rows = await trx
      .selectFrom(def.table)
      .select('tenant_id')
      .distinct()
      .where('id', 'in', ids)
      .execute();
    if (!rows.length) return;
    q = q.where(
      'tenant_id',
      'in',
      rows.map((r) => String(r.tenant_id)),
    );
  }
  await q.execute();
}

/** The hooks of `def` with the upload fields' uses kept besides (the resource's own hooks run first). */
function hooksWithUses(def: ResourceDef, fields: FieldDef[], hooks: ResourceHooks = {}): ResourceHooks {
  return {
    ...hooks,
    async afterWrite(args, id, values, isNew) {
      await hooks.afterWrite?.(args, id, values, isNew);
      await noteUses(args.trx, args.user, def, fields, id, values);
    },
    async beforeRemove(args, ids) {
      await hooks.beforeRemove?.(args, ids);
      await forgetUses(args.trx, def, ids);
    },
  };
}

/** Every module whose definition has an upload field clients write keeps its records' attachment uses. */
export function withAttachmentUses<M extends { def: ResourceDef; hooks?: ResourceHooks }>(modules: M[]): M[] {
  return modules.map((m) => {
    const fields = uploadFieldsOf(m.def);
    return fields.length ? { ...m, hooks: hooksWithUses(m.def, fields, m.hooks) } : m;
  });
}

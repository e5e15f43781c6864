import {
  columnOf,
  maskValue,
  sensitiveFields,
  type ResourceDef,
  type SensitiveKind,
} from '@tongxin/resources';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import type { LogWriter } from '../../logs/log-writer.js';

/** `reveal`: a user read a record's personal data unmasked (its after data names the fields, never the
 * values). */
export type AuditAction = 'insert' | 'update' | 'remove' | 'verb' | 'reveal';

/** Who made a write: a signed-in user, or the server itself (a lapse's sweep: systemActor). */
export type AuditActor = Pick<AuthUser, 'userId' | 'tenantId' | 'account'>;

/** The server acting on its own in `tenantId` (no user id; 操作人 reads 系统). */
export const systemActor = (tenantId: string): AuditActor => ({ userId: '', tenantId, account: '系统' });

/** Longest before/after text kept per row (a rich text body is cut, never the whole row dropped). */
const MAX_DATA = 20_000;

/** The values of a row as JSON, secrets and non-values (SQL expressions such as `version + 1`) left out,
 * personal data masked (the trail says that an id card changed, not what it is). */
function dataOf(
  values: Row | undefined,
  secrets: Set<string>,
  masked: Map<string, SensitiveKind>,
): string | null {
  if (!values) return null;
  const kept: Row = {};
  for (const [k, v] of Object.entries(values)) {
    if (secrets.has(k)) continue;
    if (v === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof v) || v instanceof Date) {
      const kind = masked.get(k);
      kept[k] = kind ? maskValue(kind, v) : typeof v === 'bigint' ? String(v) : v;
    }
  }
  return JSON.stringify(kept).slice(0, MAX_DATA);
}

/**
 * 操作审计: the writes of a transaction, noted as they happen and queued for the log writer only when
 * their transaction has committed (a rolled-back write leaves no trace), so nothing waits on the log.
 */
export class AuditTrail {
  private readonly pending = new WeakMap<Trx, Row[]>();
  /** column → how it is masked, for the sensitive columns of the resource. */
  private readonly masked: Map<string, SensitiveKind>;

  constructor(
    private readonly def: ResourceDef,
    private readonly secrets: Set<string>,
    private readonly logs: LogWriter,
  ) {
    this.masked = new Map(
      sensitiveFields(def).flatMap((f) => (f.sensitive ? [[columnOf(f), f.sensitive] as const] : [])),
    );
  }

  /** Notes one write of `trx`: an update's `before` and `after` hold the changed columns only. */
  note(trx: Trx, user: AuditActor, action: AuditAction, id: string, before?: Row, after?: Row): void {
    if (!this.logs.enabled) return;
    let old = before;
    if (action !== 'remove' && before && after)
      old = Object.fromEntries(
        Object.keys(after)
          .filter((k) => k in before)
          .map((k) => [k, before[k]]),
      );
    const rows = this.pending.get(trx) ?? [];
    rows.push({
      tenant_id: String(before?.tenant_id ?? after?.tenant_id ?? user.tenantId),
      resource_name: this.def.name,
      table_name: this.def.table,
      record_id: id,
      action,
      user_id: user.userId || null,
      create_by: user.account,
      before_data: dataOf(old, this.secrets, this.masked),
      after_data: dataOf(after, this.secrets, this.masked),
    });
    this.pending.set(trx, rows);
  }

  /** Queues what `trx` wrote; call after it committed. */
  committed(trx: Trx): void {
    for (const row of this.pending.get(trx) ?? []) this.logs.push('blade_log_audit', row);
    this.pending.delete(trx);
  }
}

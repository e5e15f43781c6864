import { createContext, useContext } from 'react';
import { useSessionStore } from '@tongxin/shared-ui/session';
import type { Row } from './wire';

/** The tenant of the record(s) a form or an action dialog is about: the users it may name belong to it
 * (the platform administrator sees every tenant's users; the server refuses another tenant's). */
export const RecordTenant = createContext<string | undefined>(undefined);

/** The tenant of the record(s) in view, for the pickers inside them. */
export const useRecordTenant = (): string | undefined => useContext(RecordTenant);

/** The tenant the rows share, or (a new record, a resource without tenants) the signed-in user's;
 * undefined when the rows belong to several tenants. */
export function useRowsTenant(rows: Row[]): string | undefined {
  const mine = useSessionStore((s) => s.user?.tenant_id);
  const tenants = new Set(rows.map((r) => r.tenantId).filter((t) => typeof t === 'string' && t !== ''));
  if (tenants.size > 1) return undefined;
  return tenants.size === 1 ? String([...tenants][0]) : mine;
}

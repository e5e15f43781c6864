import type { Label } from '../define';
import { badFormat, patternRule } from './rule';

export const TENANT_ID_LABEL: Label = { zh: '租户编号', en: 'Tenant ID' };
/** 租户编号格式不正确 */
export const TENANT_ID_INVALID = badFormat(TENANT_ID_LABEL);

/** A tenant code (`000000` is the platform): 1 to 12 letters, digits, _ or -. It is bound into every
 * transaction's row-level-security setting, so nothing else may pass. */
const TENANT_ID = /^[0-9A-Za-z_-]{1,12}$/;

export const isTenantId = (v: unknown): v is string => typeof v === 'string' && TENANT_ID.test(v);

/** A tenant code typed into a form (login, registration). */
export const tenantIdRule = patternRule(TENANT_ID);

/** 参数管理's secret parameters (`isSecretParam`: a key whose last part names a secret, hik.appSecret):
 * the value is sealed before it is stored (so neither the table nor 操作审计 holds it in clear), answered
 * as SECRET_PARAM_MASK on every read (empty while unset), and kept when a save sends the mask back. The
 * server's own readers open it (util/secret-box.ts `open`, purpose `param`; a value stored before it was
 * sealed reads as it is). */
import { isPlatformParam, isSecretParam, SECRET_PARAM_MASK } from '@tongxin/resources';
import { PLATFORM_TENANT } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { seal } from '../../util/secret-box.js';

/** A parameter row on its way out (wire names): a secret's value masked. */
export function maskSecretParam(row: Record<string, unknown>): void {
  if (isSecretParam(row.paramKey) && typeof row.paramValue === 'string' && row.paramValue !== '')
    row.paramValue = SECRET_PARAM_MASK;
}

export const paramHooks: ResourceHooks = {
  async beforeWrite({ ctx }, values, existing) {
    const key = values.param_key ?? existing?.param_key;
    // a platform-wide parameter lives in the platform tenant only: no tenant sets (or shadows) it
    const tenantId = values.tenant_id ?? existing?.tenant_id;
    if (isPlatformParam(key) && tenantId !== PLATFORM_TENANT)
      throw forbidden(`${String(key)} 是平台参数，只能由平台设置`);
    if (!isSecretParam(key) || values.param_value === undefined) return;
    const value = String(values.param_value ?? '');
    if (value === SECRET_PARAM_MASK) {
      // the mask sent back: the stored secret stays (a new row, or one that held no secret, has none)
      if (!existing || !isSecretParam(existing.param_key)) throw badRequest('请输入参数键值');
      delete values.param_value;
    } else if (value !== '') values.param_value = seal(value, ctx.config.jwtSecret, 'param');
  },
  async decorate(_args, rows) {
    for (const row of rows) maskSecretParam(row);
  },
};

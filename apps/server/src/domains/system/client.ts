import { hashClientSecret } from '../../auth/passwords.js';
import { SHIPPED_CLIENT_SECRET } from '../../config.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';

/** Client secrets are stored hashed and never sent back; leaving the field empty on edit keeps it. The
 * shipped secret is public (the browser's client sends it), so no other client may take it. */
export const clientHooks: ResourceHooks = {
  async beforeWrite({ ctx }, values, existing) {
    const secret = values.client_secret;
    const clientId = String(values.client_id ?? existing?.client_id ?? '');
    const shipped = [SHIPPED_CLIENT_SECRET, hashClientSecret(SHIPPED_CLIENT_SECRET)];
    if (clientId !== ctx.config.clientId && typeof secret === 'string' && shipped.includes(secret))
      throw badRequest('应用密钥不能使用系统内置的默认值,请另设密钥');
    if (existing && (secret === undefined || secret === null || secret === '')) delete values.client_secret;
    else if (typeof secret === 'string' && !secret.startsWith('sha256:'))
      values.client_secret = hashClientSecret(secret);
  },
};

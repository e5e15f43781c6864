import { hashClientSecret } from '../auth/passwords.js';
import { registerHooks } from '../crud/hooks.js';

/** Client secrets are stored hashed and never sent back; leaving the field empty on edit keeps it. */
registerHooks('client', {
  async beforeWrite(_args, values, existing) {
    const secret = values.client_secret;
    if (existing && (secret === undefined || secret === null || secret === '')) delete values.client_secret;
    else if (typeof secret === 'string' && !secret.startsWith('sha256:'))
      values.client_secret = hashClientSecret(secret);
  },
});

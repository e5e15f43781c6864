import { BUILTIN_DRIVER } from '@tongxin/resources';
import type { ResourceBehaviour } from '../../../engine/module.js';
import { badRequest } from '../../../http/envelope.js';
import { checkedSource, sourceUrl } from './connect.js';
import { seal } from '../../../util/secret-box.js';

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** A PostgreSQL or MySQL source names its URL, of its driver's kind, at an address the outbound policy
 * allows (checked here, reached when a model reads it); the password is
 * sealed before it is stored and kept when an edit leaves it empty. */
export const datasourceBehaviour: ResourceBehaviour = {
  hooks: {
    async beforeWrite({ ctx, trx }, values, existing) {
      const merged = { ...existing, ...values };
      if (merged.driver_class !== BUILTIN_DRIVER) {
        if (blank(merged.url)) throw badRequest('请输入连接地址');
        // BladeX's submit turns &amp; back into & in the URL
        values.url = String(merged.url).replace(/&amp;/g, '&');
        const source = sourceUrl(String(values.url), String(merged.driver_class ?? ''));
        // a source is reached from the server: only where the outbound policy allows (nothing saved else)
        await checkedSource(ctx.outbound, source, trx);
      }
      if (existing && blank(values.password)) delete values.password;
      else if (!blank(values.password)) values.password = seal(String(values.password), ctx.config.jwtSecret);
    },
  },
};

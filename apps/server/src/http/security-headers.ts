import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy, type CspSources } from './content-security-policy.js';

/** Headers every response carries: no MIME sniffing, no framing by other sites, a strict referrer,
 * no powerful browser features, and no caching of API answers. HTML pages and the remotes' files also
 * carry the Content-Security-Policy, which allows the remote entries and framed pages registered on
 * menus. */
export function installSecurityHeaders(app: FastifyInstance, cspSources: () => Promise<CspSources>): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
      return;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || request.url.startsWith('/remotes/')) {
      // Without the database the page still gets a policy: this origin only.
      const sources = await cspSources().catch(() => ({ remotes: [], frames: [] }));
      reply.header('content-security-policy', contentSecurityPolicy(sources));
    }
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy, type CspSources } from './content-security-policy.js';

/** Headers every response carries: no MIME sniffing, no framing by other sites, a strict referrer,
 * no powerful browser features, and no caching of API answers. HTML pages and the remotes' files also
 * carry the Content-Security-Policy, which allows the remote entries and framed pages registered on
 * menus. */
export function installSecurityHeaders(app: FastifyInstance, cspSources: () => Promise<CspSources>): void {
  app.addHook('onSend', async (request, reply) => {
    if (setBaseHeaders(reply, request.url)) return;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || request.url.startsWith('/remotes/')) {
      // Without the database the page still gets a policy: this origin only.
      const sources = await cspSources().catch(() => ({ remotes: [], frames: [] }));
      reply.header('content-security-policy', contentSecurityPolicy(sources));
    }
  });
}

/** The headers of every response, also those answered before routing (http/error-handler.ts); true for
 * an API answer (which also must not be cached). */
export function setBaseHeaders(reply: FastifyReply, url: string): boolean {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  reply.header('cross-origin-opener-policy', 'same-origin');
  if (!url.startsWith('/api/')) return false;
  reply.header('cache-control', 'no-store');
  return true;
}

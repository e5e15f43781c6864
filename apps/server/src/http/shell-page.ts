import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BROWSER_CLIENT_META } from '@tongxin/resources';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sends the shell's page in answer to a request. */
export type SendShellPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<meta>` tags naming the browser's OAuth client, for the api-client (client-credentials.ts). */
export function clientMetaTags(client: { clientId: string; clientSecret: string }): string {
  return (['clientId', 'clientSecret'] as const)
    .map((key) => `<meta name="${BROWSER_CLIENT_META[key]}" content="${escapeAttribute(client[key])}">`)
    .join('');
}

/** The page with `tags` at the end of its head (at its start when it has none). */
export function withHeadTags(html: string, tags: string): string {
  const end = html.search(/<\/head>/i);
  return end < 0 ? tags + html : html.slice(0, end) + tags + html.slice(end);
}

/**
 * The shell's index.html as served at /, /index.html and every client route: the built file (read per
 * request, so a rebuilt front end is served without a restart) with the browser's OAuth client written
 * into it. That client's secret is public by nature (every visitor's browser holds it), so the server
 * hands over the CLIENT_ID and CLIENT_SECRET it runs with and the same build works with any of them.
 * No inline script: the page's Content-Security-Policy forbids them. Revalidated on every use (ETag).
 */
export function shellPage(dist: string, client: { clientId: string; clientSecret: string }): SendShellPage {
  const tags = clientMetaTags(client);
  return async (request, reply) => {
    const page = withHeadTags(await readFile(path.join(dist, 'index.html'), 'utf8'), tags);
    const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(page);
  };
}

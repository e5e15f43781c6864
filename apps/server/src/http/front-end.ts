import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SendShellPage } from './shell-page.js';

/** A remote's folder name, as served at /remotes/<name>/. */
const REMOTE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** Files a page asks for by a fixed name: they must be revalidated on every use, or a redeploy would
 * leave the browser with an old entry (and a page mixing versions). */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
/** Names carrying a content hash (`name.[contenthash:8].js`, asset modules `[hash].png`). */
const HASHED = /(^|[.-])[0-9a-f]{8,}\.[A-Za-z0-9]+$/;

/** The Cache-Control of a built front-end file: entries `no-cache` (revalidate each time), hashed
 * files `immutable` for a year (a new build gives them new names), anything else revalidated. */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (!ENTRY_FILES.has(name) && HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** The dist folder of the remote `name` under `staticRoot`, when one is present (looked up per request,
 * so a remote copied in while the server runs is served at once). */
export function remoteDist(staticRoot: string, name: string): string | undefined {
  if (!REMOTE_NAME.test(name) || name === 'shell') return undefined;
  const dir = path.join(staticRoot, name, 'dist');
  return statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? dir : undefined;
}

/**
 * Serves the built shell at / (its page from shell-page.ts, which its client routes fall back to, see
 * error-handler.ts) and every remote folder present, `<staticRoot>/<name>/dist/`, at /remotes/<name>/
 * with CORS open (a shell on another origin may load it). Missing builds are skipped so the API still
 * runs.
 */
export async function serveFrontEnd(
  app: FastifyInstance,
  staticRoot: string,
  shellPage: SendShellPage | undefined,
): Promise<void> {
  const hasShell = shellPage !== undefined;
  if (shellPage) {
    // The page itself, with the browser's client written into it (shell-page.ts); every other file of
    // the shell is served as built.
    app.get('/', shellPage);
    app.get('/index.html', shellPage);
  }
  await app.register(fastifyStatic, {
    ...(hasShell
      ? {
          root: path.join(staticRoot, 'shell', 'dist'),
          prefix: '/',
          // Files are looked up per request, so a rebuilt front end is served without a restart.
          wildcard: true,
          index: ['index.html'],
        }
      : { serve: false }),
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', cacheControlFor(file));
      if (reply.request.url.startsWith('/remotes/')) reply.header('access-control-allow-origin', '*');
    },
  });
  app.get('/remotes/:name/*', async (request, reply) => {
    const { name, '*': file } = request.params as { name: string; '*': string };
    const dir = remoteDist(staticRoot, name);
    if (!dir || !file) return reply.callNotFound();
    return reply.sendFile(file, dir);
  });
}

export const hasShellBuild = (staticRoot: string): boolean =>
  existsSync(path.join(staticRoot, 'shell', 'dist', 'index.html'));

// A static host on another origin for remotes, as another team's server or CDN would be: serves folders
// under URL prefixes with CORS open and with long-lived caching on every file, manifest and entry
// included (the worst a host may send: the shell must still see a redeploy). Under a "hanging" prefix it
// accepts requests and never answers.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface RemoteOrigin {
  origin: string;
  /** Serves `dir` at `/<prefix>/`. */
  serve: (prefix: string, dir: string) => void;
  /** Requests under `/<prefix>/` are never answered. */
  hang: (prefix: string) => void;
  /** Paths requested so far. */
  requests: string[];
  close: () => Promise<void>;
}

export async function startRemoteOrigin(port: number): Promise<RemoteOrigin> {
  const folders = new Map<string, string>();
  const hanging = new Set<string>();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const notFound = (res: ServerResponse) => res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname);
    const [, prefix = '', ...rest] = url.pathname.split('/');
    if (hanging.has(prefix)) return; // keep the connection open, answer nothing
    const dir = folders.get(prefix);
    const file = dir && path.resolve(dir, ...rest.map(decodeURIComponent));
    if (
      !dir ||
      !file ||
      !file.startsWith(dir + path.sep) ||
      !statSync(file, { throwIfNoEntry: false })?.isFile()
    )
      return notFound(res);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=3600',
    });
    createReadStream(file).pipe(res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, 'localhost', resolve);
  });
  return {
    origin: `http://localhost:${port}`,
    serve: (prefix, dir) => folders.set(prefix, path.resolve(dir)),
    hang: (prefix) => hanging.add(prefix),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

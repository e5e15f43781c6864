// The measured server runs in its own process (as deployed), so its RSS is its own and the load
// generator does not share its event loop. Baseline HTTP servers run the same way.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Floor } from './floor-server.js';
import { benchPoolSize } from './sql-replay.js';

const repo = path.resolve(import.meta.dirname, '..');

export interface ChildServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within 120 s:\n${log()}`);
}

/** Node flags for the servers started here (`BENCH_NODE_ARGS`, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`,
 * which NODE_OPTIONS does not allow). */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The node flags the server runs with (`npm start`, apps/server's `start`): its heap bound. */
const serverFlags = JSON.parse(
  readFileSync(path.join(repo, 'apps/server/node-flags.json'), 'utf8'),
) as string[];

/** Starts `node --import tsx <script>` in `cwd` with `env`, and waits for `probe` to answer 200. */
async function startNode(
  script: string,
  cwd: string,
  env: Record<string, string>,
  probe: string,
  flags: string[] = [],
) {
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, ...nodeArgs, '--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  // a server that never answered is not left running
  await waitUntilUp(`${url}${probe}`, child, () => output).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The real server (apps/server/src/main.ts) on the bench database. */
export function startServer(
  databaseUrl: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ChildServer> {
  return startNode(
    'src/main.ts',
    path.join(repo, 'apps/server'),
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      STATIC_ROOT: path.join(dataDir, 'no-static'),
      // The upload scenario sends gigabytes as one user: no daily upload quota here.
      UPLOAD_QUOTA_MB: '0',
      UPLOAD_QUOTA_FILES: '0',
      DB_POOL_SIZE: String(benchPoolSize),
      ...extraEnv,
    },
    '/api/health',
    serverFlags,
  );
}

/** A bare Fastify route answering the bytes of `bodyFile` as JSON (the framework-only baseline). */
export function startBareServer(bodyFile: string): Promise<ChildServer> {
  return startNode('bare-server.ts', import.meta.dirname, { BARE_BODY_FILE: bodyFile }, '/bare');
}

/** The floor of reading requests: Fastify replaying their recorded statements on a pg pool
 * (floor-server.ts), `floors[n]` answered at /floor/n; `file` is where they are handed over. */
export function startFloorServer(databaseUrl: string, floors: Floor[], file: string): Promise<ChildServer> {
  writeFileSync(file, JSON.stringify(floors));
  return startNode(
    'floor-server.ts',
    import.meta.dirname,
    { DATABASE_URL: databaseUrl, FLOOR_FILE: file },
    '/floor/0',
    serverFlags,
  );
}

/** A process's resident set size now, MB (0 without procfs). */
export async function rssNow(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples a process's resident set size while a run is going; `stop` answers the highest, in MB. */
export function sampleRss(pid: number, everyMs = 100): { stop: () => Promise<number> } {
  let max = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      max = Math.max(max, await rssNow(pid));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return max;
    },
  };
}

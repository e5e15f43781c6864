import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { md5Hex } from '../src/auth/passwords.js';
import { Database } from '../src/db/database.js';
import { BASIC, onPostgres } from './harness.js';

// The real server as a separate process (`node --import tsx src/main.ts`), for crash, shutdown and startup
// tests. Not the tsx CLI: it relays signals through a 30 ms handshake with its child and SIGKILLs a child
// that misses it (a loaded CI machine), so a graceful stop would end with exit code 143.

const SERVER_DIR = path.join(import.meta.dirname, '..');
const SERVER = path.join(SERVER_DIR, 'src', 'main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  port: number;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
}

/** Spawns the server with test defaults plus `env`; does not wait for it to listen. */
export function spawnServer(env: Record<string, string>, port: number): ServerProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      STATIC_ROOT: '/nonexistent',
      REDIS_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    proc.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { proc, url: `http://127.0.0.1:${port}`, port, exited, stderr: () => err };
}

/** Spawns the server and waits until it answers /api/ready. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env, await freePort());
  let ended = false;
  void server.exited.then(() => (ended = true));
  for (let i = 0; i < 600 && !ended; i++) {
    try {
      if ((await fetch(`${server.url}/api/ready`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.proc.kill('SIGKILL');
  throw new Error(`server did not start: ${server.stderr()}`);
}

/** The platform administrator's access token (`basic`: the client's Basic header, the shipped one by default). */
export async function adminToken(url: string, basic = BASIC): Promise<string> {
  const res = await fetch(
    `${url}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password`,
    { method: 'POST', headers: { Authorization: basic } },
  );
  return ((await res.json()) as { access_token: string }).access_token;
}

/** True when a new TCP connection to the port is refused. */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

/** A data store for a server process of the current test project: a fresh PostgreSQL database when the
 * project runs on PostgreSQL, else an embedded PGlite data folder. `open` reads it from the test once
 * the server has stopped (PGlite allows one process at a time); `drop` removes it. */
export async function scratchStore(label: string): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  if (onPostgres) {
    const name = `tongxin_${label}_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), `tongxin-${label}-`));
    return {
      env: { DATABASE_URL: u.toString(), DATA_DIR: dataDir },
      open: () => Database.open({ databaseUrl: u.toString() }),
      drop: async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `tongxin-${label}-`));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    open: () => Database.open({ dataDir: dir }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

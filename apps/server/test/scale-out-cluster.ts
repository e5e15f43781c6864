import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The moving parts of a scale-out test, all real: a database of its own on PostgreSQL, an S3-compatible
// store (s3rver), server processes started from src/main.ts, and nginx balancing between them.

const SERVER_MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const SERVER_DIR = path.join(import.meta.dirname, '..');

/** The nginx binary on PATH or in the sbin folders Debian uses, if installed. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const file = path.join(dir, 'nginx');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A fresh database on the PostgreSQL of `adminUrl`, dropped (with its connections) afterwards. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tongxin_scale_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** s3rver on an ephemeral port with one bucket, and the S3_* variables that point a server at it. */
export async function startObjectStore(): Promise<{
  env: Record<string, string>;
  close: () => Promise<void>;
}> {
  const { default: S3rver } = await import('s3rver');
  const dir = mkdtempSync(path.join(tmpdir(), 'tongxin-scale-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'tongxin-scale' }],
  });
  const { port } = await s3.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'tongxin-scale',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    },
    close: async () => {
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One real server process (`node --import tsx src/main.ts`) on a fixed port, which can be stopped and started again. */
export class ServerProcess {
  readonly url: string;
  readonly address: string;
  private proc: ChildProcess | undefined;
  private output = '';
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'tongxin-scale-data-'));

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.address = `127.0.0.1:${port}`;
    this.url = `http://${this.address}`;
  }

  async start(): Promise<void> {
    this.output = '';
    // `node --import tsx`, not the tsx CLI (which SIGKILLs a child that misses its signal handshake)
    const proc = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        STATIC_ROOT: '/nonexistent',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code) => reject(new Error(`${this.name} exited (${code}): ${this.output}`))),
    );
    exited.catch(() => undefined);
    const ready = waitFor(
      `${this.name} /api/ready`,
      async () => (await fetch(`${this.url}/api/ready`)).ok,
      45_000,
    );
    await Promise.race([ready, exited]);
  }

  /** SIGTERM (a rolling deploy), and waits for the process to end. */
  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const ended = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await ended;
    clearTimeout(timer);
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The nginx configuration the test runs: round-robin without stickiness, the client address passed on
 * in X-Forwarded-For (overwritten, never appended to, so a client cannot choose its own address), failed
 * upstreams skipped. `X-Upstream` names the server that answered, so the test can see the round-robin. */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream tongxin {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 11m;
    location / {
      proxy_pass http://tongxin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 2;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** nginx in the foreground as a child process, with its own prefix, pid, log and temp paths. */
export async function startNginx(
  binary: string,
  upstreams: string[],
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tongxin-scale-nginx-'));
  chmodSync(dir, 0o755); // when run as root, nginx's workers run as nobody and need to reach the temp paths
  const port = await freePort();
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  let output = '';
  const proc = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  proc.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`nginx exited (${code}): ${output}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitFor('nginx', async () => (await fetch(`${url}/api/health`)).ok), exited]);
  return {
    url,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        const ended = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await ended;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

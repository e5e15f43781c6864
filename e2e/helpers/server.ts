// Starts one more real server for a browser test (the config's server runs on E2E_PORT): the built front
// end, a fresh embedded database of its own, captcha off, and whatever `env` adds.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..', '..', 'apps', 'server');

export interface ExtraServer {
  origin: string;
  stop: () => Promise<void>;
}

export async function startExtraServer(port: number, env: Record<string, string>): Promise<ExtraServer> {
  const dataDir = path.join(os.tmpdir(), `tongxin-e2e-extra-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  // `node --import tsx`, as start-server.mjs: the tsx CLI SIGKILLs a child that misses its signal handshake
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600 && proc.exitCode === null; i++) {
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start:\n${output}`);
}

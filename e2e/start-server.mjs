// Starts the real server for browser tests: a fresh embedded database, captcha off, the built front end.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// one data folder per port, outside the repo, so two suites on two ports never share (or wipe) a database
const port = process.env.E2E_PORT ?? '18181';
const dataDir = path.join(os.tmpdir(), `tongxin-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
// The server's own tsx, not pnpm: CI may run pnpm through npx, which is not on PATH here.
const serverDir = path.resolve(import.meta.dirname, '..', 'apps', 'server');
// `node --import tsx` (resolved from the server's folder), not the tsx CLI, which SIGKILLs its child when
// the child misses a 30 ms signal handshake on a loaded machine.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

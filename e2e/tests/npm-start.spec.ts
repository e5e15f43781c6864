// Issue 10 proof: `npm start` starts without npm warning about the project's configuration and stops
// cleanly on SIGINT: the server drains, npm exits 0, no pnpm failure, nothing left listening.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// the port after the browser tests' own, a database of its own
const port = Number(process.env.E2E_PORT ?? 18181) + 1;
const dataDir = path.join(os.tmpdir(), `tongxin-npm-start-${port}`);
const root = path.resolve(import.meta.dirname, '..', '..');

const answers = async () => {
  try {
    return (await fetch(`http://localhost:${port}/api/health`)).ok;
  } catch {
    return false;
  }
};

test('npm start: a clean start, and SIGINT stops the server cleanly', async () => {
  // the build is turbo-cached after the suite's build step; a cold one takes longer
  test.setTimeout(300_000);
  rmSync(dataDir, { recursive: true, force: true });
  const npm = spawn('npm', ['start'], {
    cwd: root,
    // its own process group, so nothing it starts can outlive the test unnoticed
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(answers, { timeout: 240_000, intervals: [1000] }).toBe(true);
    expect(output).toContain(`running at http://localhost:${port}/`);
    expect(output).not.toContain('Unknown project config');

    process.kill(npm.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGINT received: draining requests');
    expect(output).not.toMatch(/ERR_PNPM|Command failed|npm error/);
    expect(await answers()).toBe(false);
  } finally {
    // whatever went wrong above, stop the whole group before leaving
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

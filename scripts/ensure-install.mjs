// Installs the workspace's dependencies with the pinned pnpm when they are missing or stale.
// Used by both top-level commands so a fresh clone needs nothing but Node 20.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const PNPM_VERSION = '10.34.9';

export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm'];
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

export function run(cmd, args, options = {}) {
  const [bin, ...pre] = cmd;
  const res = spawnSync(bin, [...pre, ...args], { cwd: root, stdio: 'inherit', ...options });
  return res.status ?? 1;
}

export function ensureInstalled() {
  process.env.TURBO_TELEMETRY_DISABLED = '1';
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  const pnpm = pnpmCommand();
  if (!fresh) {
    const status = run(pnpm, ['install', '--frozen-lockfile']);
    if (status !== 0) process.exit(status);
  }
  return pnpm;
}

export function gitAvailable() {
  try {
    execSync('git rev-parse --is-inside-work-tree', { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from './harness.js';
import { connectionRefused, freePort, spawnServer } from './server-process.js';

// The real entry point (src/main.ts) in production mode refuses to start without its own secrets (an
// unset or empty JWT_SECRET, the client secret shipped in this repository) or with a weak one: it exits non-zero with the reason, never listens and never touches its data folder.
// (guard.test.ts checks loadConfig itself, explicit default values included; graceful-shutdown.test.ts starts production with real secrets.)
// The configuration check runs before any database is opened, so the PGlite project alone runs it.

const dir = mkdtempSync(path.join(tmpdir(), 'tongxin-prod-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const strong = 'k'.repeat(48);

describe.runIf(!onPostgres)('production startup', () => {
  it('exits non-zero with the reason for each shipped or weak secret', { timeout: 90_000 }, async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /JWT_SECRET is not set/],
      [{ JWT_SECRET: strong }, /CLIENT_SECRET is the shipped default/],
      [{ JWT_SECRET: 'short-secret', CLIENT_SECRET: 'a-real-client-secret' }, /at least 32 characters/],
    ];
    await Promise.all(
      cases.map(async ([env, reason]) => {
        const port = await freePort();
        const server = spawnServer(
          {
            NODE_ENV: 'production',
            DATA_DIR: dir,
            DATABASE_URL: '',
            JWT_SECRET: '',
            CLIENT_SECRET: '',
            ...env,
          },
          port,
        );
        const code = await Promise.race([
          server.exited,
          new Promise((r) => setTimeout(() => r('still running'), 60_000)),
        ]);
        server.proc.kill('SIGKILL');
        const label = JSON.stringify(env);
        expect(code, label).not.toBe(0);
        expect(code, label).not.toBe('still running');
        expect(server.stderr(), label).toMatch(/Refusing to start in production/);
        expect(server.stderr(), label).toMatch(reason);
        expect(await connectionRefused(port), label).toBe(true);
      }),
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { Database } from '../src/db/database.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { seed } from '../src/seed/seed.js';
import { MemoryStore } from '../src/util/kv-store.js';
import { call, login, onPostgres, tokenRequest } from './harness.js';

// PostgreSQL restarted under a running server: requests fail with a clear 503 while it is down and
// succeed again once it is back, without restarting the server. Uses a private cluster on its own port,
// made with the machine's PostgreSQL binaries (any installed version) as the `postgres` system user.
function findBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${base}/${versions[0]}/bin` : undefined;
}
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}
const BIN = findBin() ?? '';
const owner = postgresUser();
const missing = [
  !BIN && 'PostgreSQL server binaries under /usr/lib/postgresql/<version>/bin',
  !owner && 'a postgres system user',
  process.getuid?.() !== 0 && 'root (to act as the postgres user)',
].filter(Boolean);
const canRun = onPostgres && missing.length === 0;
// CI (root, PostgreSQL installed, started with pg_ctlcluster) must run it: a skip there would hide it.
const required = onPostgres && process.env.CI === 'true';

function pg(args: string[], dir: string) {
  execFileSync('runuser', ['-u', 'postgres', '--', ...args], { cwd: dir, stdio: 'ignore' });
}

// Runs in the PostgreSQL project only (it needs root, the PostgreSQL binaries and pg_ctl).
describe.runIf(canRun || required)('PostgreSQL restart', () => {
  let dir = '';
  const port = 20000 + (process.pid % 10000);
  const data = () => path.join(dir, 'data');
  const ctl = (action: 'start' | 'stop', mode: 'fast' | 'immediate' = 'fast') =>
    pg(
      action === 'start'
        ? [
            `${BIN}/pg_ctl`,
            '-D',
            data(),
            '-l',
            path.join(dir, 'log'),
            '-w',
            '-o',
            `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
            'start',
          ]
        : [`${BIN}/pg_ctl`, '-D', data(), '-m', mode, '-w', 'stop'],
      dir,
    );
  afterAll(() => {
    if (!dir) return;
    try {
      ctl('stop');
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 while the database is down and recovers by itself', { timeout: 120_000 }, async () => {
    if (!canRun) throw new Error(`PostgreSQL restart test cannot run here, missing: ${missing.join(', ')}`);
    dir = mkdtempSync(path.join(tmpdir(), 'tongxin-pg-'));
    chmodSync(dir, 0o777);
    chownSync(dir, owner!.uid, owner!.gid);
    pg([`${BIN}/initdb`, '-D', data(), '-A', 'trust', '-U', 'postgres', '--no-sync'], dir);
    ctl('start');
    const config = {
      ...loadConfig({ CAPTCHA_ENABLED: 'false' } as NodeJS.ProcessEnv),
      staticRoot: '/nonexistent',
    };
    const db = await Database.open({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await migrate(db);
    await seed(db, config);
    const { app } = await buildApp({ config, db, store: new MemoryStore(), logger: false });
    try {
      const token = await login(app);
      expect((await call(app, token, 'GET', '/api/blade-system/param/list')).statusCode).toBe(200);
      ctl('stop');
      for (let i = 0; i < 3; i++) {
        const down = await call(app, token, 'GET', '/api/blade-system/param/list');
        expect(down.statusCode).toBe(503);
        expect(down.json()).toMatchObject({ code: 503, success: false, msg: '数据库暂时不可用,请稍后再试' });
      }
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      ctl('start');
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) {
        status = (await call(app, token, 'GET', '/api/blade-system/param/list')).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      // A crash (immediate stop, then crash recovery on start) under a stream of reads, writes and
      // logins: every answer is a success or the clear 503, never a 500; afterwards writes work again.
      const answers: number[] = [];
      let running = true;
      let n = 0;
      const stream = (async () => {
        while (running) {
          n++;
          const res = await Promise.all([
            call(app, token, 'GET', '/api/blade-system/param/list'),
            call(app, token, 'POST', '/api/blade-system/param/submit', {
              paramName: `崩溃${n}`,
              paramKey: `crash.pg.${n}`,
              paramValue: 'v',
            }),
            tokenRequest(app),
          ]);
          for (const r of res) answers.push(r.statusCode);
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      ctl('stop', 'immediate');
      await new Promise((r) => setTimeout(r, 500));
      ctl('start');
      let written = 0;
      for (let i = 0; i < 40 && written !== 200; i++) {
        written = (
          await call(app, token, 'POST', '/api/blade-system/param/submit', {
            paramName: '恢复',
            paramKey: 'crash.pg.after',
            paramValue: 'v',
          })
        ).statusCode;
        if (written !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      running = false;
      await stream;
      expect(written).toBe(200);
      expect(answers.filter((c) => c !== 200 && c !== 503)).toEqual([]);
      expect(answers).toContain(503);
    } finally {
      await app.close();
      await db.close();
    }
  });
});

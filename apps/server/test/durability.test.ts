import { afterAll, describe, expect, it } from 'vitest';
import { adminToken as token, scratchStore, startServer as start } from './server-process.js';

// Crash safety: kill -9 the real server in the middle of a stream of submits, start it again on the same
// data, and check that every acknowledged write is there, whole. Runs on PostgreSQL in the postgres
// project and on an embedded PGlite data folder in the pglite project.

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('crash safety', () => {
  it('keeps every acknowledged submit across kill -9', { timeout: 180_000 }, async () => {
    const store = await scratchStore('crash');
    cleanups.push(store.drop);
    const env = store.env;

    let server = await start(env);
    cleanups.push(() => void server.proc.kill('SIGKILL'));
    const auth = await token(server.url);
    const acked = new Map<string, string>();
    let stop = false;
    const writer = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        const key = `crash.${worker}.${i}`;
        const value = `值-${worker}-${i}-${'x'.repeat(200)}`;
        try {
          const res = await fetch(`${server.url}/api/blade-system/param/submit`, {
            method: 'POST',
            headers: { 'Blade-Auth': `bearer ${auth}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ paramName: key, paramKey: key, paramValue: value }),
          });
          const body = (await res.json()) as { success: boolean; data: { id: string } };
          if (body.success) acked.set(body.data.id, value);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acked.size < 60) await new Promise((r) => setTimeout(r, 20));
    server.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acked.size).toBeGreaterThanOrEqual(60);

    server = await start(env);
    const after = await token(server.url);
    const res = await fetch(`${server.url}/api/blade-system/param/list?paramKey_likeright=crash.&size=500`, {
      headers: { 'Blade-Auth': `bearer ${after}` },
    });
    const rows = (
      (await res.json()) as {
        data: { records: { id: string; paramKey: string; paramValue: string; paramName: string }[] };
      }
    ).data.records;
    expect(rows.length).toBeLessThan(500); // the page holds every row written
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [id, value] of acked) {
      expect(byId.get(id)?.paramValue, id).toBe(value);
    }
    // Nothing half-written: every stored row (acknowledged or not) is whole and consistent.
    for (const r of rows) {
      const [, worker, i] = r.paramKey.split('.');
      expect(r.paramName, r.id).toBe(r.paramKey);
      expect(r.paramValue, r.id).toBe(`值-${worker}-${i}-${'x'.repeat(200)}`);
    }
    server.proc.kill('SIGKILL');
    await server.exited;
  });
});

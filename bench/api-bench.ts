// API scenarios on PostgreSQL against the real server process, each against a baseline measured in the
// same round (baseline, scenario, baseline, scenario …), medians of BENCH_ROUNDS interleaved runs.
//   pnpm --filter @tongxin/bench api      (needs the data set: pnpm --filter @tongxin/bench generate)
// Environment: DATABASE_URL (admin connection), BENCH_DATABASE, BENCH_ROUNDS (3), BENCH_SECONDS (5),
// BENCH_DEEP_PAGE (1000), BENCH_TASKS (1500), COUNT_CAP (passed to the server as configured),
// BENCH_NODE_ARGS (node flags of the server processes, e.g. --cpu-prof), BENCH_SHOW_SQL=1 (print the statements each request sends), BENCH_ONLY=menu,login (run only the
// scenarios whose names start with one of these words).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { verify } from '@node-rs/argon2';
import pg from 'pg';
import { buildApp } from '@tongxin/server/src/app.js';
import { loadConfig } from '@tongxin/server/src/config.js';
import { Database } from '@tongxin/server/src/db/database.js';
import { nextId } from '@tongxin/server/src/db/ids.js';
import { benchUrl, BIG_TABLE, type DataSet, readDataSet } from './bench-db.js';
import { drive, httpLoad, median, type Run } from './load.js';
import { withCpu } from './cpu-account.js';
import { rssNow, sampleRss, startBareServer, startFloorServer, startServer } from './server-process.js';
import {
  captureStatements,
  kindOf,
  ownStatements,
  replay,
  serverLikePool,
  type Statement,
  substituted,
  withoutOpening,
} from './sql-replay.js';
import { deployBench, httpComplete, platformAdmin, prepareTasks, rawComplete } from './workflow.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 1000);
const TASKS = Number(process.env.BENCH_TASKS ?? 1500);
const UPLOAD_BYTES = 10 * 1024 * 1024 - 1024; // the multipart envelope stays under the 10 MB limit
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const DUTY = '/api/app-party-duty/partyduty';
const FILTERS = 'dutyPost_equal=1&dutyStatus_equal=2';

export interface Scenario {
  name: string;
  baselineLabel: string;
  connections: number;
  baseline: (seconds: number) => Promise<Run>;
  /** The process answering the baseline, when it is a server (its CPU is counted as the server's). */
  baselinePid?: number;
  api: (seconds: number) => Promise<Run>;
  /** The process answering `api` when it is not the server (its CPU is counted as the server's). */
  apiPid?: number;
  /** The harder baseline of list and detail: the page (or record) query alone on the pool, no
   * transaction, no settings. */
  bare?: (seconds: number) => Promise<Run>;
  /** For list scenarios: the replayed statements and their timings (page vs total). */
  replayed?: { statements: Statement[]; timings: number[][] };
}

export interface Measured {
  scenario: Scenario;
  baseline: Run[];
  bare: Run[];
  api: Run[];
}

/** The statement of a request that reads the rows themselves (the page, or the record of a detail). */
const rowsQuery = (statements: Statement[]): Statement => {
  const found = statements
    .map(withoutOpening)
    .find((s) => kindOf(s) === 'page' || /^select \*/i.test(s.text));
  if (!found) throw new Error('no row query among the recorded statements');
  return found;
};

const loginUrl = (server: string, tenantId: string) =>
  `${server}/api/blade-auth/oauth/token?tenantId=${tenantId}&username=admin&password=${md5('admin')}&grant_type=password&scope=all`;

async function login(server: string, tenantId: string): Promise<string> {
  const res = await fetch(loginUrl(server, tenantId), {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': tenantId },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login to tenant ${tenantId} failed: ${res.status}`);
  return body.access_token;
}

function multipart(filename: string, content: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** What one request of each database-bound scenario sends to PostgreSQL, recorded from an in-process
 * server on the bench database (same code and configuration as the server process). */
async function captureAll(dataSet: DataSet, dataDir: string) {
  const db = await Database.open({ databaseUrl: benchUrl() });
  const config = {
    ...loadConfig({
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      ...(process.env.COUNT_CAP ? { COUNT_CAP: process.env.COUNT_CAP } : {}),
    } as NodeJS.ProcessEnv),
    staticRoot: path.join(dataDir, 'no-static'),
  };
  const { app } = await buildApp({ config, db, logger: false });
  try {
    const tokenRes = await app.inject({
      method: 'POST',
      url: loginUrl('', dataSet.tenantId),
      headers: { authorization: BASIC, 'tenant-id': dataSet.tenantId },
    });
    const token = (tokenRes.json() as { access_token: string }).access_token;
    const headers = { 'blade-auth': `bearer ${token}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { data: { records?: { id: string }[]; id?: string } };
    };
    const first = `${DUTY}/page?current=1&size=10&${FILTERS}`;
    const deep = `${DUTY}/page?current=${DEEP_PAGE}&size=10&${FILTERS}`;
    const firstPage = await get(first); // also warms the grants cache
    const detailId = firstPage.data.records![0]!.id;
    await get(deep);
    const listFirst = await ownStatements(async () => void (await get(first)));
    const listDeep = await ownStatements(async () => void (await get(deep)));
    const detail = await ownStatements(async () => void (await get(`${DUTY}/detail?id=${detailId}`)));
    let submittedId = '';
    const submit = await captureStatements(async () => {
      const res = await app.inject({ method: 'POST', url: `${DUTY}/submit`, headers, payload: submitBody() });
      if (res.statusCode !== 200) throw new Error(`submit: ${res.body}`);
      submittedId = (res.json() as { data: { id: string } }).data.id;
    });
    return { listFirst, listDeep, detail, detailId, submit, submittedId };
  } finally {
    await app.close();
    await db.close();
  }
}

/** Removes a folder the server may still be writing into (uploads whose client already left). */
async function removeQuietly(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const submitBody = () => ({
  dutyPlace: '文化路社区党群服务中心',
  dutyPost: 1,
  dutyDate: '2026-12-20',
  shift: 1,
  memberName: '王建国',
  phone: '13812345678',
  dutyStatus: 0,
  receptionNum: 0,
  dutyContent: '接待群众来访,登记诉求并转交网格员跟进。',
});

/** Builds every scenario with its baseline. Answers the scenarios and a cleanup. */
export async function prepareScenarios(dataSet: DataSet): Promise<{
  scenarios: Scenario[];
  serverPid: number;
  close: () => Promise<void>;
}> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tongxin-bench-'));
  const dataDir = path.join(tmp, 'data');
  const rawDir = path.join(tmp, 'raw-writes');
  mkdirSync(rawDir, { recursive: true });
  const captured = await captureAll(dataSet, dataDir);
  if (process.env.BENCH_SHOW_SQL) {
    for (const [name, statements] of Object.entries(captured))
      if (Array.isArray(statements))
        for (const st of statements) console.log(`  [${name}] ${st.text}  ${JSON.stringify(st.values)}`);
  }
  const pool = serverLikePool(benchUrl());
  const db = await Database.open({ databaseUrl: benchUrl() });
  // Run in order at the end (servers first); whatever was started is stopped if setup fails.
  const closers: (() => Promise<void>)[] = [
    () => pool.end(),
    () => db.close(),
    async () => rmSync(tmp, { recursive: true, force: true }),
  ];
  try {
    const server = await startServer(benchUrl(), dataDir);
    closers.unshift(() => server.stop());
    const token = await login(server.url, dataSet.tenantId);
    const auth = { 'Blade-Auth': `bearer ${token}` };

    // Detail ids: a random sample of the busiest tenant's live records.
    const sample = await pool.query<{ id: string }>(
      `select id from ${BIG_TABLE} tablesample system (1) where tenant_id = $1 and is_deleted = 0 limit 5000`,
      [dataSet.tenantId],
    );
    const ids = sample.rows.map((r) => String(r.id));
    const randomId = () => ids[Math.floor(Math.random() * ids.length)]!;

    // Menu routes: the bare Fastify baseline answers the very same document.
    const menus = await (await fetch(`${server.url}/api/blade-system/menu/routes`, { headers: auth })).json();
    const menuFile = path.join(tmp, 'menus.json');
    writeFileSync(menuFile, JSON.stringify(menus));
    const bare = await startBareServer(menuFile);
    closers.unshift(() => bare.stop());
    // The ceiling of the detail's ratio: a bare Fastify route answering the same detail document (no
    // auth, no database) against the detail's same SQL. No server doing more can pass what it reaches.
    const detailDoc = await (
      await fetch(`${server.url}${DUTY}/detail?id=${captured.detailId}`, { headers: auth })
    ).json();
    const detailFile = path.join(tmp, 'detail.json');
    writeFileSync(detailFile, JSON.stringify(detailDoc));
    const bareDetail = await startBareServer(detailFile);
    closers.unshift(() => bareDetail.stop());
    // The floor: Fastify replaying the same statements on a pg pool and answering their rows (no auth,
    // no engine). What a server that reads through pg can reach at best against "the same SQL".
    const floor = await startFloorServer(
      benchUrl(),
      [{ statements: captured.listFirst }, { statements: captured.detail, recordedId: captured.detailId }],
      path.join(tmp, 'floors.json'),
    );
    closers.unshift(() => floor.stop());
    // The same server with the log tables off (DB_LOG=false): the logging scenario's baseline.
    const quiet = await startServer(benchUrl(), dataDir, { DB_LOG: 'false' });
    closers.unshift(() => quiet.stop());

    // Login: the raw hash loop verifies the same stored argon2id hash with the same parameters.
    const stored = await pool.query<{ password: string }>(
      `select password from blade_user where tenant_id = $1 and account = 'admin' and is_deleted = 0`,
      [dataSet.tenantId],
    );
    const hash = stored.rows[0]!.password;

    // Upload: a 10 MB PDF through multipart; the baseline writes the same bytes to the same disk.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(UPLOAD_BYTES - 9)]);
    const upload = multipart('bench.pdf', pdf);
    let rawWrites = 0;

    // Task completion: the workflow bench's pieces, as the platform administrator.
    const wf = await platformAdmin(server.url);
    const definitionId = await deployBench(db, wf.actor);

    const replayed = (statements: Statement[]) => ({
      statements,
      timings: statements.map(() => [] as number[]),
    });
    const first = replayed(captured.listFirst);
    const deep = replayed(captured.listDeep);
    const swap = (from: string, to: () => string) => {
      return () => {
        const next = to();
        return (v: unknown) => (v === from ? next : v);
      };
    };
    const detailSwap = swap(captured.detailId, randomId);
    /** The bare query on the pool, `substitute` applied per call. */
    const bareQuery = (st: Statement, substitute?: () => (v: unknown) => unknown) => (seconds: number) =>
      drive({ concurrency: 50, seconds }, async () => {
        const call = substituted(st, substitute?.() ?? ((v: unknown) => v));
        await pool.query(call.text, call.values);
      });
    const submitSwap = swap(captured.submittedId, nextId);

    const scenarios: Scenario[] = [
      {
        name: 'login',
        baselineLabel: 'raw argon2id verify loop, same hash',
        connections: 10,
        baseline: (seconds) =>
          drive({ concurrency: 10, seconds }, async () => {
            if (!(await verify(hash, md5('admin')))) throw new Error('hash mismatch');
          }),
        api: (seconds) =>
          httpLoad({
            url: loginUrl(server.url, dataSet.tenantId),
            method: 'POST',
            headers: { Authorization: BASIC, 'Tenant-Id': dataSet.tenantId },
            connections: 10,
            seconds,
          }),
      },
      {
        name: 'list, first page + filters',
        baselineLabel: 'same SQL through pg',
        connections: 50,
        replayed: first,
        bare: bareQuery(rowsQuery(first.statements)),
        baseline: (seconds) =>
          drive({ concurrency: 50, seconds }, () => replay(pool, first.statements, undefined, first.timings)),
        api: (seconds) =>
          httpLoad({
            url: `${server.url}${DUTY}/page?current=1&size=10&${FILTERS}`,
            headers: auth,
            connections: 50,
            seconds,
          }),
      },
      {
        // every API call is queued for the API log and written in batches: the cost of that, measured
        // as the first-page list with logging on against the same server with DB_LOG=false
        name: 'logging on, list first page + filters',
        baselineLabel: 'same server with DB_LOG=false',
        connections: 50,
        baselinePid: quiet.pid,
        baseline: (seconds) =>
          httpLoad({
            url: `${quiet.url}${DUTY}/page?current=1&size=10&${FILTERS}`,
            headers: auth,
            connections: 50,
            seconds,
          }),
        api: (seconds) =>
          httpLoad({
            url: `${server.url}${DUTY}/page?current=1&size=10&${FILTERS}`,
            headers: auth,
            connections: 50,
            seconds,
          }),
      },
      {
        name: `list, page ${DEEP_PAGE} + filters`,
        baselineLabel: 'same SQL through pg',
        connections: 50,
        replayed: deep,
        bare: bareQuery(rowsQuery(deep.statements)),
        baseline: (seconds) =>
          drive({ concurrency: 50, seconds }, () => replay(pool, deep.statements, undefined, deep.timings)),
        api: (seconds) =>
          httpLoad({
            url: `${server.url}${DUTY}/page?current=${DEEP_PAGE}&size=10&${FILTERS}`,
            headers: auth,
            connections: 50,
            seconds,
          }),
      },
      {
        name: 'detail (random id)',
        baselineLabel: 'same SQL through pg',
        connections: 50,
        bare: bareQuery(rowsQuery(captured.detail), detailSwap),
        baseline: (seconds) =>
          drive({ concurrency: 50, seconds }, () => replay(pool, captured.detail, detailSwap())),
        api: (seconds) =>
          httpLoad({
            url: server.url,
            path: () => `${DUTY}/detail?id=${randomId()}`,
            headers: auth,
            connections: 50,
            seconds,
          }),
      },
      {
        name: 'ceiling: bare Fastify, the detail document',
        baselineLabel: "the detail's same SQL through pg",
        connections: 50,
        baseline: (seconds) =>
          drive({ concurrency: 50, seconds }, () => replay(pool, captured.detail, detailSwap())),
        api: (seconds) => httpLoad({ url: `${bareDetail.url}/bare`, connections: 50, seconds }),
        apiPid: bareDetail.pid,
      },
      {
        name: 'floor: Fastify + pg, the list first page',
        baselineLabel: "the list's same SQL through pg",
        connections: 50,
        baseline: (seconds) => drive({ concurrency: 50, seconds }, () => replay(pool, first.statements)),
        api: (seconds) => httpLoad({ url: `${floor.url}/floor/0`, connections: 50, seconds }),
        apiPid: floor.pid,
      },
      {
        name: 'floor: Fastify + pg, the detail',
        baselineLabel: "the detail's same SQL through pg",
        connections: 50,
        baseline: (seconds) =>
          drive({ concurrency: 50, seconds }, () => replay(pool, captured.detail, detailSwap())),
        api: (seconds) =>
          httpLoad({ url: floor.url, path: () => `/floor/1?id=${randomId()}`, connections: 50, seconds }),
        apiPid: floor.pid,
      },
      {
        name: 'submit (new record)',
        baselineLabel: 'same SQL through pg',
        connections: 10,
        baseline: (seconds) =>
          drive({ concurrency: 10, seconds }, () => replay(pool, captured.submit, submitSwap())),
        api: (seconds) =>
          httpLoad({
            url: `${server.url}${DUTY}/submit`,
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(submitBody()),
            connections: 10,
            seconds,
          }),
      },
      {
        name: 'menu routes',
        baselineLabel: 'bare Fastify route, same JSON',
        connections: 50,
        baselinePid: bare.pid,
        baseline: (seconds) => httpLoad({ url: `${bare.url}/bare`, connections: 50, seconds }),
        api: (seconds) =>
          httpLoad({
            url: `${server.url}/api/blade-system/menu/routes`,
            headers: auth,
            connections: 50,
            seconds,
          }),
      },
      {
        name: 'upload 10 MB',
        baselineLabel: 'raw 10 MB file write, same disk',
        connections: 4,
        baseline: async (seconds) => {
          const run = await drive({ concurrency: 4, seconds }, () =>
            writeFile(path.join(rawDir, `${rawWrites++}.pdf`), pdf, { flag: 'wx' }),
          );
          await removeQuietly(rawDir);
          mkdirSync(rawDir, { recursive: true });
          return run;
        },
        api: async (seconds) => {
          const run = await httpLoad({
            url: `${server.url}/api/blade-resource/oss/endpoint/put-file-attach`,
            method: 'POST',
            headers: { ...auth, 'content-type': upload.contentType },
            body: upload.body,
            connections: 4,
            seconds,
          });
          await removeQuietly(path.join(dataDir, 'uploads'));
          return run;
        },
      },
      {
        name: 'task completion',
        baselineLabel: 'same statements through pg',
        connections: 8,
        // A fixed number of tasks per run (each can be completed once), prepared before the clock starts.
        baseline: async () =>
          drive({ concurrency: 8, items: await prepareTasks(db, wf.actor, definitionId, TASKS) }, (id) =>
            rawComplete(pool, id, wf.actor.userId),
          ),
        api: async () => {
          const items = await prepareTasks(db, wf.actor, definitionId, TASKS);
          return drive({ concurrency: 8, items }, (id) => httpComplete(server.url, wf.token, id));
        },
      },
    ];
    return {
      scenarios,
      serverPid: server.pid,
      close: async () => {
        for (const c of closers) await c();
      },
    };
  } catch (e) {
    for (const c of closers) await c().catch(() => undefined);
    throw e;
  }
}

/** A run with the CPU each process spent per operation kept on it. */
async function counted(pid: number | undefined, run: () => Promise<Run>): Promise<Run> {
  const { result, cpu } = await withCpu(pid, run, (r) => r.ops);
  return { ...result, cpu };
}

/** Baseline, then the API with the server's RSS sampled, `rounds` times per scenario. */
export async function measure(
  scenarios: Scenario[],
  serverPid: number,
  rounds = ROUNDS,
): Promise<Measured[]> {
  const results = scenarios.map((scenario) => ({
    scenario,
    baseline: [] as Run[],
    bare: [] as Run[],
    api: [] as Run[],
  }));
  for (let round = 1; round <= rounds; round++) {
    for (const r of results) {
      process.stdout.write(`  round ${round}/${rounds}: ${r.scenario.name} … `);
      r.baseline.push(await counted(r.scenario.baselinePid, () => r.scenario.baseline(SECONDS)));
      if (r.scenario.bare) r.bare.push(await counted(undefined, () => r.scenario.bare!(SECONDS)));
      const rss = sampleRss(serverPid);
      const api = await counted(r.scenario.apiPid ?? serverPid, () => r.scenario.api(SECONDS));
      api.rssMb = await rss.stop();
      r.api.push(api);
      const bareRps = r.bare.at(-1)?.rps;
      console.log(
        `${api.rps.toFixed(1)}/s vs ${r.baseline.at(-1)!.rps.toFixed(1)}/s${bareRps ? ` (bare query ${bareRps.toFixed(1)}/s)` : ''}`,
      );
    }
  }
  return results;
}

/** The exact count(*) a MyBatis-Plus page would run for the same filters, for reference (ms, median of 3). */
async function exactCountMs(statements: Statement[]): Promise<number | undefined> {
  const explain = statements.map(withoutOpening).find((s) => /^explain/i.test(s.text));
  const opening = statements
    .find((s) => /set_config/.test(s.text))
    ?.text.match(/select set_config[^;]*/)?.[0];
  const tenant = opening ? { text: opening, values: [] } : undefined;
  if (!explain || !tenant) return undefined;
  const text = explain.text.replace(/^explain \(format json\) select 1 as "one"/i, 'select count(*)');
  const c = new pg.Client({ connectionString: benchUrl() });
  await c.connect();
  try {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await c.query('begin');
      await c.query(tenant.text, tenant.values);
      const t = performance.now();
      await c.query(text, explain.values);
      times.push(performance.now() - t);
      await c.query('commit');
    }
    return median(times);
  } finally {
    await c.end();
  }
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** CPU per operation by process (µs, medians): where each side's time goes on the shared cores. */
function cpuTable(results: Measured[], out: (s?: string) => void): void {
  const side = (runs: Run[]) => {
    const k = (key: 'server' | 'postgres' | 'bench') => median(runs.map((r) => r.cpu?.[key] ?? NaN));
    const [server, postgres, bench] = [k('server'), k('postgres'), k('bench')];
    return `${f(server, 0)} | ${f(postgres, 0)} | ${f(bench, 0)} | ${f(server + postgres + bench, 0)}`;
  };
  out(
    '\nCPU per operation, µs (server or baseline server / PostgreSQL / bench process: load generator or pg client)\n',
  );
  out(
    '| scenario | API: server | PostgreSQL | bench | total | baseline: server | PostgreSQL | bench | total |',
  );
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) out(`| ${r.scenario.name} | ${side(r.api)} | ${side(r.baseline)} |`);
}

export async function report(results: Measured[], restingRssMb: number): Promise<string[]> {
  const lines: string[] = [];
  const out = (s = '') => {
    lines.push(s);
    console.log(s);
  };
  const m = (runs: Run[], k: 'rps' | 'p50' | 'p99') => median(runs.map((r) => r[k]));
  out(
    `\nPostgreSQL, medians of ${ROUNDS} interleaved runs of ${SECONDS} s (baseline, API, baseline, API …)\n`,
  );
  out(
    '| scenario | conns | API req/s | p50 ms | p99 ms | baseline req/s | ratio | bare query req/s | ratio to bare | max RSS MB | baseline |',
  );
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const errors = r.api.reduce((s, x) => s + x.errors, 0) + r.baseline.reduce((s, x) => s + x.errors, 0);
    out(
      `| ${r.scenario.name} | ${r.scenario.connections} | ${f(m(r.api, 'rps'))} | ${f(m(r.api, 'p50'))} | ${f(m(r.api, 'p99'))} | ${f(m(r.baseline, 'rps'))} | ${f(m(r.api, 'rps') / m(r.baseline, 'rps'), 2)} | ${r.bare.length ? f(m(r.bare, 'rps')) : '–'} | ${r.bare.length ? f(m(r.api, 'rps') / m(r.bare, 'rps'), 2) : '–'} | ${f(Math.max(...r.api.map((x) => x.rssMb ?? 0)), 0)} | ${r.scenario.baselineLabel}${errors ? ` (${errors} errors!)` : ''} |`,
    );
  }

  cpuTable(results, out);

  out('\nTotal vs page (per statement, ms, median during the raw-SQL runs at 50 connections)\n');
  out('| scenario | page query | total (explain / capped count) | exact count(*) alone, for reference |');
  out('|---|---:|---:|---:|');
  const countOk: boolean[] = [];
  for (const r of results) {
    const rep = r.scenario.replayed;
    if (!rep) continue;
    const sum = (kind: 'page' | 'total') =>
      rep.statements.reduce((s, st, i) => (kindOf(st) === kind ? s + median(rep.timings[i]!) : s), 0);
    const page = sum('page');
    const total = sum('total');
    countOk.push(total <= page);
    out(
      `| ${r.scenario.name} | ${f(page, 2)} | ${f(total, 2)} | ${f((await exactCountMs(rep.statements)) ?? NaN, 1)} |`,
    );
  }

  out('\nTargets');
  const find = (prefix: string) => results.filter((r) => r.scenario.name.startsWith(prefix));
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  for (const r of [...find('list'), ...find('detail')]) {
    const ratio = m(r.api, 'rps') / m(r.baseline, 'rps');
    const bareRatio = r.bare.length ? m(r.api, 'rps') / m(r.bare, 'rps') : NaN;
    const p99 = m(r.api, 'p99');
    out(
      `  ${verdict(ratio >= 0.6 && bareRatio >= 0.4 && p99 <= 50)}  ${r.scenario.name}: ${f(ratio, 2)}× the same SQL (≥ 0.6), ${f(bareRatio, 2)}× the bare query (≥ 0.4), p99 ${f(p99)} ms (≤ 50)`,
    );
  }
  for (const r of find('ceiling')) {
    const ratio = m(r.api, 'rps') / m(r.baseline, 'rps');
    out(
      `  ----  ${r.scenario.name}: ${f(ratio, 2)}× the detail's same SQL (the most any server doing more can reach)`,
    );
  }
  for (const r of find('floor')) {
    const ratio = m(r.api, 'rps') / m(r.baseline, 'rps');
    out(
      `  ----  ${r.scenario.name}: ${f(ratio, 2)}× the same SQL, p99 ${f(m(r.api, 'p99'))} ms (the most a server reading through pg reaches)`,
    );
  }
  for (const r of find('logging')) {
    const ratio = m(r.api, 'rps') / m(r.baseline, 'rps');
    out(`  ${verdict(ratio >= 0.9)}  ${r.scenario.name}: ${f(ratio, 2)}× with logging off (≥ 0.9)`);
  }
  for (const r of find('login')) {
    const ratio = m(r.api, 'rps') / m(r.baseline, 'rps');
    out(`  ${verdict(ratio >= 0.8)}  login: ${f(ratio, 2)}× the raw hash loop (≥ 0.8)`);
  }
  out(
    `  ${verdict(countOk.every(Boolean))}  the total never costs more than the page (list scenarios above)`,
  );
  const rss = Math.max(...results.flatMap((r) => r.api.map((x) => x.rssMb ?? 0)));
  out(
    `  ${verdict(rss <= 300)}  server RSS under load: max ${f(rss, 0)} MB (≤ 300; ${f(restingRssMb, 0)} MB at rest)`,
  );
  return lines;
}

export async function apiBench(): Promise<string[]> {
  const dataSet = await readDataSet();
  if (!dataSet) throw new Error('no bench data set: run `pnpm --filter @tongxin/bench generate` first');
  console.log(
    `API bench on ${dataSet.tenantName} (${dataSet.tenantId}), ${BIG_TABLE} ≈ ${Math.round(dataSet.bigTableRows).toLocaleString()} rows`,
  );
  const prepared = await prepareScenarios(dataSet);
  const { serverPid, close } = prepared;
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const scenarios = only.length
    ? prepared.scenarios.filter((s) => only.some((o) => s.name.startsWith(o)))
    : prepared.scenarios;
  try {
    const resting = await rssNow(serverPid);
    console.log('  warming up');
    for (const s of scenarios.filter((x) => x.name !== 'task completion')) {
      await s.baseline(1);
      await s.api(1);
    }
    return await report(await measure(scenarios, serverPid), resting);
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  apiBench().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

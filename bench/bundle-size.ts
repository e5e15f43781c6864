// Bundle sizes: each app's built dist folder (all JS + CSS, raw and gzip), and what the browser sees —
// what /login transfers and what the first CRUD screen (/system/param, the system remote's 参数管理)
// transfers, cold, in Debian's Chromium, with their largest contentful paint.
//   pnpm --filter @tongxin/bench bundle          (needs the built shell and remotes: pnpm build)
//   BENCH_URL=http://localhost:8080 pnpm --filter @tongxin/bench bundle   (an already running server)
// The server does not compress, so the gzip size of every response body is computed here (zlib level 9,
// what a static gzip step would ship). Targets: /login ≤ 350 KiB, CRUD screen ≤ 700 KiB, everything
// the page transfers, gzip.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { buildApp } from '@tongxin/server/src/app.js';
import { loadConfig } from '@tongxin/server/src/config.js';
import { Database } from '@tongxin/server/src/db/database.js';
import { migrate } from '@tongxin/server/src/engine/schema/migrate.js';
import { seed } from '@tongxin/server/src/seed/seed.js';

const KiB = 1024;
const TARGETS = { login: 350 * KiB, crud: 700 * KiB };
const TOP = Number(process.env.BENCH_TOP ?? 12);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

interface Asset {
  path: string;
  kind: 'js' | 'css' | 'other';
  raw: number;
  gzip: number;
}

interface Measurement {
  assets: Asset[];
  lcp: number;
}

const kindOf = (response: Response): Asset['kind'] => {
  const type = response.request().resourceType();
  const path = new URL(response.url()).pathname;
  if (type === 'script' || path.endsWith('.js')) return 'js';
  if (type === 'stylesheet' || path.endsWith('.css')) return 'css';
  return 'other';
};

/** Records every response body of the page from now on. */
function record(page: Page): { assets: Promise<Asset | undefined>[]; stop: () => void } {
  const assets: Promise<Asset | undefined>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (url.protocol === 'data:' || response.status() >= 300) return;
    assets.push(
      response.body().then(
        (body) => ({
          path: url.pathname + url.search,
          kind: kindOf(response),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  return { assets, stop: () => page.off('response', onResponse) };
}

/** Largest contentful paint of the current document, in ms since navigation start. */
const lcpOf = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        setTimeout(() => resolve(last), 300);
      }),
  );

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

async function measure(baseUrl: string): Promise<{ login: Measurement; crud: Measurement }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    // 1. /login, cold
    let rec = record(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('账号').waitFor();
    await settle(page);
    const loginLcp = await lcpOf(page);
    rec.stop();
    const login = { assets: (await Promise.all(rec.assets)).filter((a) => a !== undefined), lcp: loginLcp };

    // log in (not measured), then open the CRUD screen by deep link with an empty HTTP cache
    const tenant = page.getByLabel('租户编号');
    if (await tenant.isVisible()) await tenant.fill('000000');
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('admin');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/wel/index');
    await settle(page);
    await cdp.send('Network.clearBrowserCache');

    // 2. /system/param, cold, with a session
    rec = record(page);
    await page.goto(`${baseUrl}/system/param`);
    await page.getByRole('cell', { name: 'account.initPassword' }).waitFor({ timeout: 30_000 });
    await settle(page);
    const crudLcp = await lcpOf(page);
    rec.stop();
    const crud = { assets: (await Promise.all(rec.assets)).filter((a) => a !== undefined), lcp: crudLcp };
    return { login, crud };
  } finally {
    await browser.close();
  }
}

const kib = (n: number) => (n / KiB).toFixed(1);
const sum = (assets: Asset[], f: (a: Asset) => number) => assets.reduce((s, a) => s + f(a), 0);

function report(name: string, target: number, m: Measurement): boolean {
  const code = m.assets.filter((a) => a.kind !== 'other');
  const js = code.filter((a) => a.kind === 'js');
  const css = code.filter((a) => a.kind === 'css');
  // The target is on everything the page transfers (HTML, JS, CSS, fonts, API answers), gzip.
  const gzip = sum(m.assets, (a) => a.gzip);
  const ok = gzip <= target;
  console.log(`\n${name}`);
  console.log('  what                  files    raw KiB   gzip KiB');
  const row = (label: string, xs: Asset[]) =>
    console.log(
      `  ${label.padEnd(20)} ${String(xs.length).padStart(6)} ${kib(sum(xs, (a) => a.raw)).padStart(10)} ${kib(sum(xs, (a) => a.gzip)).padStart(10)}`,
    );
  row('JavaScript', js);
  row('CSS', css);
  row('JS + CSS', code);
  row(
    'other (html, json…)',
    m.assets.filter((a) => a.kind === 'other'),
  );
  row('everything', m.assets);
  console.log(`  LCP ${m.lcp.toFixed(0)} ms`);
  console.log(`  largest files (gzip KiB):`);
  for (const a of [...code].sort((x, y) => y.gzip - x.gzip).slice(0, TOP))
    console.log(`    ${kib(a.gzip).padStart(7)}  ${a.path}`);
  console.log(`  total gzip ${kib(gzip)} KiB, target ≤ ${kib(target)} KiB: ${ok ? 'PASS' : 'MISS'}`);
  return ok;
}

async function withServer<T>(run: (url: string) => Promise<T>): Promise<T> {
  if (process.env.BENCH_URL) return run(process.env.BENCH_URL.replace(/\/$/, ''));
  const config = {
    ...loadConfig({ CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'error' } as NodeJS.ProcessEnv),
    loginMaxFailures: 1e9,
  };
  const db = await Database.open({ memory: true });
  await migrate(db);
  await seed(db, config);
  const { app } = await buildApp({ config, db, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // sanity: the admin login works before the browser tries it
    const res = await fetch(
      `${url}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
      {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      },
    );
    if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
    return await run(url.replace('127.0.0.1', 'localhost'));
  } finally {
    await app.close();
    await db.close();
  }
}

const APPS = ['shell', 'system', 'party', 'community', 'workflow'] as const;

/** Every .js and .css file under an app's dist folder, raw and gzip (level 9). */
function distOf(
  app: string,
): { files: number; raw: number; gzip: number; largest: Asset | undefined } | undefined {
  const root = path.resolve(import.meta.dirname, '..', 'apps', app, 'dist');
  if (!existsSync(root)) return undefined;
  const assets: Asset[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(js|css)$/.test(name)) {
        const body = readFileSync(file);
        assets.push({
          path: path.relative(root, file),
          kind: name.endsWith('.css') ? 'css' : 'js',
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      }
    }
  };
  walk(root);
  return {
    files: assets.length,
    raw: sum(assets, (a) => a.raw),
    gzip: sum(assets, (a) => a.gzip),
    largest: [...assets].sort((a, b) => b.gzip - a.gzip)[0],
  };
}

/** Each app's whole build (everything a user could ever load from it), as a markdown table. */
export function distReport(): string[] {
  const lines = [
    '| app | JS+CSS files | raw KiB | gzip KiB | largest file (gzip KiB) |',
    '|---|---:|---:|---:|---|',
  ];
  for (const app of APPS) {
    const d = distOf(app);
    lines.push(
      d
        ? `| ${app} | ${d.files} | ${kib(d.raw)} | ${kib(d.gzip)} | ${d.largest ? `${d.largest.path} (${kib(d.largest.gzip)})` : '–'} |`
        : `| ${app} | not built (run \`pnpm build\`) | | | |`,
    );
  }
  return lines;
}

function builtShell(): boolean {
  return existsSync(path.resolve(import.meta.dirname, '..', 'apps', 'shell', 'dist', 'index.html'));
}

/** The whole front-end bench; answers the summary lines (markdown) for the run-all report. */
export async function bundleBench(): Promise<string[]> {
  const lines: string[] = [];
  const out = (s = '') => {
    lines.push(s);
    console.log(s);
  };
  out('\nBuilt apps (apps/*/dist, all JS + CSS)\n');
  for (const l of distReport()) out(l);
  if (!builtShell() && !process.env.BENCH_URL) {
    out('\nThe shell is not built: run `pnpm build` to measure /login and the CRUD screen in Chromium.');
    return lines;
  }
  const { login, crud } = await withServer(measure);
  const okLogin = report('/login (cold)', TARGETS.login, login);
  const okCrud = report('/system/param — first CRUD screen (cold deep link, logged in)', TARGETS.crud, crud);
  out('\nPages in Chromium (cold cache; gzip computed per response)\n');
  out('| page | requests | JS+CSS gzip KiB | everything gzip KiB | target KiB | LCP ms | |');
  out('|---|---:|---:|---:|---:|---:|---|');
  for (const [label, m, target, ok] of [
    ['/login', login, TARGETS.login, okLogin],
    ['/system/param (after login)', crud, TARGETS.crud, okCrud],
  ] as const) {
    const code = m.assets.filter((a) => a.kind !== 'other');
    out(
      `| ${label} | ${m.assets.length} | ${kib(sum(code, (a) => a.gzip))} | ${kib(sum(m.assets, (a) => a.gzip))} | ${kib(target)} | ${m.lcp.toFixed(0)} | ${ok ? 'PASS' : 'MISS'} |`,
    );
  }
  if (process.env.BENCH_STRICT && !(okLogin && okCrud)) process.exitCode = 1;
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleBench();

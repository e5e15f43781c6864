import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOrigins } from '../src/config.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, upload, type TestServer } from './harness.js';

// Security headers on every kind of response (operations.test.ts checks an API answer, a 401 and an API
// 404): framework errors (400, 413, 415), a 403, the OAuth error shape, the built shell's files and its
// client-route fallback, a remote's files and their 404, uploaded files and their 404, HEAD requests.

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const root = mkdtempSync(path.join(tmpdir(), 'tongxin-static-'));
let s: TestServer;
let token: string;
let noRights: string;

beforeAll(async () => {
  // A stand-in for the built front end: the shell's index and an asset, one remote's entry.
  mkdirSync(path.join(root, 'shell', 'dist', 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'shell', 'dist', 'assets', 'app.js'), 'console.log(1)');
  mkdirSync(path.join(root, 'system', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'system', 'dist', 'remoteEntry.js'), 'var remote = {}');
  s = await startTestServer({ staticRoot: root });
  token = await login(s.app);
  await addTenantWithUser(s.db, { tenantId: '000000', account: 'norights', menuCodes: [] });
  noRights = await login(s.app, { account: 'norights', password: 'secret' });
});
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['x-frame-options'], label).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy'], label).toContain('camera=()');
  expect(res.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  expect(res.headers.server, label).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers of every status, with no caching', async () => {
    const json = { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' };
    const cases: [string, number, LightMyRequestResponse][] = [
      ['403', 403, await call(s.app, noRights, 'GET', '/api/blade-system/param/list')],
      [
        'broken JSON',
        400,
        await s.app.inject({
          method: 'POST',
          url: '/api/blade-system/param/submit',
          headers: json,
          payload: '{"a":',
        }),
      ],
      [
        'unknown media type',
        415,
        await s.app.inject({
          method: 'POST',
          url: '/api/blade-system/param/submit',
          headers: { ...json, 'content-type': 'text/xml' },
          payload: '<a/>',
        }),
      ],
      [
        'body too large',
        413,
        await s.app.inject({
          method: 'POST',
          url: '/api/blade-system/param/submit',
          headers: json,
          payload: JSON.stringify({ paramValue: 'x'.repeat(3 * 1024 * 1024) }),
        }),
      ],
      [
        'OAuth error',
        400,
        await s.app.inject({
          method: 'POST',
          url: '/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=x&grant_type=password',
          headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
          remoteAddress: '10.77.0.1',
        }),
      ],
      ['unknown method', 404, await s.app.inject({ method: 'DELETE', url: '/api/health' })],
      ['HEAD', 200, await s.app.inject({ method: 'HEAD', url: '/api/health' })],
    ];
    for (const [label, status, res] of cases) {
      expect(res.statusCode, label).toBe(status);
      expectSecurityHeaders(res, label);
      expect(res.headers['cache-control'], label).toBe('no-store');
    }
  });

  it("are on the shell's files, its client routes, a remote's files and their 404s", async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/assets/app.js', 200],
      ['/system/param', 200],
      ['/remotes/system/remoteEntry.js', 200],
      ['/remotes/system/missing.js', 404],
      ['/remotes/nope/x.js', 404],
    ] as const) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expectSecurityHeaders(res, url);
    }
    const head = await s.app.inject({ method: 'HEAD', url: '/' });
    expectSecurityHeaders(head, 'HEAD /');
  });

  it('are on uploaded files and their 404s', async () => {
    const link = (
      await upload(s.app, token, '/api/blade-resource/oss/endpoint/put-file-attach', 'a.png', PNG)
    ).json().data.link;
    // a name the store does not hold, with a link signed for it (files/file-links.ts)
    const missing = link
      .split('?')[0]
      .replace(/[0-9a-f]{32}/, '0'.repeat(32))
      .replace('/files/', '');
    for (const [url, status] of [
      [link, 200],
      [`/files/${missing}?sig=${s.ctx.links.signature(missing)}`, 404],
      ['/files/not-a-file', 404],
    ] as const) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expectSecurityHeaders(res, url);
    }
  });

  it('put a Content-Security-Policy on pages and remote files that allows registered remote origins', async () => {
    const csp = async (url: string) =>
      (await s.app.inject({ method: 'GET', url })).headers['content-security-policy'];
    const page = String(await csp('/'));
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "object-src 'none'",
      "frame-ancestors 'self'",
    ])
      expect(page).toContain(directive);
    expect(page).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(await csp('/system/param')).toBe(page); // a client route answered with the shell's page
    expect(await csp('/remotes/system/remoteEntry.js')).toBe(page);
    expect(await csp('/api/health')).toBeUndefined();

    // A remote registered from another origin: its scripts and manifest are allowed from then on.
    const sys = (await call(s.app, token, 'GET', '/api/blade-system/menu/lazy-menu-list?parentId=0'))
      .json()
      .data.find((m: { code: string }) => m.code === 'system');
    const added = await call(s.app, token, 'POST', '/api/blade-system/menu/submit', {
      parentId: sys.id,
      code: 'csp_remote',
      name: '外部模块',
      path: '/ext/csp',
      sort: 99,
      category: 1,
      remote: 'ext',
      remoteEntry: 'https://cdn.example.com:8443/ext/mf-manifest.json',
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = String(await csp('/'));
    expect(after).toContain("script-src 'self' https://cdn.example.com:8443;");
    expect(after).toContain("connect-src 'self' https://cdn.example.com:8443;");
    // its stylesheets, their fonts and images, from the same origin
    expect(after).toContain("style-src 'self' 'unsafe-inline' https://cdn.example.com:8443;");
    expect(after).toContain("font-src 'self' data: https://cdn.example.com:8443;");
    expect(after).toContain("img-src 'self' data: blob: https: https://cdn.example.com:8443;");
    expect(after).toContain("frame-src 'self';");

    // An external page a menu opens in a tab (/myiframe) may be framed.
    const framed = await call(s.app, token, 'POST', '/api/blade-system/menu/submit', {
      parentId: sys.id,
      code: 'csp_frame',
      name: '外部页面',
      path: 'http://report.example.com:8081/board.html',
      sort: 98,
      category: 1,
    });
    expect(framed.statusCode, framed.body).toBe(200);
    expect(String(await csp('/'))).toContain("frame-src 'self' http://report.example.com:8081;");
  });

  it('serve every remote folder present, with the cache headers a redeploy needs', async () => {
    // a remote copied in while the server runs, named by no code
    mkdirSync(path.join(root, 'acme', 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'acme', 'dist', 'mf-manifest.json'), '{}');
    writeFileSync(path.join(root, 'acme', 'dist', 'remoteEntry.js'), 'var acme = {}');
    writeFileSync(path.join(root, 'acme', 'dist', '__federation_expose_routes.0a1b2c3d.js'), '1');
    writeFileSync(path.join(root, 'acme', 'dist', '5f0e4d3c2b1a0f9e.woff2'), 'font');
    mkdirSync(path.join(root, 'nodist'), { recursive: true });
    const get = (url: string) => s.app.inject({ method: 'GET', url });
    for (const [url, cache] of [
      ['/remotes/acme/mf-manifest.json', 'no-cache'],
      ['/remotes/acme/remoteEntry.js', 'no-cache'],
      ['/remotes/acme/__federation_expose_routes.0a1b2c3d.js', 'public, max-age=31536000, immutable'],
      ['/remotes/acme/5f0e4d3c2b1a0f9e.woff2', 'public, max-age=31536000, immutable'],
      ['/remotes/system/remoteEntry.js', 'no-cache'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(cache);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    // the shell's page (and its client routes) is revalidated, its hashed files are not
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/system/param')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/app.js')).headers['access-control-allow-origin']).toBeUndefined();
    for (const url of [
      '/remotes/nodist/remoteEntry.js',
      '/remotes/shell/index.html',
      '/remotes/acme/missing.0a1b2c3d.js',
      '/remotes/acme/../system/dist/remoteEntry.js',
      '/remotes/acme/..%2f..%2fshell%2fdist%2findex.html',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(String(res.headers['cache-control'] ?? ''), url).not.toContain('immutable');
    }
  });

  it('allow the dev servers of DEV_REMOTE_ORIGINS and their live-reload sockets', async () => {
    expect(parseOrigins('DEV_REMOTE_ORIGINS', ' http://localhost:4301, https://Dev.example.com ')).toEqual([
      'http://localhost:4301',
      'https://dev.example.com',
    ]);
    for (const bad of ['http://localhost:4301/', 'localhost:4301', 'ws://localhost:4301', 'http://a:80'])
      expect(() => parseOrigins('DEV_REMOTE_ORIGINS', bad), bad).toThrow(/DEV_REMOTE_ORIGINS/);
    const dev = await startTestServer({ staticRoot: root, devRemoteOrigins: ['http://localhost:4301'] });
    try {
      const policy = String(
        (await dev.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(policy).toContain("script-src 'self' http://localhost:4301;");
      expect(policy).toContain("style-src 'self' 'unsafe-inline' http://localhost:4301;");
      expect(policy).toContain("connect-src 'self' http://localhost:4301 ws://localhost:4301;");
    } finally {
      await dev.close();
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROWSER_CLIENT_META } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenRequest, startTestServer, type TestServer } from './harness.js';

// Issue 10: production refuses the shipped client secret, but the shell had `saber:saber_secret` built
// in, so an operator had to edit the source and rebuild. The server now writes the browser's client
// (CLIENT_ID, CLIENT_SECRET) into the shell's page, where the api-client reads it.

const root = mkdtempSync(path.join(tmpdir(), 'tongxin-shell-page-'));
// A secret with every character an attribute or a replacement pattern could trip on.
const client = { clientId: 'browser', clientSecret: 'its "own" <secret> & $& $1 秘密' };
let s: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><title>同心</title></head><body><div id="root"></div></body></html>',
  );
  s = await startTestServer({ staticRoot: root, ...client });
});
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

/** The meta tags of a page, as a browser reads them. */
function metaOf(html: string): Record<string, string> {
  const entities: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>' };
  return Object.fromEntries(
    [...html.matchAll(/<meta name="([^"]+)" content="([^"]*)">/g)].map(([, name, content]) => [
      name!,
      content!.replace(/&(amp|quot|lt|gt);/g, (_, e: string) => entities[e]!),
    ]),
  );
}

describe("the shell's page", () => {
  it('names the browser client the server runs with, at /, /index.html and every client route', async () => {
    for (const url of ['/', '/index.html', '/system/param', '/wel/index?x=1']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.body, url).toMatch(/^<!doctype html><html><head><title>同心<\/title><meta .*<\/head><body>/);
      expect(metaOf(res.body), url).toEqual({
        [BROWSER_CLIENT_META.clientId]: client.clientId,
        [BROWSER_CLIENT_META.clientSecret]: client.clientSecret,
      });
    }
  });

  it('gives a login with the client it names', async () => {
    const meta = metaOf((await s.app.inject({ method: 'GET', url: '/' })).body);
    const basic = `${meta[BROWSER_CLIENT_META.clientId]}:${meta[BROWSER_CLIENT_META.clientSecret]}`;
    const res = await tokenRequest(s.app, {
      headers: { authorization: `Basic ${Buffer.from(basic).toString('base64')}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });

  it('is revalidated: an unchanged page is a 304, HEAD answers without a body', async () => {
    const first = await s.app.inject({ method: 'GET', url: '/' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await s.app.inject({
      method: 'GET',
      url: '/system/param',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await s.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

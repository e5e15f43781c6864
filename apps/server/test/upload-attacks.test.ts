import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../src/files/upload-routes.js';
import { login, multipart, startTestServer, upload, type TestServer } from './harness.js';

// Hostile uploads beyond uploads.test.ts (which covers ../ names, svg/html/no extension, a script named
// .png, empty and 10 MB + 1): other script-bearing types, double extensions, NUL and control characters
// in names, a part Content-Type that lies, polyglots, and the exact size limit.

const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>window.__xss=1</script></body></html>');

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await login(s.app);
});
afterAll(() => s.close());

const uploadsDir = () => path.join(s.config.dataDir, 'uploads');
/** Every stored file, to prove a refused upload leaves nothing behind. */
function storedFiles(): string[] {
  try {
    return readdirSync(uploadsDir(), { recursive: true })
      .map(String)
      .filter((f) => statSync(path.join(uploadsDir(), f)).isFile());
  } catch {
    return [];
  }
}

function send(filename: string, content: Buffer, type?: string) {
  const body = multipart('file', filename, content, type);
  return s.app.inject({
    method: 'POST',
    url: PUT,
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('hostile uploads', () => {
  it('refuses every script-bearing or executable type, however it is named', async () => {
    const before = storedFiles();
    for (const [name, content] of [
      ['x.svgz', SVG],
      ['x.xhtml', HTML],
      ['x.htm', HTML],
      ['x.xml', SVG],
      ['x.js', Buffer.from('alert(1)')],
      ['x.mjs', Buffer.from('alert(1)')],
      ['x.php', Buffer.from('<?php system($_GET["c"]);')],
      ['x.jsp', Buffer.from('<% out.println(1); %>')],
      ['x.exe', Buffer.from('MZ\x90\x00')],
      ['x.sh', Buffer.from('#!/bin/sh\n')],
      ['photo.png.html', HTML],
      ['photo.jpg.svg', SVG],
      ['PHOTO.SVG', SVG],
    ] as const) {
      const res = await upload(s.app, token, PUT, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toMatch(/^不支持上传该类型的文件/);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses HTML or SVG disguised as a picture, whatever the part says its type is', async () => {
    for (const [name, content, type] of [
      ['x.png', HTML, 'image/png'],
      ['x.png', SVG, 'image/png'],
      ['x.jpg', SVG, 'image/jpeg'],
      ['x.gif', HTML, 'image/gif'],
      ['x.pdf', HTML, 'application/pdf'],
      ['report.xlsx', HTML, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      const res = await send(name, content, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toBe('文件内容与扩展名不符');
    }
  });

  it('decides the served type itself: a part claiming text/html is served as what the bytes are', async () => {
    const res = await send('a.png', PNG, 'text/html');
    expect(res.statusCode, res.body).toBe(200);
    const file = await s.app.inject({ method: 'GET', url: res.json().data.link });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves double extensions, polyglots and markup in text files inert', async () => {
    for (const [name, content, type, disposition] of [
      ['shell.php.png', PNG, 'image/png', 'inline'],
      ['poly.gif', Buffer.from('GIF89a/*<script>window.__xss=1</script>*/'), 'image/gif', 'inline'],
      ['note.txt', HTML, 'text/plain; charset=utf-8', 'attachment'],
      [
        'data.csv',
        Buffer.from('=cmd|"/c calc"!A1,<script>x</script>'),
        'text/csv; charset=utf-8',
        'attachment',
      ],
    ] as const) {
      const res = await upload(s.app, token, PUT, name, content);
      expect(res.statusCode, name).toBe(200);
      const { link, originalName } = res.json().data;
      expect(originalName).toBe(name);
      // a signed link (files/file-links.ts) to a server-made name of the file's extension
      expect(link, name).toMatch(/^\/files\/\d{8}\/[0-9a-f]{32}\.[a-z]+\?sig=[\w.-]+$/);
      expect(link.split('?')[0].endsWith(`.${name.split('.').pop()}`), name).toBe(true);
      const file = await s.app.inject({ method: 'GET', url: link });
      expect(file.headers['content-type'], name).toBe(type);
      expect(file.headers['content-disposition'], name).toBe(disposition);
      expect(file.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });

  it('refuses control characters in names before storing anything, and keeps the extension of long names', async () => {
    const before = storedFiles();
    for (const name of ['evil.php\u0000.png', 'a\u0007b.png', 'tab\tname.png']) {
      const res = await upload(s.app, token, PUT, name, PNG);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().msg).toBe('文件名不能包含控制字符');
    }
    expect(storedFiles()).toEqual(before);
    const long = `${'长'.repeat(300)}.png`;
    const res = await upload(s.app, token, PUT, long, PNG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.originalName).toHaveLength(200);
    expect(res.json().data.originalName.endsWith('.png')).toBe(true);
  });

  it('accepts exactly the size limit and refuses one byte more', async () => {
    const ok = await upload(s.app, token, PUT, 'max.txt', Buffer.alloc(MAX_UPLOAD_BYTES, 0x41));
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    const over = await upload(s.app, token, PUT, 'over.txt', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41));
    expect(over.statusCode).toBe(400);
  });

  it('serves nothing outside the store for crafted file paths', async () => {
    const res = await upload(s.app, token, PUT, 'a.png', PNG);
    // the file's own path, without the signature the answer's link carries (test/file-access.test.ts)
    const link: string = res.json().data.link.split('?')[0];
    for (const url of [
      `${link}%00.html`,
      `${link}/..`,
      `${link.replace('.png', '.html')}`,
      '/files/..%2f..%2fpackage.json',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      `/files/${link.slice(7, 15)}/..%5c..%5cx.png`,
    ]) {
      const file = await s.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(404);
    }
  });
});

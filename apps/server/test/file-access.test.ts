import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { FileLinks } from '../src/files/file-links.js';
import { REDACTED, redactUrl } from '../src/http/request-log.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, tokenRequest, upload, type TestServer } from './harness.js';

// Files are never proxied for strangers: `/files/<name>` serves a stored file only through a link this
// server signed (short-lived, bound to the name) or to a signed-in user of the file's tenant. Anyone
// else is refused without the store being asked, odd names are a 404 and never a 500, and an 对象存储
// bucket name outside S3's rules is refused at save. Answers carry links signed; stored values never do.
const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const SECTION = '/api/app-party-section/partysection';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(17),
]);
let s: TestServer;
let admin: string;
let other: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  await addTenantWithUser(s.db, { tenantId: '300003', account: 'stranger', menuCodes: [] });
  other = await login(s.app, { tenantId: '300003', account: 'stranger', password: 'secret' });
});
afterAll(() => s.close());
afterEach(() => vi.restoreAllMocks());

const unsigned = (link: string) => link.split('?')[0]!;
const get = (url: string, token?: string) =>
  s.app.inject({ method: 'GET', url, headers: token ? { 'blade-auth': `bearer ${token}` } : {} });
const uploaded = async (name = 'a.png') => {
  const res = await upload(s.app, admin, PUT, name, PNG);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { link: string; name: string; attachId: string };
};

describe('who a stored file is served to', () => {
  it('serves a signed link without a token, and refuses a bare, forged, foreign or expired one before the store', async () => {
    const file = await uploaded();
    expect(file.link).toMatch(/^\/files\/\d{8}\/[0-9a-f]{32}\.png\?sig=\d+\.[\w-]+$/);
    const served = await get(file.link);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const store = vi.spyOn(s.ctx.stores, 'forName');
    const path = unsigned(file.link);
    const expired = new FileLinks(s.config.jwtSecret, () => Date.now() - 3 * 3600_000).signature(file.name);
    const another = await uploaded('b.png');
    const foreignKey = new FileLinks('another-server-secret-of-32-chars!!').signature(file.name);
    for (const [url, status, msg] of [
      [path, 401, '请登录后访问文件'],
      [`${path}?sig=`, 401, '请登录后访问文件'],
      [`${path}?sig=${expired}`, 403, '文件链接已过期,请刷新页面后重试'],
      [`${path}?sig=${foreignKey}`, 403, '文件链接无效'],
      // a signature made for another file
      [`${path}?${another.link.split('?')[1]}`, 403, '文件链接无效'],
      [`${path}?sig=9999999999.${'A'.repeat(32)}`, 403, '文件链接无效'],
      [`${path}?sig=abc`, 403, '文件链接无效'],
      [`${path}?sig=1&sig=2`, 403, '文件链接无效'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().msg, url).toBe(msg);
    }
    expect(store).not.toHaveBeenCalled();
  });

  it("serves a signed-in user of the file's tenant with a token, and nobody of another tenant", async () => {
    const file = await uploaded();
    const path = unsigned(file.link);
    expect((await get(path, admin)).statusCode).toBe(200);
    const store = vi.spyOn(s.ctx.stores, 'forName');
    const foreign = await get(path, other);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().msg).toBe('没有访问该文件的权限');
    // a token that is not one counts as none
    expect((await get(path, 'not-a-token')).statusCode).toBe(401);
    expect(store).not.toHaveBeenCalled();
    // the link the other tenant could only have been given works for whoever holds it
    expect((await get(file.link, other)).statusCode).toBe(200);
  });

  it('answers odd names with a 404 and never a 500, signed or not, with or without a token', async () => {
    const file = await uploaded();
    const hex = file.name.split('/')[1]!.split('.')[0]!;
    const names = [
      'a/b/c',
      '%00',
      '%zz',
      '..%2f..%2fpackage.json',
      `${file.name}%00.html`,
      `${file.name}/..`,
      `20260101/${hex}.exe`,
      `o/20260101/${hex}.png`,
      `o1/../20260101/${hex}.png`,
      `o99999999999999999999/20260101/${hex}.png`,
      `o123456789012345678901/20260101/${hex}.png`,
      `20260101/${'g'.repeat(32)}.png`,
      `文件/${hex}.png`,
      'x'.repeat(5000),
      '',
    ];
    for (const name of names)
      for (const token of [undefined, admin]) {
        for (const url of [`/files/${name}`, `/files/${name}?sig=${s.ctx.links.signature(name)}`]) {
          const res = await get(url, token);
          expect([400, 401, 403, 404], `${url} ${token ? 'token' : ''}`).toContain(res.statusCode);
        }
      }
    // a well-formed name under a configuration that does not exist: not found
    const ghost = `o${nextId()}/20260101/${hex}.png`;
    expect((await get(`/files/${ghost}?sig=${s.ctx.links.signature(ghost)}`)).statusCode).toBe(404);
  });
});

describe('object storage bucket names', () => {
  it('refuses a bucket name outside the S3 rules at save, saving nothing', async () => {
    const before = await s.db.kysely.selectFrom('blade_oss').select('id').execute();
    for (const bucketName of ['a/b', '../files', 'Files', 'ab', 'my..bucket', '192.168.5.4', '空间']) {
      const res = await call(s.app, admin, 'POST', '/api/blade-resource/oss/submit', {
        category: 2,
        ossCode: `b${nextId().slice(-8)}`,
        endpoint: 'https://oss.example.com',
        accessKey: 'k',
        secretKey: 's',
        bucketName,
      });
      expect(res.statusCode, bucketName).toBe(400);
      expect(res.json().msg, bucketName).toBe(
        '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾',
      );
    }
    expect(await s.db.kysely.selectFrom('blade_oss').select('id').execute()).toEqual(before);
  });

  it('never answers a 500 nor reaches the store for a stranger, for a store saved with an odd bucket', async () => {
    // written before bucket names were checked; its endpoint is one the outbound policy refuses
    const id = nextId();
    await s.db.kysely
      .insertInto('blade_oss')
      .values({
        id,
        tenant_id: '000000',
        category: 2,
        oss_code: 'oddbucket',
        endpoint: 'http://127.0.0.1:1',
        bucket_name: 'a/b',
        access_key: 'k',
        secret_key: 's',
        status: 1,
        is_deleted: 0,
      })
      .execute();
    const name = `o${id}/20260101/${'c'.repeat(32)}.png`;
    const store = vi.spyOn(s.ctx.stores, 'forName');
    const stranger = await get(`/files/${name}`);
    expect(stranger.statusCode).toBe(401);
    expect(store).not.toHaveBeenCalled();
    // signed: the store is asked (and the outbound policy refuses its address): a clean 503
    const signed = await get(`/files/${name}?sig=${s.ctx.links.signature(name)}`);
    expect(signed.statusCode).toBe(503);
    expect(signed.json().msg).toBe('文件存储不可用,请稍后重试');
  });
});

describe('links in answers and in stored values', () => {
  it('stores links unsigned and signs them again on every read: upload fields, rich text, avatars', async () => {
    const file = await uploaded();
    const path = unsigned(file.link);
    // the screens send back what they were given: signed links
    const icon = JSON.stringify([{ originalName: 'a.png', link: file.link }]);
    const saved = await call(s.app, admin, 'POST', `${SECTION}/submit`, {
      sectionName: '签名栏目',
      sort: 1,
      icon,
    });
    expect(saved.json().success, saved.body).toBe(true);
    const notice = await call(s.app, admin, 'POST', '/api/blade-desk/notice/submit', {
      title: '带图通知',
      category: 1,
      releaseTime: '2026-01-01 00:00:00',
      content: `<p>图</p><img src="${file.link}" alt="图">`,
    });
    expect(notice.json().success, notice.body).toBe(true);
    const info = await call(s.app, admin, 'POST', '/api/blade-user/update-info', { avatar: file.link });
    expect(info.statusCode, info.body).toBe(200);

    const section = await s.db.kysely
      .selectFrom('app_party_section')
      .select(['id', 'icon'])
      .where('section_name', '=', '签名栏目')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(section.icon))).toEqual([{ originalName: 'a.png', link: path }]);
    const content = await s.db.kysely
      .selectFrom('blade_notice')
      .select(['id', 'content'])
      .where('title', '=', '带图通知')
      .executeTakeFirstOrThrow();
    expect(String(content.content)).toContain(`src="${path}"`);
    expect(String(content.content)).not.toContain('sig=');
    const user = await s.db.kysely
      .selectFrom('blade_user')
      .select('avatar')
      .where('account', '=', 'admin')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    expect(user.avatar).toBe(path);

    // a read signs: the link works without a token
    const read = async () => {
      const detail = (
        await call(s.app, admin, 'GET', `/api/blade-desk/notice/detail?id=${content.id}`)
      ).json().data;
      const link = /src="([^"]+)"/.exec(detail.content)![1]!.replace(/&amp;/g, '&');
      const icons = (await call(s.app, admin, 'GET', `${SECTION}/detail?id=${section.id}`)).json().data.icon;
      return { link, icon: JSON.parse(icons)[0].link as string };
    };
    const first = await read();
    expect(first.link).toMatch(/\?sig=/);
    expect((await get(first.link)).statusCode).toBe(200);
    expect((await get(first.icon)).statusCode).toBe(200);
    const token = (await tokenRequest(s.app)).json();
    expect(token.avatar).toMatch(new RegExp(`^${path}\\?sig=`));
    expect((await get(token.avatar)).statusCode).toBe(200);

    // two hours later the old link has expired; a fresh read signs again
    const later = Date.now() + 2 * 3600_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await get(first.link)).statusCode).toBe(403);
    const fresh = await login(s.app);
    admin = fresh;
    const again = await read();
    expect(again.link).not.toBe(first.link);
    expect((await get(again.link)).statusCode).toBe(200);
    expect((await get(again.icon)).statusCode).toBe(200);
  });

  it('keeps a signature out of the server log', () => {
    const name = `20260101/${'a'.repeat(32)}.png`;
    const url = `/files/${name}?sig=${s.ctx.links.signature(name)}`;
    expect(redactUrl(url)).toBe(`/files/${name}?sig=${REDACTED}`);
  });

  it('leaves links to other sites and made-up names as they are', () => {
    const links = new FileLinks('k'.repeat(32));
    for (const text of [
      '/files/a.png',
      'https://example.com/report.pdf',
      '/files/20260101/a.png',
      `/files/20260101/${'a'.repeat(32)}.png?x=1`,
    ])
      expect(links.sign(text)).toBe(text);
    const name = `20260101/${'a'.repeat(32)}.png`;
    expect(FileLinks.strip(links.sign(`<img src="/files/${name}"> "/files/o1/${name}"`))).toBe(
      `<img src="/files/${name}"> "/files/o1/${name}"`,
    );
  });
});

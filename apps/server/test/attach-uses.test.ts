import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedNames } from '../src/engine/crud/attachment-uses.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, upload, type TestServer } from './harness.js';

// 附件管理 "where used": every upload field of every definition notes the attachments its records hold
// (blade_attach_use), shown in the attachment's drawer; a file still in use is not deleted.
const PUT = '/api/blade-resource/oss/endpoint/put-file-attach';
const SECTION = '/api/app-party-section/partysection';
const USES = '/api/blade-resource/attach-use/list';
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

const put = async (token: string, name: string) => {
  const up = await upload(s.app, token, PUT, name, Buffer.from(`内容 ${name}\n`));
  expect(up.statusCode, up.body).toBe(200);
  return up.json().data as { attachId: string; link: string; originalName: string };
};
const files = (...f: { link: string; originalName: string }[]) =>
  JSON.stringify(f.map(({ link, originalName }) => ({ originalName, link })));
const usesOf = async (token: string, attachId: string) =>
  (await call(s.app, token, 'GET', `${USES}?attachId_equal=${attachId}`)).json().data.records as Record<
    string,
    unknown
  >[];
const section = async (body: Record<string, unknown>) => {
  const res = await call(s.app, admin, 'POST', `${SECTION}/submit`, { sort: 1, ...body });
  expect(res.json().success, res.body).toBe(true);
  const list = (
    await call(
      s.app,
      admin,
      'GET',
      `${SECTION}/list?sectionName=${encodeURIComponent(String(body.sectionName))}`,
    )
  ).json().data.records as { id: string; version?: number }[];
  return list[0]!;
};

describe('where an attachment is used', () => {
  it('reads the stored names of an upload value: a JSON list, a bare or absolute link', () => {
    expect(storedNames(JSON.stringify([{ link: '/files/20260101/a.png' }, { link: 'x' }]))).toEqual([
      '20260101/a.png',
    ]);
    expect(storedNames('https://host/files/o12/20260101/b.txt?x=1')).toEqual(['o12/20260101/b.txt']);
    expect(storedNames('')).toEqual([]);
    expect(storedNames(null)).toEqual([]);
  });

  it('lists the records using a file, follows edits and removals, and refuses to delete a used file', async () => {
    const a = await put(admin, '栏目图标.txt');
    const b = await put(admin, '新图标.txt');
    const row = await section({ sectionName: '使用位置栏目', icon: files(a) });

    const uses = await usesOf(admin, a.attachId);
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({
      resourceName: 'partySection',
      resourceLabel: '活动栏目',
      fieldName: 'icon',
      recordId: row.id,
      recordLabel: '使用位置栏目',
    });

    // deleting a file in use is refused with where it is used, and nothing is removed
    const refused = await call(s.app, admin, 'POST', `/api/blade-resource/attach/remove?ids=${a.attachId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      '附件「栏目图标.txt」仍被活动栏目「使用位置栏目」的图标使用,请先在这些记录中移除该附件后再删除',
    );
    expect(
      (await call(s.app, admin, 'GET', `/api/blade-resource/attach/detail?id=${a.attachId}`)).statusCode,
    ).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: a.link })).statusCode).toBe(200);

    // an edit that swaps the file moves the use
    const detail = (await call(s.app, admin, 'GET', `${SECTION}/detail?id=${row.id}`)).json().data;
    const edited = await call(s.app, admin, 'POST', `${SECTION}/submit`, { ...detail, icon: files(b) });
    expect(edited.json().success, edited.body).toBe(true);
    expect(await usesOf(admin, a.attachId)).toEqual([]);
    expect((await usesOf(admin, b.attachId)).map((u) => u.recordId)).toEqual([row.id]);
    const removedA = await call(s.app, admin, 'POST', `/api/blade-resource/attach/remove?ids=${a.attachId}`);
    expect(removedA.json().success, removedA.body).toBe(true);

    // an edit that leaves the upload field alone keeps the use
    const again = (await call(s.app, admin, 'GET', `${SECTION}/detail?id=${row.id}`)).json().data;
    const { icon: _icon, ...withoutIcon } = again;
    await call(s.app, admin, 'POST', `${SECTION}/submit`, { ...withoutIcon, sort: 2 });
    expect(await usesOf(admin, b.attachId)).toHaveLength(1);

    // a removed record uses nothing any more
    await call(s.app, admin, 'POST', `${SECTION}/remove?ids=${row.id}`);
    expect(await usesOf(admin, b.attachId)).toEqual([]);
    const removedB = await call(s.app, admin, 'POST', `/api/blade-resource/attach/remove?ids=${b.attachId}`);
    expect(removedB.json().success, removedB.body).toBe(true);
  });

  it('notes one row per record and field, several files of one field each', async () => {
    const a = await put(admin, '一.txt');
    const b = await put(admin, '二.txt');
    await section({ sectionName: '两个文件', icon: files(a, b) });
    await section({ sectionName: '同一文件', icon: files(a) });
    expect((await usesOf(admin, a.attachId)).map((u) => u.recordLabel).sort()).toEqual([
      '两个文件',
      '同一文件',
    ]);
    expect(await usesOf(admin, b.attachId)).toHaveLength(1);
    const refused = await call(s.app, admin, 'POST', `/api/blade-resource/attach/remove?ids=${a.attachId}`);
    expect(refused.json().msg).toMatch(
      /^附件「一\.txt」仍被活动栏目「(两个文件|同一文件)」的图标、活动栏目「/,
    );
  });

  it('keeps tenants apart: another tenant sees no uses and cannot note a use of a file it cannot see', async () => {
    const a = await put(admin, '平台文件.txt');
    await section({ sectionName: '平台栏目', icon: files(a) });
    await addTenantWithUser(s.db, {
      tenantId: '500002',
      account: 'use',
      menuCodes: [
        'attach',
        'attach_view',
        'attach_delete',
        'party_section',
        'party_section_add',
        'party_section_view',
      ],
    });
    const other = await login(s.app, { tenantId: '500002', account: 'use', password: 'secret' });
    expect(await usesOf(other, a.attachId)).toEqual([]);
    const res = await call(s.app, other, 'POST', `${SECTION}/submit`, {
      sectionName: '借用链接',
      sort: 1,
      icon: files(a),
    });
    expect(res.json().success, res.body).toBe(true);
    expect(await usesOf(admin, a.attachId)).toHaveLength(1);
  });
});

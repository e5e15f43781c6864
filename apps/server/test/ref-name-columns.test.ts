import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { call, login, onPostgres, startTestServer, type TestServer } from './harness.js';
import { createTenant, type TenantSide } from './two-tenants.js';

// A generated table's single references are named by its row query itself (engine/crud/ref-names.ts
// nameColumns): the browse log's reader and community come with its page in one statement, named as
// addRefNames named them ('' for an id nothing answers to), and row-level security still bounds them.
let s: TestServer;
let platform: string;
let other: TenantSide;
let admin: { id: string; name: string };
let community: { id: string; name: string };
const ids = { own: '', foreign: '', missing: '', empty: '' };

const BROWSE = '/api/app_browse_log/browselog';

const row = (appUserId: string | null, communityId: string | null, title: string) => ({
  id: nextId(),
  tenant_id: '000000',
  target_type: 'article',
  target_id: nextId(),
  target_title: title,
  app_user_id: appUserId,
  community_id: communityId,
  browse_time: '2026-03-01 10:00:00',
});

beforeAll(async () => {
  s = await startTestServer();
  platform = await login(s.app);
  other = await createTenant(s, platform, '名称测试街道');
  const user = await s.db.kysely
    .selectFrom('blade_user')
    .select(['id', 'real_name'])
    .where('tenant_id', '=', '000000')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  admin = { id: String(user.id), name: String(user.real_name) };
  const dept = await s.db.kysely
    .selectFrom('blade_dept')
    .select(['id', 'dept_name'])
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  community = { id: String(dept.id), name: String(dept.dept_name) };
  const rows = [
    row(admin.id, community.id, '本租户的读者'),
    row(other.adminUserId, other.deptId, '另一租户的读者'),
    row('987654321012345678', '987654321012345679', '不存在的读者'),
    row(null, null, '没有读者'),
  ];
  Object.assign(ids, { own: rows[0]!.id, foreign: rows[1]!.id, missing: rows[2]!.id, empty: rows[3]!.id });
  await s.db.kysely.insertInto('app_browse_log').values(rows).execute();
});
afterAll(() => s.close());

const detail = async (id: string) => {
  const res = await call(s.app, platform, 'GET', `${BROWSE}/detail?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
};

describe('names of single references in the row query', () => {
  it('names the reader and the community on the page and in the detail', async () => {
    const res = await call(s.app, platform, 'GET', `${BROWSE}/page?current=1&size=50&targetTitle_like=读者`);
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().data.records as Record<string, unknown>[];
    const own = records.find((r) => r.id === ids.own);
    expect(own).toMatchObject({ appUserName: admin.name, communityName: community.name });
    expect(await detail(ids.own)).toMatchObject({ appUserName: admin.name, communityName: community.name });
  });

  it("names nothing across tenants, nor ids nothing answers to: ''", async () => {
    for (const id of [ids.foreign, ids.missing, ids.empty])
      expect(await detail(id)).toMatchObject({ appUserName: '', communityName: '' });
  });

  it('exports a reference as its name (the import turns names back into ids), an unnamed one as its id', async () => {
    const res = await call(s.app, platform, 'GET', `${BROWSE}/export?targetTitle_like=读者`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = new Map<number, string>();
    sheet.getRow(1).eachCell((cell, col) => header.set(col, String(cell.value)));
    const rows = new Map<string, Record<string, string>>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const cells: Record<string, string> = {};
      for (const [col, name] of header) cells[name] = String(row.getCell(col).value ?? '');
      rows.set(cells['标题']!, cells);
    });
    expect(rows.get('本租户的读者')).toMatchObject({ 浏览人: admin.name, 所属社区: community.name });
    expect(rows.get('不存在的读者')).toMatchObject({ 浏览人: '987654321012345678' });
    expect(rows.get('没有读者')).toMatchObject({ 浏览人: '' });
  });

  it.skipIf(!onPostgres)('reads a page and its names in one statement', async () => {
    const sent: string[] = [];
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      sent.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
      return original.apply(this, args);
    };
    try {
      // a page that is not full needs no total
      const res = await call(
        s.app,
        platform,
        'GET',
        `${BROWSE}/page?current=1&size=50&targetTitle_like=读者`,
      );
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      proto.query = original;
    }
    const reads = sent.filter((text) => text.includes('app_browse_log'));
    expect(reads).toHaveLength(1);
    expect(sent.filter((text) => /from "blade_user" where "id" in/.test(text))).toEqual([]);
  });
});

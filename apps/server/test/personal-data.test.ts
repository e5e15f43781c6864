import ExcelJS from 'exceljs';
import { buildApp } from '../src/app.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/context.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSensitiveFields, partyArchiveResource, resources, userResource } from '@tongxin/resources';
import { seedMenus, type SeedMenu } from '../src/seed/data/menus.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { addMember, sampleBody } from './samples.js';

// Issue 25, personal data: id cards, phones, ethnicity, religion and political status came unmasked on
// every screen and in every export, a search by id number landed in 接口日志 and the server log, and
// nothing said who looked at whom. Now every answer masks them; a holder of the reveal button reads one
// record whole (audited); an export is whole only with its own button; search by the whole number works
// but prefixes cannot probe; a form sending back the masks it was shown keeps the real values.

let s: TestServer;
let logged: FastifyInstance;
let loggedCtx: AppContext;
const lines: string[] = [];
let admin: string;
let clerk: string;
let householdId: string;
let memberId: string;
const ID_CARD = '540102198005012111';
const MEMBER_ID_CARD = '110105199001013004';
const PHONE = '13912344048';
const householdResource = resources.find((d) => d.name === 'household')!;
const HOUSEHOLD = householdResource.path;
const ARCHIVE = partyArchiveResource.path;

const get = (token: string, url: string) => call(logged, token, 'GET', url);
const post = (token: string, url: string, body: unknown) => call(logged, token, 'POST', url, body);
const data = async (token: string, url: string) => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function sheet(token: string, url: string): Promise<string[][]> {
  const res = await get(token, url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

beforeAll(async () => {
  s = await startTestServer();
  // the same database, served by an app whose server log is kept to read
  ({ app: logged, ctx: loggedCtx } = await buildApp({
    config: s.config,
    db: s.db,
    logger: { write: (l) => lines.push(l) },
  }));
  await logged.ready();
  admin = await login(logged);
  // a grid worker: reads, edits and exports households and party members, holds no reveal button
  await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'gridworker',
    menuCodes: [
      'household',
      'household_view',
      'household_edit',
      'household_export',
      'party_archive',
      'party_archive_view',
      'party_archive_export',
    ],
  });
  clerk = await login(logged, { account: 'gridworker', password: 'secret' });
  const body = await sampleBody(logged, admin, householdResource);
  const made = await post(admin, `${HOUSEHOLD}/submit`, {
    ...body,
    name: '次仁',
    idCard: ID_CARD,
    phone: PHONE,
    religion: 1,
    politicalStatus: '13',
    nation: '04',
  });
  expect(made.statusCode, made.body).toBe(200);
  householdId = String(made.json().data.id);
  memberId = await addMember(logged, admin, '卓嘎');
  await s.db.kysely
    .updateTable('app_party_archive')
    .set({ id_card: MEMBER_ID_CARD, phone: PHONE })
    .where('id', '=', memberId)
    .execute();
});
afterAll(async () => {
  await logged.close();
  await s.close();
});

describe('masked answers', () => {
  it('masks id card, phone and the special categories in the list, detail and picker of households', async () => {
    for (const token of [clerk, admin]) {
      const page = await data(token, `${HOUSEHOLD}/page?current=1&size=50`);
      const row = page.records.find((r: { id: string }) => r.id === householdId);
      expect(row).toMatchObject({ idCard: '5401**********2111', phone: '139****4048' });
      const detail = await data(token, `${HOUSEHOLD}/detail?id=${householdId}`);
      expect(detail).toMatchObject({
        idCard: '5401**********2111',
        phone: '139****4048',
        religion: '***',
        politicalStatus: '***',
        nation: '***',
      });
      expect(JSON.stringify(detail)).not.toContain(ID_CARD);
    }
  });

  it('masks party members in the list, detail and the member picker', async () => {
    const page = await data(clerk, `${ARCHIVE}/page?current=1&size=50`);
    const row = page.records.find((r: { id: string }) => r.id === memberId);
    expect(row).toMatchObject({ idCard: '1101**********3004', phone: '139****4048' });
    const detail = await data(clerk, `${ARCHIVE}/detail?id=${memberId}`);
    expect(detail).toMatchObject({ idCard: '1101**********3004', phone: '139****4048', nation: '***' });
    // the pick dialog (请选择党员: name and id card) reads the page with its columns
    const picked = await data(
      clerk,
      `${ARCHIVE}/page?current=1&size=10&name_like=${encodeURIComponent('卓嘎')}`,
    );
    expect(picked.records[0]).toMatchObject({ idCard: '1101**********3004' });
    const select = await data(admin, `${ARCHIVE}/select`);
    expect(JSON.stringify(select)).not.toContain(MEMBER_ID_CARD);
  });
});

describe('reveal', () => {
  it('refuses the reveal without its button', async () => {
    expect((await get(clerk, `${HOUSEHOLD}/reveal?id=${householdId}`)).statusCode).toBe(403);
    expect((await get(clerk, `${ARCHIVE}/reveal?id=${memberId}`)).statusCode).toBe(403);
  });

  it('answers one record whole to a holder and notes who revealed which field in 操作审计', async () => {
    const whole = await data(admin, `${HOUSEHOLD}/reveal?id=${householdId}&field=idCard,religion`);
    expect(whole).toEqual({ id: householdId, idCard: ID_CARD, religion: 1 });
    const all = await data(admin, `${ARCHIVE}/reveal?id=${memberId}`);
    expect(all).toMatchObject({ idCard: MEMBER_ID_CARD, phone: PHONE, nation: expect.any(String) });
    expect((await get(admin, `${HOUSEHOLD}/reveal?id=${householdId}&field=name`)).statusCode).toBe(400);
    await loggedCtx.logs.flush();
    const trail = await s.db.kysely
      .selectFrom('blade_log_audit')
      .selectAll()
      .where('record_id', '=', householdId)
      .where('action', '=', 'reveal')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ create_by: 'admin', resource_name: 'household' });
    expect(JSON.parse(String(trail[0]!.after_data))).toEqual({ revealed: 'idCard,religion' });
    // the trail of the writes holds masks, not the numbers
    const writes = await s.db.kysely
      .selectFrom('blade_log_audit')
      .select(['before_data', 'after_data'])
      .where('record_id', '=', householdId)
      .execute();
    expect(JSON.stringify(writes)).not.toContain(ID_CARD);
  });
});

describe('exports', () => {
  it('writes masks without the export-sensitive button, whole numbers with it', async () => {
    const masked = (await sheet(clerk, `${HOUSEHOLD}/export`)).flat().join('|');
    expect(masked).toContain('5401**********2111');
    expect(masked).not.toContain(ID_CARD);
    const members = (await sheet(clerk, `${ARCHIVE}/export`)).flat().join('|');
    expect(members).toContain('1101**********3004');
    expect(members).not.toContain(MEMBER_ID_CARD);
    const whole = (await sheet(admin, `${HOUSEHOLD}/export`)).flat().join('|');
    expect(whole).toContain(ID_CARD);
  });
});

describe('search', () => {
  it('finds a household by its whole id number, masked in the answer', async () => {
    for (const url of [`idCard=${ID_CARD}`, `idCard_equal=${ID_CARD}`, `idCard_likeright=${ID_CARD}`]) {
      const page = await data(clerk, `${HOUSEHOLD}/page?${url}`);
      expect(page.records.map((r: { id: string }) => r.id)).toEqual([householdId]);
      expect(page.records[0].idCard).toBe('5401**********2111');
    }
    const member = await data(clerk, `${ARCHIVE}/page?idCard_like=${MEMBER_ID_CARD}`);
    expect(member.records.map((r: { id: string }) => r.id)).toEqual([memberId]);
  });

  it('cannot probe a number by its prefix or range without the reveal button', async () => {
    // a prefix matches the whole value only: nothing
    expect((await data(clerk, `${ARCHIVE}/page?idCard_like=1101`)).total).toBe(0);
    expect((await data(clerk, `${HOUSEHOLD}/page?idCard_likeright=5401`)).total).toBe(0);
    expect((await data(clerk, `${HOUSEHOLD}/page?phone_likeright=139`)).total).toBe(0);
    for (const probe of [`idCard_gt=5401`, `idCard_lt=5402`, `phone_ge=139`, 'descs=idCard']) {
      const res = await get(clerk, `${HOUSEHOLD}/page?${probe}`);
      expect(res.statusCode, probe).toBe(400);
    }
    // the holder may: a prefix finds the row (still masked)
    const found = await data(admin, `${HOUSEHOLD}/page?idCard_likeright=5401021980`);
    expect(found.records.map((r: { id: string }) => r.id)).toContain(householdId);
  });
});

describe('logs', () => {
  it('keeps no id number or mobile of a search in 接口日志 or the server log', async () => {
    lines.length = 0;
    await get(clerk, `${HOUSEHOLD}/page?idCard=${ID_CARD}&name_like=x`);
    await get(clerk, `${HOUSEHOLD}/page?keyword=${ID_CARD}`);
    await get(clerk, `${ARCHIVE}/page?phone=${PHONE}`);
    await get(clerk, `/api/blade-user/page?account=${PHONE}`);
    await loggedCtx.logs.flush();
    const api = await s.db.kysely.selectFrom('blade_log_api').select(['request_uri', 'params']).execute();
    expect(api.length).toBeGreaterThan(0);
    const text = JSON.stringify(api) + lines.join('\n');
    expect(lines.join('\n')).toContain('name_like=x');
    expect(text).not.toContain(ID_CARD);
    expect(text).not.toContain(PHONE);
  });
});

describe('writes', () => {
  it('keeps the real values when an edit sends back the masks it was shown', async () => {
    const shown = await data(clerk, `${HOUSEHOLD}/detail?id=${householdId}`);
    const saved = await post(clerk, `${HOUSEHOLD}/submit`, { ...shown, remark: '走访' });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await s.db.kysely
      .selectFrom('app_household')
      .select(['id_card', 'phone', 'religion', 'political_status', 'nation', 'remark'])
      .where('id', '=', householdId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      id_card: ID_CARD,
      phone: PHONE,
      religion: 1,
      political_status: '13',
      nation: '04',
      remark: '走访',
    });
  });

  it('refuses a mask that is not the stored one, and any mask on a new record', async () => {
    const shown = await data(clerk, `${HOUSEHOLD}/detail?id=${householdId}`);
    const other = await post(clerk, `${HOUSEHOLD}/submit`, { ...shown, idCard: '5401**********9999' });
    expect([other.statusCode, other.json().msg]).toEqual([400, '证件号格式不正确']);
    const fresh = await post(admin, `${HOUSEHOLD}/submit`, {
      ...(await sampleBody(logged, admin, householdResource)),
      phone: '139****4048',
    });
    expect([fresh.statusCode, fresh.json().msg]).toEqual([400, '手机号格式不正确']);
    const changed = await post(clerk, `${HOUSEHOLD}/submit`, { ...shown, phone: '13800138000' });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = await s.db.kysely
      .selectFrom('app_household')
      .select(['id_card', 'phone'])
      .where('id', '=', householdId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id_card: ID_CARD, phone: '13800138000' });
  });
});

describe('hand-written answers', () => {
  it('masks a resident phone in 社区用户 (its page, its detail and the locked list)', async () => {
    const { userId } = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'yangzom',
      menuCodes: [],
    });
    await s.db.kysely
      .updateTable('blade_user')
      .set({ user_type: 2, phone: PHONE, status: 0 })
      .where('id', '=', userId)
      .execute();
    const page = await data(admin, `${userResource.path}/app-page?current=1&size=50`);
    const row = page.records.find((r: { id: string }) => r.id === userId);
    expect(row.phone).toBe('139****4048');
    expect((await data(admin, `/api/blade-user/community-detail?id=${userId}`)).phone).toBe('139****4048');
    const locked = await data(admin, '/api/blade-user/getLock2UserPage?current=1&size=50');
    expect(JSON.stringify(locked)).not.toContain(PHONE);
    expect(JSON.stringify(locked)).toContain('139****4048');
  });
});

/** Fields that look like personal data but are published on purpose: an organisation's, a place's or an
 * activity's contact number that residents are meant to call. Each needs its reason. */
const PUBLIC_NUMBERS: Record<string, string> = {
  'contactPhone.phone': '便民电话: public service numbers listed for residents',
  'contactPhone.phone2': '便民电话: public service numbers listed for residents',
  'templeInfo.phone': '场所电话: the venue’s own public number',
  'tenant.contactNumber': 'the tenant organisation’s contact number',
  'partyDept.contactPhone': 'a party organisation’s office number',
  'partyActivity.contactPhone': 'the contact published with an activity for enrolments',
  'solidarityActivity.contactPhone': 'the contact published with an activity for enrolments',
  'microVolunteer.chargePhone': 'the organiser’s number published with a volunteer activity',
  'shareFacility.contactPhone': 'the keeper’s number published to borrowers of a facility',
  'mapInst.phone': 'a public place on the map',
  'mapMesh.gridManagerPhone': '网格长电话: published to the residents of the grid',
  'partyDoubleReport.unitContactPhone': 'the employer unit’s office number, not the member’s',
};

describe('the vocabulary', () => {
  const looksPersonal = (f: { name: string; kind: string; rule?: string }) =>
    // a document or phone type (证件类型) is a dictionary key, not a number
    (f.kind !== 'dict' && /id_?card|phone|mobile|^tel/i.test(f.name)) ||
    f.kind === 'phone' ||
    f.kind === 'idcard' ||
    f.rule === 'telephone' ||
    f.rule === 'mobile';
  const specialCategory = /^(nation|religion|politicalStatus)$/;

  it('marks every id card, phone and special category of every definition sensitive, or says why not', () => {
    const unmarked: string[] = [];
    for (const def of resources)
      for (const f of def.fields) {
        const key = `${def.name}.${f.name}`;
        if (f.secret || f.sensitive || PUBLIC_NUMBERS[key]) continue;
        if (looksPersonal(f) || specialCategory.test(f.name)) unmarked.push(key);
      }
    expect(unmarked).toEqual([]);
    // the special categories are hidden whole, the numbers masked by their kind
    for (const def of resources)
      for (const f of def.fields) {
        if (specialCategory.test(f.name)) expect(f.sensitive, `${def.name}.${f.name}`).toBe('category');
        if (/id_?card$/i.test(f.name) && f.kind !== 'dict')
          expect(f.sensitive, `${def.name}.${f.name}`).toBe('idCard');
      }
  });

  it('keeps the allow-list to fields that exist and are not marked', () => {
    for (const key of Object.keys(PUBLIC_NUMBERS)) {
      const [name, field] = key.split('.');
      const f = resources.find((d) => d.name === name)?.fields.find((x) => x.name === field);
      expect(f, key).toBeDefined();
      expect(f!.sensitive, key).toBeUndefined();
    }
  });

  it('seeds the reveal button (and the export one where the resource exports) for every screen of personal data', () => {
    const codes = new Set<string>();
    const walk = (m: SeedMenu) => {
      codes.add(m.code);
      m.children?.forEach(walk);
    };
    seedMenus.forEach(walk);
    for (const def of resources.filter(hasSensitiveFields)) {
      expect(codes.has(`${def.permission}_reveal`), def.name).toBe(true);
      if (def.exportable) expect(codes.has(`${def.permission}_export_sensitive`), def.name).toBe(true);
    }
  });
});

import { acceptsWrites, hasStandard, type ResourceDef, resources } from '@tongxin/resources';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLATFORM_TENANT, type Row } from '../src/db/database.js';
import { insertDirectRow } from './direct-rows.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { sampleBody } from './samples.js';
import { createTenant, storedRow, storedRowsOf, type TenantSide } from './two-tenants.js';

// The cross-tenant matrix, generated over every resource definition the server registers and every
// action it offers: tenant B's administrator (granted every menu and button) aims each action at a row
// owned by tenant A — or, for the shared platform tables, at a row of the platform. Nothing may be
// read, and the database (read afterwards through the owner connection, which row-level security does
// not filter) must hold exactly what it held before.

let s: TestServer;
let platform: string;
let A: TenantSide;
let B: TenantSide;

beforeAll(async () => {
  s = await startTestServer();
  platform = await login(s.app);
  A = await createTenant(s, platform, '甲街道');
  B = await createTenant(s, platform, '乙街道');
});
afterAll(() => s.close());

const writeUrl = (def: ResourceDef, isNew: boolean) =>
  def.write === 'save-update' ? `${def.path}/${isNew ? 'save' : 'update'}` : `${def.path}/submit`;

interface Node {
  id: string;
  tenantId?: string;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** Every row id and tenant in a list, page, tree or picker answer. */
function rowsIn(data: unknown): Node[] {
  if (Array.isArray(data)) return flatten(data as Node[]);
  if (data && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records))
    return flatten((data as { records: Node[] }).records);
  return [];
}

async function exportedRows(token: string, url: string): Promise<number | 'forbidden'> {
  const res = await call(s.app, token, 'GET', url);
  if (res.statusCode === 403) return 'forbidden';
  expect(res.statusCode, url).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!.rowCount - 1; // minus the header row
}

async function create(token: string, def: ResourceDef, extra: Record<string, unknown> = {}) {
  const body = { ...(await sampleBody(s.app, token, def, { freshRefs: true })), ...extra };
  return call(s.app, token, 'POST', writeUrl(def, true), body);
}

/** A row of `def` owned by `tenantId`: made through the API, or — for resources whose records the
 * server writes itself (logs, attachments, conversations) — put straight into the table. */
async function makeRow(token: string, tenantId: string, def: ResourceDef): Promise<string> {
  if (!acceptsWrites(def)) return insertDirectRow(s.db, def, tenantId);
  const res = await create(token, def);
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().data.id);
}

describe.each(resources.map((d) => [d.name, d] as const))('cross-tenant matrix: %s', (_name, def) => {
  // Tenant-owned rows: A owns the target. Shared platform tables: the platform owns it.
  const owned = def.tenant;
  let target: string;
  let before: Row[];

  const allRows = (table: string) => s.db.kysely.selectFrom(table).selectAll().orderBy('id').execute();
  const stored = async () => {
    await s.ctx.logs.flush();
    return owned ? storedRowsOf(s, def.table, A.tenantId) : allRows(def.table);
  };
  beforeAll(async () => {
    target = await makeRow(owned ? A.token : platform, owned ? A.tenantId : PLATFORM_TENANT, def);
    before = await stored();
    expect(before.map((r) => String(r.id))).toContain(target);
  });
  // What the owner's side holds as each test starts. The server logs every signed-in request in its
  // caller's tenant (the owner's own reads included), so the queued log rows are written first.
  beforeEach(async () => {
    before = await stored();
  });

  const unchanged = async () => {
    expect(await stored()).toEqual(before);
  };

  // Platform tables other than the tenant list are shared reference data every tenant reads.
  const hidden = owned || def.name === 'tenant';

  if (hidden)
    it('reads nothing of the row: detail, list, page, picker, trees, export', async () => {
      expect((await call(s.app, B.token, 'GET', `${def.path}/detail?id=${target}`)).statusCode).toBe(404);
      const urls = [
        `${def.path}/list?size=500`,
        `${def.path}/page?size=500`,
        `${def.path}/list?id_equal=${target}`,
        `${def.path}/list?id=${target}`,
        `${def.path}/select?tenantId=${A.tenantId}`,
        ...(owned ? [`${def.path}/list?tenantId_equal=${A.tenantId}&size=500`] : []),
        ...(def.tree
          ? [
              `${def.path}/tree?tenantId=${A.tenantId}`,
              `${def.path}/lazy-tree?tenantId=${A.tenantId}`,
              `${def.path}/lazy-list?tenantId=${A.tenantId}`,
            ]
          : []),
      ];
      for (const url of urls) {
        const res = await call(s.app, B.token, 'GET', url);
        expect(res.statusCode, url).toBe(200);
        const rows = rowsIn(res.json().data);
        expect(
          rows.map((r) => r.id),
          url,
        ).not.toContain(target);
        if (owned) expect(rows.filter((r) => r.tenantId === A.tenantId)).toEqual([]);
      }
      if (def.exportable) {
        for (const url of [`${def.path}/export?id_equal=${target}`, `${def.path}/export?id=${target}`]) {
          expect([0, 'forbidden'], url).toContain(await exportedRows(B.token, url));
        }
      }
      // The owner still reads it: the row is there, just not for B.
      const ownerToken = owned ? A.token : platform;
      expect((await call(s.app, ownerToken, 'GET', `${def.path}/detail?id=${target}`)).statusCode).toBe(200);
    });

  it('changes nothing through update, even with a valid body or the owner tenant named', async () => {
    const body = await sampleBody(s.app, B.token, def);
    // Refused as unseen (404) when the resource offers editing; a resource that offers none refuses it
    // to anyone: 403 (messages), no route at all (404: logs), or a domain verb that only adds to the
    // caller's own records and turns the body down (400)
    const refused = !owned
      ? [403]
      : hasStandard(def, 'edit')
        ? [404]
        : acceptsWrites(def)
          ? [403]
          : [400, 403, 404];
    for (const attempt of [
      { ...body, id: target },
      { ...body, id: target, tenantId: A.tenantId },
    ]) {
      const res = await call(s.app, B.token, 'POST', writeUrl(def, false), attempt);
      expect(refused, res.body).toContain(res.statusCode);
    }
    await unchanged();
  });

  if (hasStandard(def, 'delete'))
    it('deletes nothing, alone or mixed with an own row', async () => {
      const refused = owned ? 404 : 403;
      expect((await call(s.app, B.token, 'POST', `${def.path}/remove?ids=${target}`)).statusCode).toBe(
        refused,
      );
      expect((await call(s.app, B.token, 'POST', `${def.path}/remove`, { ids: target })).statusCode).toBe(
        refused,
      );
      if (owned) {
        const ownId = await makeRow(B.token, B.tenantId, def);
        const mixed = await call(s.app, B.token, 'POST', `${def.path}/remove?ids=${ownId},${target}`);
        expect(mixed.statusCode).toBe(404);
        // All or nothing: B's own row was not deleted either.
        const mine = await storedRow(s, def.table, ownId);
        expect(mine?.tenant_id).toBe(B.tenantId);
        if (def.softDelete) expect(mine?.is_deleted).toBe(0);
      }
      await unchanged();
    });

  it('creates nothing in the other tenant when the body names it', async () => {
    const res = await create(B.token, def, { tenantId: A.tenantId });
    if (owned && !acceptsWrites(def)) {
      // no create route, or a domain verb that adds to the caller's own records only
      if (res.statusCode === 200)
        expect((await storedRow(s, def.table, String(res.json().data.id)))?.tenant_id).toBe(B.tenantId);
      else expect([400, 403, 404], res.body).toContain(res.statusCode);
    } else if (owned) {
      expect(res.statusCode, res.body).toBe(200);
      const row = await storedRow(s, def.table, String(res.json().data.id));
      expect(row?.tenant_id).toBe(B.tenantId);
    } else {
      expect(res.statusCode, res.body).toBe(403);
    }
    await unchanged();
  });
});

import ExcelJS from 'exceljs';
import {
  hasSensitiveFields,
  buttonCode,
  hasStandard,
  isWritable,
  maskValue,
  type FieldDef,
  type ResourceDef,
  resources,
} from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { sampleBody, sampleValue } from './samples.js';

// One contract per definition: the generic engine must give every resource the same guarantees.
let s: TestServer;
let admin: string;
let otherTenant: string;
let noRights: string;
let adminId: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const allMenus = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  await addTenantWithUser(s.db, { tenantId: '200001', account: 'other', menuCodes: allMenus });
  otherTenant = await login(s.app, { tenantId: '200001', account: 'other', password: 'secret' });
  await addTenantWithUser(s.db, { tenantId: '000000', account: 'nobody', menuCodes: [] });
  noRights = await login(s.app, { account: 'nobody', password: 'secret' });
  adminId = String(
    (
      await s.db.kysely
        .selectFrom('blade_user')
        .select('id')
        .where('account', '=', 'admin')
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(() => s.close());

const STALE = '数据已被他人修改,请刷新后重试';

/** The verbs a definition is written with: `submit`, or `save` + `update`, or all three. */
const writeUrl = (def: ResourceDef, isNew: boolean) =>
  def.write === 'save-update' ? `${def.path}/${isNew ? 'save' : 'update'}` : `${def.path}/submit`;

interface Node {
  id: string;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
/** The ids of a list answer: a page, or the forest of a forest resource. */
const idsOf = (data: { records?: Node[] } | Node[]): string[] =>
  (Array.isArray(data) ? flatten(data) : (data.records ?? [])).map((r) => r.id);

const requiredMessage = (f: FieldDef) =>
  typeof f.required === 'string' ? f.required : `请输入${f.label.zh}`;
const TEXT_KINDS = ['string', 'text', 'phone', 'email', 'idcard', 'richtext'];

/** A changed, valid value for an update: the first editable text field gets a new sample. */
async function editOf(def: ResourceDef): Promise<{ field: FieldDef; value: unknown } | undefined> {
  const field = def.fields.find(
    (f) =>
      isWritable(f) &&
      !f.secret &&
      !f.disabledOn?.includes('edit') &&
      f.kind === 'string' &&
      !f.pattern &&
      !f.rule &&
      !f.ref,
  );
  if (!field) return undefined;
  const value = `${String(await sampleValue(s.app, admin, { ...field, unique: field.unique ?? '.' }))}改`;
  return { field, value: field.maxLength ? value.slice(-field.maxLength) : value };
}

// Definitions without add (logs, attachments, residents' tickets) have their own contract:
// readonly-contract.test.ts.
describe.each(resources.filter((d) => hasStandard(d, 'add')).map((d) => [d.name, d] as const))(
  '%s',
  (_name, def) => {
    let id: string;
    const edits = hasStandard(def, 'edit');

    it('creates a record with valid data and answers it by detail, list and page', async () => {
      const body = await sampleBody(s.app, admin, def);
      const res = await call(s.app, admin, 'POST', writeUrl(def, true), body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().msg).toBe('新增成功');
      id = res.json().data.id;
      expect(id).toMatch(/^\d+$/);
      const detail = (await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).json().data;
      expect(detail.id).toBe(id);
      // every record carries its optimistic-locking version
      expect(detail.version).toBe(1);
      for (const f of def.fields.filter((x) => x.secret)) expect(detail).not.toHaveProperty(f.name);
      const page = (await call(s.app, admin, 'GET', `${def.path}/page?size=500`)).json().data;
      expect(page).toMatchObject({ current: 1, size: 500 });
      expect(idsOf(page)).toContain(id);
      const list = (await call(s.app, admin, 'GET', `${def.path}/list?size=500`)).json().data;
      if (def.tree?.forest) expect(Array.isArray(list)).toBe(true);
      else expect(list).toMatchObject({ current: 1, size: 500 });
      expect(idsOf(list)).toContain(id);
    });

    if (def.write === 'all' && edits) {
      it('serves save and update beside submit', async () => {
        const saved = await call(
          s.app,
          admin,
          'POST',
          `${def.path}/save`,
          await sampleBody(s.app, admin, def),
        );
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json().msg).toBe('新增成功');
        const savedId = saved.json().data.id;
        const detail = (await call(s.app, admin, 'GET', `${def.path}/detail?id=${savedId}`)).json().data;
        const updated = await call(s.app, admin, 'POST', `${def.path}/update`, detail);
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.json().msg).toBe('更新成功');
        expect((await call(s.app, admin, 'POST', `${def.path}/update`, {})).statusCode).toBe(400);
        expect((await call(s.app, admin, 'POST', `${def.path}/save`, detail)).statusCode).toBe(400);
        if (hasStandard(def, 'delete'))
          expect((await call(s.app, admin, 'POST', `${def.path}/remove?ids=${savedId}`)).statusCode).toBe(
            200,
          );
      });
    }

    it.runIf(edits)(
      "updates the owner's record with the version it read, and refuses a stale version",
      async () => {
        const read = (await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).json().data;
        const edit = await editOf(def);
        const body = { ...read, ...(edit ? { [edit.field.name]: edit.value } : {}) };
        const res = await call(s.app, admin, 'POST', writeUrl(def, false), body);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().msg).toBe('更新成功');
        expect(res.json().data.id).toBe(id);
        const after = (await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).json().data;
        expect(after.version).toBe(read.version + 1);
        // personal data (a borrower's address) answers masked
        const sensitive = edit?.field.sensitive;
        if (edit)
          expect(after[edit.field.name]).toBe(sensitive ? maskValue(sensitive, edit.value) : edit.value);
        // the form read before that update is now stale: refused, and nothing changes
        const stale = await call(s.app, admin, 'POST', writeUrl(def, false), {
          ...read,
          ...(edit ? { [edit.field.name]: `${String(edit.value).slice(0, -1)}旧` } : {}),
        });
        expect(stale.statusCode, stale.body).toBe(409);
        expect(stale.json().msg).toBe(STALE);
        expect((await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).json().data).toEqual(after);
      },
    );

    it('filters and sorts only by allow-listed keys', async () => {
      const detail = (await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).json().data;
      // personal data comes masked: the administrator filters by the whole values the reveal answers
      const whole = hasSensitiveFields(def)
        ? (await call(s.app, admin, 'GET', `${def.path}/reveal?id=${id}`)).json().data
        : {};
      for (const f of def.fields.filter((x) => x.search && !x.secret)) {
        const value = whole[f.name] ?? detail[f.name];
        if (value === null || value === undefined || value === '') continue;
        const res = await call(
          s.app,
          admin,
          'GET',
          `${def.path}/page?${f.name}_equal=${encodeURIComponent(value)}&size=500`,
        );
        expect(res.statusCode, `${f.name}: ${res.body}`).toBe(200);
        expect(idsOf(res.json().data), f.name).toContain(id);
      }
      expect((await call(s.app, admin, 'GET', `${def.path}/list?notAField=1`)).statusCode).toBe(400);
      // every sortable field sorts both ways; anything else is refused
      for (const f of [...def.fields.filter((x) => x.sortable), { name: 'id' }]) {
        for (const dir of ['ascs', 'descs']) {
          const res = await call(s.app, admin, 'GET', `${def.path}/page?${dir}=${f.name}&id_equal=${id}`);
          expect(res.statusCode, `${dir}=${f.name}: ${res.body}`).toBe(200);
          expect(idsOf(res.json().data)).toContain(id);
        }
      }
      const unsortable = def.fields.find((x) => !x.sortable && !x.secret);
      for (const bad of ['not_a_column', 'id;drop table x', unsortable?.name].filter(Boolean)) {
        for (const dir of ['ascs', 'descs']) {
          const res = await call(s.app, admin, 'GET', `${def.path}/page?${dir}=${encodeURIComponent(bad!)}`);
          expect(res.statusCode, `${dir}=${bad}`).toBe(400);
          expect(res.json().msg).toMatch(/^不支持的排序字段/);
        }
      }
    });

    it('validates every required field with the field message', async () => {
      const required = def.fields.filter((f) => f.required && f.form !== false);
      const body = await sampleBody(s.app, admin, def);
      for (const f of required) {
        const missing = { ...body };
        delete missing[f.name];
        const res = await call(s.app, admin, 'POST', writeUrl(def, true), missing);
        expect(res.statusCode, f.name).toBe(400);
        expect(res.json().msg, f.name).toBe(requiredMessage(f));
        if (TEXT_KINDS.includes(f.kind)) {
          const blank = await call(s.app, admin, 'POST', writeUrl(def, true), { ...body, [f.name]: '  ' });
          expect(blank.statusCode, f.name).toBe(400);
          expect(blank.json().msg, f.name).toBe(requiredMessage(f));
        }
      }
    });

    it('denies every call without the button code', async () => {
      expect((await call(s.app, noRights, 'GET', `${def.path}/list`)).statusCode).toBe(403);
      expect((await call(s.app, noRights, 'GET', `${def.path}/page`)).statusCode).toBe(403);
      expect((await call(s.app, noRights, 'GET', `${def.path}/detail?id=${id}`)).statusCode).toBe(403);
      expect((await call(s.app, noRights, 'GET', `${def.path}/select`)).statusCode).toBe(403);
      if (def.tree) {
        expect((await call(s.app, noRights, 'GET', `${def.path}/tree`)).statusCode).toBe(403);
        expect((await call(s.app, noRights, 'GET', `${def.path}/lazy-tree`)).statusCode).toBe(403);
      }
      const sample = await sampleBody(s.app, admin, def);
      // records residents file for themselves (`own`) are taken without the button as the caller's own
      // only (engine-vocabulary.test.ts): a body naming somebody else is refused all the same
      const body = def.own ? { ...sample, [def.own.field]: adminId } : sample;
      expect((await call(s.app, noRights, 'POST', writeUrl(def, true), body)).statusCode).toBe(403);
      if (edits)
        expect((await call(s.app, noRights, 'POST', writeUrl(def, false), { ...body, id })).statusCode).toBe(
          403,
        );
      if (hasStandard(def, 'delete')) {
        expect((await call(s.app, noRights, 'POST', `${def.path}/remove?ids=${id}`)).statusCode).toBe(403);
      }
    });

    // Only tenant-owned resources have another tenant to hide from; only deletable ones are removed.
    if (def.tenant) {
      it("keeps the record invisible to another tenant's user", async () => {
        const detail = await call(s.app, otherTenant, 'GET', `${def.path}/detail?id=${id}`);
        expect(detail.statusCode).toBe(404);
        for (const verb of ['list', 'page']) {
          const data = (await call(s.app, otherTenant, 'GET', `${def.path}/${verb}?size=500`)).json().data;
          expect(idsOf(data), verb).not.toContain(id);
        }
        const picked = (await call(s.app, otherTenant, 'GET', `${def.path}/select?ids=${id}`)).json().data;
        expect(picked).toEqual([]);
        // A body the other tenant could write (valid in every field) aimed at the row: not found, not a
        // validation error passing for isolation.
        if (edits) {
          const update = await call(s.app, otherTenant, 'POST', writeUrl(def, false), {
            ...(await sampleBody(s.app, admin, def)),
            id,
          });
          expect(update.statusCode, update.body).toBe(404);
        }
        if (hasStandard(def, 'delete')) {
          expect((await call(s.app, otherTenant, 'POST', `${def.path}/remove?ids=${id}`)).statusCode).toBe(
            404,
          );
        }
        if (def.exportable) {
          const exported = await call(s.app, otherTenant, 'GET', `${def.path}/export?id_equal=${id}`);
          if (exported.statusCode === 200) {
            const book = new ExcelJS.Workbook();
            await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
            expect(book.worksheets[0]!.rowCount).toBe(1); // the header only
          } else {
            expect(exported.statusCode).toBe(403);
          }
        }
        const own = await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`);
        expect(own.statusCode).toBe(200);
        expect(own.json().data.version).toBe(edits ? 2 : 1); // the owner's update only
      });
    }

    if (hasStandard(def, 'delete')) {
      it('removes logically', async () => {
        const res = await call(s.app, admin, 'POST', `${def.path}/remove?ids=${id}`);
        expect(res.json().msg).toBe('删除成功');
        expect((await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`)).statusCode).toBe(404);
        if (def.softDelete) {
          const row = await s.db.kysely
            .selectFrom(def.table)
            .select('is_deleted')
            .where('id', '=', id)
            .executeTakeFirst();
          expect(row?.is_deleted).toBe(1);
        } else {
          const row = await s.db.kysely
            .selectFrom(def.table)
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst();
          expect(row).toBeUndefined();
        }
        expect(buttonCode(def, 'delete')).toMatch(/_delete$/);
      });
    }
  },
);

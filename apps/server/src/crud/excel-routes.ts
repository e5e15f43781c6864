import { PassThrough } from 'node:stream';
import { buttonCodes, type FieldDef, isWritable, visibleFields } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guard.js';
import type { AuthUser } from '../auth/tokens.js';
import type { Row } from '../db/database.js';
import { ApiError, badRequest, ok } from '../http/envelope.js';
import { applyFilters, applySorts, parseListQuery } from '../http/list-query.js';
import { loadDictItems } from '../system/dict-routes.js';
import { refTarget } from './ref-names.js';
import type { ResourceEngine } from './resource-routes.js';
import { validateBody } from './validate.js';

/** exceljs (about 20 MB once loaded) is loaded on the first export or import, not at start-up. */
const loadExcel = async () => (await import('exceljs')).default;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 1000;
const MAX_IMPORT_ROWS = 5000;

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`;

/** key → label and label → key maps of every dictionary the fields use. */
async function dictMaps(engine: ResourceEngine, user: AuthUser, fields: FieldDef[]) {
  const maps = new Map<string, { toLabel: Map<string, string>; toKey: Map<string, string> }>();
  for (const f of fields) {
    if (!f.dict) continue;
    const items = await loadDictItems(engine.ctx, user.tenantId, f.dict.code, Boolean(f.dict.biz));
    maps.set(f.name, {
      toLabel: new Map(items.map((i) => [i.dictKey, i.dictValue])),
      toKey: new Map(items.map((i) => [i.dictValue, i.dictKey])),
    });
  }
  return maps;
}

/** id ↔ label maps of every referenced resource (roles, depts, posts by name), so a sheet shows and
 * accepts names instead of ids. Multiple references are comma-joined. */
async function refMaps(engine: ResourceEngine, user: AuthUser, fields: FieldDef[]) {
  const maps = new Map<string, { toLabel: Map<string, string>; toId: Map<string, string> }>();
  for (const f of fields) {
    const ref = refTarget(f);
    if (!ref) continue;
    const { def: target, labelColumn } = ref;
    const rows = await engine.ctx.db.tx({ tenantId: user.tenantId }, (trx) => {
      let q = trx.selectFrom(target.table).select(['id', labelColumn]);
      if (target.softDelete) q = q.where('is_deleted', '=', 0);
      if (target.tenant) q = q.where('tenant_id', '=', user.tenantId);
      return q.limit(10_000).execute();
    });
    maps.set(f.name, {
      toLabel: new Map(rows.map((r) => [String(r.id), String(r[labelColumn] ?? '')])),
      toId: new Map(rows.map((r) => [String(r[labelColumn] ?? ''), String(r.id)])),
    });
  }
  return maps;
}

const mapList = (raw: string, map: Map<string, string>) =>
  raw
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => map.get(x) ?? x)
    .join(',');

const exportColumns = (engine: ResourceEngine) => visibleFields(engine.def).filter((f) => f.list !== false);
// Secret fields (an initial password) can be imported, never exported.
const importColumns = (engine: ResourceEngine) =>
  engine.def.fields.filter((f) => isWritable(f) && !['files', 'images', 'richtext'].includes(f.kind));

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())} ${p(value.getHours())}:${p(value.getMinutes())}:${p(value.getSeconds())}`;
  }
  if (typeof value === 'object') {
    const v = value as { text?: string; result?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((t) => t.text).join('');
    if (v.text !== undefined) return String(v.text);
    if (v.result !== undefined) return cellText(v.result);
  }
  return String(value).trim();
}

/** Export of the filtered list (streamed), template download and import with a per-row error report. */
export function excelRoutes(app: FastifyInstance, engine: ResourceEngine): void {
  const { def, ctx } = engine;

  if (def.exportable) {
    app.get(
      `${def.path}/export`,
      { config: { access: { perm: buttonCodes(def, 'export') }, tokenInQuery: true } },
      async (request, reply) => {
        const user = requireUser(request);
        const raw = request.query as Record<string, unknown>;
        // the list's filters, own parameters (users: `deptId` = that dept and below) and sort keys
        const { filters, sorts } = parseListQuery(raw, await engine.fieldsFor(user), {
          maxSize: 1,
          extra: engine.hooks.params,
        });
        const hidden = await engine.hidden(user);
        const columns = exportColumns(engine).filter((f) => !hidden?.has(f.name));
        const dicts = await dictMaps(engine, user, columns);
        // The ordered ids are read in one statement before answering: a value the database refuses is a
        // 400, not a broken download, and the order holds whatever the sort keys. Rows then stream in
        // batches of that order.
        const ids = await engine.run(user, async (trx, base) => {
          let q = applyFilters(await base(), filters);
          const condition = await engine.listCondition(trx, user, raw);
          if (condition) q = q.where(condition);
          const sorted = applySorts(q.select('id'), sorts, engine.fallbackSort).orderBy('id', 'desc');
          return ((await sorted.execute()) as Row[]).map((r) => String(r.id));
        });
        const batch = (chunk: string[]) =>
          engine.run(user, async (trx, base) =>
            engine.decorate(
              trx,
              user,
              (await (await base()).selectAll().where('id', 'in', chunk).execute()) as Row[],
            ),
          );
        const stream = new PassThrough();
        const ExcelJS = await loadExcel();
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
          stream,
          useStyles: false,
          useSharedStrings: false,
        });
        const sheet = workbook.addWorksheet(def.label.zh);
        sheet.columns = columns.map((f) => ({
          header: f.label.zh,
          key: f.name,
          width: f.width ? f.width / 7 : 20,
        }));
        const produce = async () => {
          for (let i = 0; i < ids.length; i += BATCH) {
            const chunk = ids.slice(i, i + BATCH);
            const byId = new Map((await batch(chunk)).map((r) => [String(r.id), r]));
            for (const id of chunk) {
              const r = byId.get(id);
              if (!r) continue; // removed meanwhile
              const cells: Record<string, unknown> = {};
              for (const f of columns) {
                const value = r[f.name];
                const option = f.options?.find((o) => String(o.value) === String(value));
                cells[f.name] =
                  dicts.get(f.name)?.toLabel.get(String(value)) ?? option?.label.zh ?? value ?? '';
              }
              sheet.addRow(cells).commit();
            }
          }
          sheet.commit();
          await workbook.commit();
        };
        produce().catch((error: unknown) => {
          request.log.error({ err: error }, 'export failed');
          stream.destroy(error as Error);
        });
        return reply
          .header('content-type', XLSX)
          .header('content-disposition', attachment(def.label.zh))
          .send(stream);
      },
    );
  }

  if (!def.importable || def.readOnly) return;
  const importAccess = { config: { access: { perm: buttonCodes(def, 'import') } } };

  app.get(
    `${def.path}/export-template`,
    { config: { ...importAccess.config, tokenInQuery: true } },
    async (_request, reply) => {
      const ExcelJS = await loadExcel();
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(def.label.zh);
      const columns = importColumns(engine);
      sheet.columns = columns.map((f) => ({ header: f.label.zh, key: f.name, width: 20 }));
      sheet.getRow(1).font = { bold: true };
      const buffer = await workbook.xlsx.writeBuffer();
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', attachment(`${def.label.zh}导入模板`))
        .send(Buffer.from(buffer));
    },
  );

  app.post(`${def.path}/import`, importAccess, async (request: FastifyRequest, reply) => {
    const user = requireUser(request);
    const file = await request.file().catch(() => undefined);
    if (!file) throw badRequest('请上传Excel文件');
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load((await file.toBuffer()) as unknown as ArrayBuffer);
    } catch {
      throw badRequest('文件不是有效的Excel(.xlsx)文件');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw badRequest('Excel文件中没有工作表');
    const columns = importColumns(engine);
    const byHeader = new Map<string, FieldDef>();
    for (const f of columns) {
      byHeader.set(f.label.zh, f);
      byHeader.set(f.name, f);
    }
    const headerMap = new Map<number, FieldDef>();
    sheet.getRow(1).eachCell((cell, col) => {
      const f = byHeader.get(cellText(cell.value));
      if (f) headerMap.set(col, f);
    });
    if (!headerMap.size) throw badRequest('表头与导入模板不一致,请下载模板后填写');
    const dicts = await dictMaps(engine, user, columns);
    const refs = await refMaps(engine, user, columns);

    const records: { row: number; body: Record<string, unknown> }[] = [];
    sheet.eachRow((row, rowNumber) => {
      if (rowNumber === 1) return;
      const body: Record<string, unknown> = {};
      let empty = true;
      for (const [col, f] of headerMap) {
        const text = cellText(row.getCell(col).value);
        if (text) empty = false;
        if (!text) continue;
        const ref = refs.get(f.name);
        body[f.name] = ref ? mapList(text, ref.toId) : (dicts.get(f.name)?.toKey.get(text) ?? text);
      }
      if (!empty) records.push({ row: rowNumber, body });
    });
    if (!records.length) throw badRequest('Excel文件中没有数据');
    if (records.length > MAX_IMPORT_ROWS) throw badRequest(`单次最多导入${MAX_IMPORT_ROWS}行`);
    await engine.requirePermission(user, 'add');

    const errors: { row: number; msg: string }[] = [];
    const valid: { row: number; values: Record<string, unknown>; body: Record<string, unknown> }[] = [];
    for (const r of records) {
      try {
        valid.push({ row: r.row, values: validateBody(def, r.body, true), body: r.body });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        errors.push({ row: r.row, msg: e.message });
      }
    }
    // All or nothing: every row is written in one transaction, or none when any row fails.
    const failed = Symbol('failed');
    try {
      await ctx.db.tx(engine.scope(user), async (trx) => {
        for (const v of valid) {
          try {
            await engine.insert(trx, user, v.values, v.body);
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            errors.push({ row: v.row, msg: e.message });
          }
        }
        if (errors.length) throw failed;
      });
    } catch (e) {
      if (e !== failed) throw e;
    }
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      return reply.code(400).send({
        code: 400,
        success: false,
        data: { total: records.length, errors },
        msg: `导入失败:共${errors.length}行数据有误,未导入任何数据`,
      });
    }
    return ok({ total: records.length }, `导入成功,共${records.length}条`);
  });
}

import { buttonCodes, type FieldDef } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import { ApiError, badRequest, ok } from '../../http/envelope.js';
import {
  attachment,
  cellText,
  dictMaps,
  importColumns,
  loadExcel,
  mapList,
  MAX_IMPORT_ROWS,
  refMaps,
  XLSX,
} from './excel-sheets.js';
import type { ResourceEngine } from './resource-engine.js';
import { validateBody } from './validate.js';

type ImportRecord = { row: number; body: Record<string, unknown> };
type RowError = { row: number; msg: string };

/** The records of an uploaded sheet: columns matched by header (label or field name), dictionary labels
 * and referenced names turned back into keys and ids; empty rows skipped. */
async function readSheet(
  request: FastifyRequest,
  engine: ResourceEngine,
  user: AuthUser,
): Promise<ImportRecord[]> {
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

  const records: ImportRecord[] = [];
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
  return records;
}

/** Validates and inserts every record; all or nothing: every row is written in one transaction, or
 * none when any row fails. Returns the rows' errors (none: imported). */
async function insertAll(
  engine: ResourceEngine,
  user: AuthUser,
  records: ImportRecord[],
): Promise<RowError[]> {
  const errors: RowError[] = [];
  const valid: { row: number; values: Record<string, unknown>; body: Record<string, unknown> }[] = [];
  for (const r of records) {
    try {
      valid.push({ row: r.row, values: validateBody(engine.def, r.body, true), body: r.body });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.push({ row: r.row, msg: e.message });
    }
  }
  const failed = Symbol('failed');
  try {
    await engine.tx(user, async (trx) => {
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
  return errors.sort((a, b) => a.row - b.row);
}

/** export-template (the import columns' headers) and import with a per-row error report. */
export function importRoutes(app: FastifyInstance, engine: ResourceEngine): void {
  const { def } = engine;
  const importAccess = { config: { access: { perm: buttonCodes(def, 'import') } } };

  app.get(
    `${def.path}/export-template`,
    { config: { ...importAccess.config, tokenInQuery: true }, ...engine.schemas.plain('导入模板') },
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

  app.post(
    `${def.path}/import`,
    { ...importAccess, ...engine.schemas.plain('导入 Excel') },
    async (request: FastifyRequest, reply) => {
      const user = requireUser(request);
      const records = await readSheet(request, engine, user);
      if (!records.length) throw badRequest('Excel文件中没有数据');
      if (records.length > MAX_IMPORT_ROWS) throw badRequest(`单次最多导入${MAX_IMPORT_ROWS}行`);
      await engine.requirePermission(user, 'add');
      const errors = await insertAll(engine, user, records);
      if (errors.length) {
        return reply.code(400).send({
          code: 400,
          success: false,
          data: { total: records.length, errors },
          msg: `导入失败:共${errors.length}行数据有误,未导入任何数据`,
        });
      }
      return ok({ total: records.length }, `导入成功,共${records.length}条`);
    },
  );
}

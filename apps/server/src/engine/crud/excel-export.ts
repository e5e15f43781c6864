import { PassThrough } from 'node:stream';
import { buttonCodes, exportSensitiveCodes, refNameField } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { Row } from '../../db/database.js';
import { applyFilters, applySorts, parseListQuery } from '../../http/list-query.js';
import { attachment, BATCH, dictMaps, exportColumns, loadExcel, XLSX } from './excel-sheets.js';
import type { ResourceEngine } from './resource-engine.js';

/** export: the filtered list (the list's filters, own parameters and sorts) as a streamed sheet, with
 * dictionary labels instead of keys and the names of referenced rows instead of their ids. */
export function exportRoute(app: FastifyInstance, engine: ResourceEngine): void {
  const { def, ctx } = engine;
  app.get(
    `${def.path}/export`,
    {
      config: { access: { perm: buttonCodes(def, 'export') }, tokenInQuery: true },
      ...engine.schemas.plain('导出 Excel'),
    },
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
      // personal data goes out whole only to holders of `<permission>_export_sensitive`; anyone else's
      // sheet keeps the columns with the masks the screens show (and an import refuses a mask)
      const whole =
        engine.sensitive.length > 0 && (await ctx.permissions.hasAny(user, exportSensitiveCodes(def)));
      const batch = (chunk: string[]) =>
        engine.run(user, async (trx, base) => {
          if (whole) engine.unmask(trx);
          return engine.decorate(
            trx,
            user,
            (await engine
              .selectRows(await base())
              .where('id', 'in', chunk)
              .execute()) as Row[],
          );
        });
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
              // a reference as its names (decorate's `packageName`), which the import turns back into ids
              const named = f.kind === 'ref' ? r[refNameField(f.name)] : undefined;
              cells[f.name] =
                dicts.get(f.name)?.toLabel.get(String(value)) ??
                option?.label.zh ??
                (typeof named === 'string' && named ? named : value) ??
                '';
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

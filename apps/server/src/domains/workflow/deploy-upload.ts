/** Deploying BPMN files (blade-flow manager/check-upload and manager/deploy-upload, multipart). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { deploy } from '../../flow/service.js';
import { actorOf, textParam } from '../../flow/wire.js';
import { badRequest, ok } from '../../http/envelope.js';
import { deployScope, tenantIdsOf } from './deploy-scope.js';
import { BLADE_FLOW as BASE, perm } from './route-options.js';

const isBpmnName = (name: string) => /\.bpmn20\.xml$|\.bpmn$/i.test(name);

/** The BPMN files (up to 10, 1 MB each) and the form fields of a multipart upload. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传流程文件');
  const files: { name: string; xml: string }[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { files: 10, fileSize: 1024 * 1024, fields: 20 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw badRequest('流程文件不能超过1MB');
        files.push({ name: part.filename, xml: buffer.toString('utf8') });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname.replace(/\[\]$/, '')] = part.value;
      }
    }
  } catch (e) {
    if (e instanceof Error && 'code' in e && typeof (e as { code: unknown }).code === 'number') throw e;
    if ((e as { statusCode?: number }).statusCode === 413 || /limit/i.test(String((e as Error).message)))
      throw badRequest('上传的文件过多或过大');
    throw e;
  }
  if (!files.length) throw badRequest('请选择要上传的流程文件');
  const bad = files.find((f) => !isBpmnName(f.name));
  if (bad) throw badRequest(`只能上传 .bpmn20.xml 或 .bpmn 格式的流程文件: ${bad.name}`);
  return { files, fields };
}

export function deployUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(`${BASE}/manager/check-upload`, perm('flow_deploy_upload'), async (request) => {
    requireUser(request);
    const file = await request.file({ limits: { files: 1, fileSize: 1024 * 1024 } }).catch(() => undefined);
    if (!file) throw badRequest('请选择要上传的文件');
    await file.toBuffer().catch(() => undefined);
    return ok({ name: file.filename, success: isBpmnName(file.filename) });
  });

  app.post(`${BASE}/manager/deploy-upload`, perm('flow_deploy_upload'), async (request) => {
    const user = requireUser(request);
    const { files, fields } = await readUpload(request);
    const category = textParam(fields.category, 64);
    const tenantIds = tenantIdsOf(fields.tenantIds);
    const scope = await deployScope(ctx, user, tenantIds);
    const results = await ctx.db.tx(scope, async (trx) => {
      const out = [];
      for (const f of files)
        out.push(
          await deploy(trx, actorOf(user), {
            xml: f.xml,
            source: 'upload',
            resourceName: f.name.slice(0, 255),
            category,
            tenantIds,
          }),
        );
      return out;
    });
    return ok(
      {
        deploymentIds: results.flatMap((r) => r.deploymentIds),
        definitions: results.flatMap((r) => r.definitions),
      },
      '部署成功',
    );
  });
}

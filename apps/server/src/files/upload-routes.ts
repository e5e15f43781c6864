import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guard.js';
import type { AuthUser } from '../auth/tokens.js';
import type { Services } from '../services.js';
import { nextId } from '../db/ids.js';
import { ApiError, badRequest, fail, ok } from '../http/envelope.js';
import { DailyQuota } from '../util/daily-quota.js';
import { formatDateTime } from '../util/datetime.js';
import type { FileStore } from './file-store.js';
import { STORED_NAME } from './file-links.js';
import { extensionOf, FILE_TYPES } from './file-types.js';
import { UploadInspector } from './upload-inspector.js';

/** What the upload routes read of the server's services (services.ts), handed down by buildApp. */
export type UploadServices = Pick<Services, 'config' | 'db' | 'links' | 'store' | 'stores'>;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_NAME = 200;

/** A failure of the request stream itself (aborted, malformed multipart), not of the store. */
function isClientStreamError(e: unknown): boolean {
  const { code, message } = e as { code?: string; message?: string };
  return (
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    /terminated early|Unexpected end of form|premature close/i.test(message ?? '')
  );
}

/** Reads and drops what is left of a refused upload's body, so the client receives its answer and the
 * connection can carry its next request (a keep-alive socket with an unread body would stall). A client
 * that keeps sending beyond the upload limit loses the connection instead. */
function discardRest(raw: IncomingMessage, maxBytes: number): void {
  if (raw.readableEnded || raw.destroyed) return;
  let dropped = 0;
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes + 64 * 1024) raw.socket?.destroy();
  });
  raw.resume();
}

/** The uploader's endpoint: stores a file under an unguessable server-made name (local disk or S3) and
 * records it; `/files/<yyyyMMdd>/<name>` serves it back with the type decided at upload, to those who
 * may see it (serveFiles). */
export function uploadRoutes(app: FastifyInstance, ctx: UploadServices): void {
  // What one user may upload a day: an upload that starts within the allowance completes.
  const quota = {
    bytes: new DailyQuota(ctx.store, 'upload-bytes', ctx.config.uploadQuotaMb * 1024 * 1024),
    files: new DailyQuota(ctx.store, 'upload-files', ctx.config.uploadQuotaFiles),
  };

  /** `attach`: put-file-attach records the file for 附件管理; put-file stores it without that row
   * (docs/api.md#files: `put-file` answers a BladeFile). */
  const upload = (attach: boolean) => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const file = await request
      .file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })
      .catch(() => undefined);
    if (!file) throw badRequest('请选择要上传的文件');
    try {
      const left = await Promise.all([
        quota.bytes.remaining(user.userId),
        quota.files.remaining(user.userId),
      ]);
      if (left.some((n) => n <= 0)) throw new ApiError(429, '今日上传的文件已达上限,请明天再试');
      const stored = await store(request, user, file, attach);
      await quota.bytes.add(user.userId, stored.bytes);
      await quota.files.add(user.userId, 1);
      return ok(stored.answer);
    } catch (e) {
      discardRest(request.raw, MAX_UPLOAD_BYTES);
      throw e;
    }
  };

  /** Checks the name and type, streams the file into the store and records it. */
  const store = async (request: FastifyRequest, user: AuthUser, file: MultipartFile, attach: boolean) => {
    const name = path.basename((file.filename || '').replace(/\\/g, '/'));
    // Control characters (NUL, line breaks) have no place in a name and the database refuses NUL.
    if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
      throw badRequest('文件名不能包含控制字符');
    const ext = extensionOf(name);
    // Long names are shortened, keeping their extension.
    const originalName =
      name.length <= MAX_NAME ? name : `${name.slice(0, MAX_NAME - ext.length - 1)}.${ext}`;
    const type = FILE_TYPES[ext];
    if (!type) throw badRequest(`不支持上传该类型的文件: ${ext || '无扩展名'}`);
    const day = formatDateTime().slice(0, 10).replace(/-/g, '');
    // the tenant's enabled 对象存储 configuration, else the server's own store
    const { store: files, prefix } = await ctx.stores.forUpload(user.tenantId);
    const stored = `${prefix}${day}/${randomBytes(16).toString('hex')}.${ext}`;
    // Streamed to the store as it arrives (never whole in memory), checked on the way: the first bytes
    // against the type, the size against the limit. A refused or broken upload leaves nothing stored.
    const inspector = new UploadInspector(type, {
      maxBytes: MAX_UPLOAD_BYTES,
      truncated: () => file.file.truncated,
    });
    try {
      await files.save(stored, file.file, inspector, type.mime);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      // The client went away or sent a broken body: nothing was stored.
      if (isClientStreamError(e)) throw badRequest('文件上传中断,请重新上传');
      request.log.error({ err: e }, 'file store refused an upload');
      throw new ApiError(503, '文件存储不可用,请检查对象存储配置后重试');
    }
    const link = `/files/${stored}`;
    if (!attach) return { answer: { link, domain: '', name: stored, originalName }, bytes: inspector.bytes };
    const id = nextId();
    const now = formatDateTime();
    const record = ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx
        .insertInto('blade_attach')
        .values({
          id,
          tenant_id: user.tenantId,
          link,
          domain_url: '',
          name: stored,
          original_name: originalName,
          extension: ext,
          content_type: type.mime,
          attach_size: inspector.bytes,
          create_user: user.userId,
          create_dept: user.deptIds[0] ?? null,
          create_time: now,
          update_user: user.userId,
          update_time: now,
        })
        .execute(),
    );
    // A file without its record would be stored for nobody: it goes if the record cannot be written.
    await record.catch(async (e: unknown) => {
      await files.remove(stored).catch(() => undefined);
      throw e;
    });
    return { answer: { link, domain: '', name: stored, originalName, attachId: id }, bytes: inspector.bytes };
  };
  const access = { config: { access: { token: true as const } } };
  app.post('/api/blade-resource/oss/endpoint/put-file-attach', access, upload(true));
  app.post('/api/blade-resource/oss/endpoint/put-file', access, upload(false));

  serveFiles(app, ctx);
}

/** `/files/<name>`: a stored file, to the holder of a link this server signed (file-links.ts) or to a
 * signed-in user of the file's tenant (a token header); anyone else is refused before the store is
 * asked. A name the uploader cannot have made is a 404, a store that fails a 503, never a 500. */
function serveFiles(app: FastifyInstance, ctx: UploadServices): void {
  const refuse = (reply: FastifyReply, code: 401 | 403 | 404 | 503, msg: string) =>
    reply.code(code).send(fail(code, msg));
  // `public`: the guard reads a token when one is sent, and refuses nobody itself
  app.get('/files/*', { config: { access: { public: true } } }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const type = FILE_TYPES[extensionOf(name)];
    if (!STORED_NAME.test(name) || !type) return refuse(reply, 404, '文件不存在');
    const verdict = ctx.links.verify(name, (request.query as Record<string, unknown>).sig);
    if (verdict !== 'valid') {
      if (!request.user) {
        if (verdict === 'expired') return refuse(reply, 403, '文件链接已过期,请刷新页面后重试');
        if (verdict === 'invalid') return refuse(reply, 403, '文件链接无效');
        return refuse(reply, 401, '请登录后访问文件');
      }
      if ((await ctx.stores.tenantOf(name)) !== request.user.tenantId)
        return refuse(reply, 403, '没有访问该文件的权限');
    }
    let file: Awaited<ReturnType<FileStore['get']>>;
    try {
      file = await (await ctx.stores.forName(name))?.get(name);
    } catch (e) {
      request.log.error({ err: e }, 'file store failed to serve a file');
      return refuse(reply, 503, '文件存储不可用,请稍后重试');
    }
    if (!file) return refuse(reply, 404, '文件不存在');
    return (
      reply
        .header('content-type', type.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', type.inline ? 'inline' : 'attachment')
        // Opened on its own, a file is a sandboxed document: no script, no form, no access to this origin.
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, max-age=86400')
        .send(file.body)
    );
  });
}

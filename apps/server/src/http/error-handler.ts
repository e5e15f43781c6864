import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError } from '../util/kv-store.js';
import { ApiError, fail, MSG } from './envelope.js';
import { setBaseHeaders } from './security-headers.js';
import type { SendShellPage } from './shell-page.js';

/** Fastify's `frameworkErrors`: failures before any route is found (a malformed percent-escape in the
 * path, an overlong path parameter) get the envelope and the security headers like every answer. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setBaseHeaders(reply, request.url);
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(fail(400, '请求地址格式错误'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(fail(414, '请求地址过长'));
    return;
  }
  request.log.error({ err: error }, 'framework error');
  reply.code(500).send(fail(500, MSG.serverError));
}

/** Maps every failure to the envelope: deliberate errors keep their code and message, framework
 * errors get a Chinese message, and anything unexpected is a generic 500 with details only in the log. */
export function installErrorHandling(app: FastifyInstance, shellPage?: SendShellPage): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.code).send(fail(error.code, error.message));
    }
    const status = (error as FastifyError).statusCode;
    if ((error as FastifyError).validation) return reply.code(400).send(fail(400, '参数校验失败'));
    if (status === 413) return reply.code(413).send(fail(413, MSG.tooLarge));
    if (status === 415) return reply.code(415).send(fail(415, MSG.mediaType));
    if (status === 405) return reply.code(405).send(fail(405, MSG.methodNotAllowed));
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(400).send(fail(400, MSG.badBody));
    }
    if (isBadValue(error)) {
      // A value the column cannot hold (text for a number, an out-of-range date): the client's mistake.
      request.log.warn({ err: error }, 'rejected value');
      return reply.code(400).send(fail(400, '请求参数格式错误,请检查输入的值'));
    }
    if (error instanceof StoreUnavailableError) {
      // Redis is away: a clean refusal the client may retry, never a 401 that ends the user's session
      request.log.error({ err: error }, 'shared store unavailable');
      return reply.code(503).send(fail(503, MSG.storeUnavailable));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send(fail(503, '数据库暂时不可用,请稍后再试'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(500, MSG.serverError));
  });

  // Unknown API paths are a 404 envelope; any other GET is a client route of the shell when it is built.
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/remotes/');
    if (shellPage && isPage) return shellPage(request, reply);
    return reply.code(404).send(fail(404, MSG.notFound));
  });
}

/** PostgreSQL class 22 (data exception): invalid text representation, out of range, bad datetime. */
function isBadValue(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** The database is down or restarting: refused or dropped connections, admin shutdown, starting up. */
function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (
    code &&
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003'].includes(
      code,
    )
  ) {
    return true;
  }
  return /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(
    message ?? '',
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/tokens.js';
import type { Services } from '../services.js';
import { formatDateTime } from '../util/datetime.js';
import { ApiError } from '../http/envelope.js';
import { serializeError } from '../http/error-log.js';
import { redactUrl } from '../http/request-log.js';

/** What the request log reads of the server's services (services.ts), handed down by buildApp. */
export type RequestLogServices = Pick<Services, 'db' | 'logs'>;

const clip = (v: unknown, n: number): string | null =>
  v === undefined || v === null ? null : String(v).slice(0, n);

/** The request's path and its query with every secret parameter redacted. */
const uriOf = (request: FastifyRequest) => {
  const url = redactUrl(request.url);
  const at = url.indexOf('?');
  return { path: at < 0 ? url : url.slice(0, at), query: at < 0 ? null : url.slice(at + 1) };
};

/** The columns every log row of a request carries. */
function requestColumns(request: FastifyRequest) {
  const { path, query } = uriOf(request);
  return {
    tenant_id: request.user?.tenantId ?? '000000',
    method: request.method.slice(0, 10),
    request_uri: clip(path, 255),
    user_agent: clip(request.headers['user-agent'], 1000),
    remote_ip: clip(request.ip, 255),
    method_name: clip(request.routeOptions.url, 255),
    params: clip(query, 4000),
    create_by: request.user?.account ?? null,
  };
}

/**
 * 接口日志 and 错误日志 of the server's own requests, queued after the answer (the writer writes them in
 * batches; a request never waits on its log). Every API call of a signed-in user lands in the API log
 * with its route as the title and its duration; an unexpected failure (anything but a deliberate
 * ApiError or a client's 4xx) lands in the error log with its stack.
 */
export function installRequestLogs(app: FastifyInstance, ctx: RequestLogServices): void {
  if (!ctx.logs.enabled) return;
  const activity = sessionActivity(ctx);
  app.addHook('onResponse', async (request, reply) => {
    if (!request.user || !request.url.startsWith('/api/')) return;
    activity(request.user);
    ctx.logs.push('blade_log_api', {
      ...requestColumns(request),
      type: reply.statusCode < 400 ? '1' : '2',
      title: clip(`${reply.statusCode} ${request.routeOptions.url ?? ''}`, 255),
      time: String(Math.round(reply.elapsedTime)),
    });
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof ApiError) return;
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status < 500) return;
    // a database error's message and stack without the row's values (http/error-log.ts)
    const safe = serializeError(error);
    const frame = /\((.*):(\d+):\d+\)/.exec(safe.stack);
    ctx.logs.push('blade_log_error', {
      ...requestColumns(request),
      exception_name: clip(safe.type, 255),
      message: clip(safe.message, 4000),
      stack_trace: clip(safe.stack, 20000),
      file_name: clip(frame?.[1], 1000),
      line_number: frame ? Number(frame[2]) : null,
    });
  });
}

/** How often a session's 最近活动 (在线用户) is written at most, per instance. */
const ACTIVITY_MS = 60_000;
const MAX_TRACKED = 10_000;

/** Notes that a session was active: its row's last_time is updated at most once a minute per instance,
 * after the answer and without waiting. */
function sessionActivity(ctx: RequestLogServices): (user: AuthUser) => void {
  const seen = new Map<string, number>();
  return (user) => {
    const now = Date.now();
    if (now - (seen.get(user.sid) ?? 0) < ACTIVITY_MS) return;
    if (seen.size >= MAX_TRACKED) seen.clear();
    seen.set(user.sid, now);
    void ctx.db
      .tx({ tenantId: user.tenantId }, (trx) =>
        trx
          .updateTable('blade_online_session')
          .set({ last_time: formatDateTime(new Date(now)) })
          .where('tenant_id', '=', user.tenantId)
          .where('session_id', '=', user.sid)
          .execute(),
      )
      .catch((err: unknown) => ctx.logs.logger?.warn({ err }, 'session activity not recorded'));
  };
}

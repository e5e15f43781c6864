import type { FastifyInstance } from 'fastify';
import { ApiError } from './envelope.js';

export const DRAINING_MSG = '服务正在停止,请稍后重试';

/** While the server drains for shutdown, every answer closes its connection, so an idle keep-alive
 * socket of a finished request does not hold the exit back for the keep-alive timeout. A request that
 * arrives during the drain on a connection still open (pipelined, or sent on a busy keep-alive socket)
 * is answered 503 in the envelope, with the security headers, by this hook: Fastify's own answer for
 * that case (`return503OnClosing`, switched off in app.ts) is a bare JSON body that bypasses every hook.
 * Requests already past this hook when the drain starts run to completion. */
export function installDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new ApiError(503, DRAINING_MSG);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

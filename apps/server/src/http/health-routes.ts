import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../services.js';
import { fail, ok } from './envelope.js';

/** What the health routes probe of the server's services (services.ts), handed down by buildApp. */
export type HealthServices = Pick<Services, 'db' | 'store'>;

/** Liveness (the process answers) and readiness (the database and shared store answer, and the server
 * is not shutting down), for load balancers and orchestrators. */
export function healthRoutes(app: FastifyInstance, ctx: HealthServices): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const pub = { config: { access: { public: true as const } } };
  app.get('/api/health', pub, async () => ok({ status: 'UP' }));
  app.get('/api/ready', pub, async (_request, reply) => {
    if (closing) return reply.code(503).send(fail(503, '服务正在停止'));
    try {
      await Promise.race([
        Promise.all([sql`select 1`.execute(ctx.db.kysely), ctx.store.get('ready-probe')]),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return ok({ status: 'READY', database: ctx.db.kind });
    } catch {
      return reply.code(503).send(fail(503, '数据库或缓存暂时不可用'));
    }
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../auth/guard.js';
import type { EngineContext } from './engine-context.js';
import type { ResourceEngine } from './resource-engine.js';

/** An extra wire verb of a resource, served at `${def.path}/<verb>`; handed the resource's engine, served
 * with the context `C` (engine/crud/resource-engine.ts). */
export interface VerbHandler<C extends EngineContext = EngineContext> {
  /** POST unless said otherwise */
  method?: 'GET' | 'POST';
  /** who may call it (the route's `config.access`, auth/guard.ts) */
  access: Access;
  handle(request: FastifyRequest, engine: ResourceEngine<C>): Promise<unknown>;
}

/** The extra wire verbs of a resource module, each at `${def.path}/<verb>` with its own access rule. */
export function verbRoutes<C extends EngineContext>(
  app: FastifyInstance,
  engine: ResourceEngine<C>,
  verbs: Record<string, VerbHandler<C>> = {},
): void {
  for (const [verb, handler] of Object.entries(verbs)) {
    app.route({
      method: handler.method ?? 'POST',
      url: `${engine.def.path}/${verb}`,
      config: { access: handler.access },
      ...engine.schemas.plain(verb),
      handler: (request) => handler.handle(request, engine),
    });
  }
}

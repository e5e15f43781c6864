import type { FastifyInstance } from 'fastify';
import type { VerbHandler } from '../module.js';
import type { ResourceEngine } from './resource-engine.js';

/** The extra wire verbs of a resource module, each at `${def.path}/<verb>` with its own access rule. */
export function verbRoutes(
  app: FastifyInstance,
  engine: ResourceEngine,
  verbs: Record<string, VerbHandler> = {},
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

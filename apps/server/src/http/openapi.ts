import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ResourceDef } from '@tongxin/resources';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The OpenAPI document, for administrators only (the guard's `role: 'administrator'`). */
export const OPENAPI_PATH = '/api/blade-system/openapi/json';
/** The reference page (swagger-ui): static and public; the document it shows comes from OPENAPI_PATH. */
export const OPENAPI_PAGE = '/docs';

/**
 * Collects the OpenAPI 3.1 document from the routes' schemas (engine/crud/route-schemas for every
 * generated route). Registered before any route. Only the API is described: the front end's pages and
 * assets are hidden. The document is built from definitions and route code alone, so it holds no
 * tenant's data.
 */
export async function collectOpenApi(
  app: FastifyInstance,
  defs: readonly Pick<ResourceDef, 'name' | 'path'>[],
): Promise<void> {
  // a resource's hand-written routes under its path (`param/detail-by-key`) join its generated ones
  const byPath = [...defs].sort((a, b) => b.path.length - a.path.length);
  const tagsOf = (url: string) => {
    const def = byPath.find((d) => url.startsWith(`${d.path}/`));
    return def ? [def.name] : undefined;
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tongxin API', version: '1.0.0', description: '同心 BladeX 兼容接口 (由资源定义生成)' },
      components: {
        securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } },
      },
      security: [{ bladeAuth: [] }],
    },
    exposeHeadRoutes: false,
    transform: ({ schema, url }) => ({
      schema: {
        ...schema,
        tags: schema?.tags ?? tagsOf(url),
        hide: Boolean(schema?.hide) || !url.startsWith('/api/'),
      },
      url,
    }),
  });
}

/** Sends the stored access token of the shell (`saber-token`, api-client storage.ts) with the page's
 * requests; serialized into the page's script by swagger-ui, so it must stand alone. */
function withShellToken(request: { headers: Record<string, string> }) {
  try {
    const raw = window.sessionStorage.getItem('saber-token') ?? window.localStorage.getItem('saber-token');
    const token = raw ? (JSON.parse(raw) as { content?: string }).content : undefined;
    if (token) request.headers['Blade-Auth'] = `bearer ${token}`;
  } catch {
    // no stored session: the document answers 401
  }
  return request;
}

declare const window: {
  sessionStorage: { getItem(key: string): string | null };
  localStorage: { getItem(key: string): string | null };
};

/** Serves the document to administrators and the reference page at /docs/ (open it while logged in to
 * the shell as the platform administrator). swagger-ui's own copies of the document (`/docs/json`,
 * `/docs/yaml`) redirect to the guarded route; the token travels with the page's requests. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  // The routes are fixed once the server is ready: the document (megabytes of JSON) is built and
  // serialized on its first request and answered as the same string after.
  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    { config: { access: { role: 'administrator' } }, schema: { hide: true } },
    (_request, reply) =>
      reply.type('application/json; charset=utf-8').send((document ??= JSON.stringify(app.swagger()))),
  );
  await app.register(swaggerUi, {
    routePrefix: OPENAPI_PAGE,
    // swagger-ui's types take only its documented options; a function is serialized like them
    uiConfig: { requestInterceptor: withShellToken } as unknown as Record<string, string>,
    uiHooks: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (/\/(json|yaml)$/.test(request.url.split('?')[0]!)) return reply.redirect(OPENAPI_PATH, 307);
      },
    },
  });
}

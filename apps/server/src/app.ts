import { randomBytes } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { CaptchaService } from './auth/captcha.js';
import { CurrentRoles } from './auth/current-roles.js';
import { installGuard } from './auth/guard.js';
import { LoginLockout } from './auth/lockout.js';
import { authRoutes } from './auth/routes.js';
import { TokenMarks } from './auth/token-marks.js';
import { TenantStates } from './auth/tenant-states.js';
import { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, PLATFORM_TENANT } from './db/database.js';
import { type FileStore, LocalFileStore, S3FileStore } from './files/file-store.js';
import { FileLinks, installFileLinks } from './files/file-links.js';
import { TenantStores } from './files/tenant-stores.js';
import { uploadRoutes } from './files/upload-routes.js';
import { installDrain } from './http/drain.js';
import { ALLOW_HOSTS_PARAM, OutboundPolicy } from './http/outbound.js';
import { parseAllowList } from './http/outbound-policy.js';
import { paramValue } from './db/params.js';
import { installJsonBodyParser } from './http/json-body.js';
import { lazyCompilers } from './http/lazy-compilers.js';
import { frameworkErrors, installErrorHandling } from './http/error-handler.js';
import { serializeError } from './http/error-log.js';
import { redactedLogPaths, serializeRequest } from './http/request-log.js';
import { hasShellBuild, serveFrontEnd } from './http/front-end.js';
import { healthRoutes } from './http/health-routes.js';
import { collectOpenApi, openApiRoutes } from './http/openapi.js';
import { shellPage } from './http/shell-page.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { cspSourcesOf, MenuStore } from './access/menu-store.js';
import { PermissionService } from './access/permissions.js';
import { defaultDomains } from './domains/index.js';
import { withAttachmentUses } from './engine/crud/attachment-uses.js';
import { FLOWS_AWAITING_DEFINITIONS } from './seed/flows.js';
import { DictCache } from './dicts/dict-cache.js';
import type { DictItem } from './dicts/dict-items.js';
import { Approvals } from './engine/approval/approvals.js';
import { ResourceEngines } from './engine/crud/resource-engines.js';
import type { DomainModule } from './engine/module.js';
import { serveResources } from './engine/serve-resources.js';
import { LogWriter } from './logs/log-writer.js';
import { installRequestLogs } from './logs/request-logs.js';
import { startLogRetention } from './logs/retention.js';
import { startLapseSweeps } from './engine/crud/lapses.js';
import { createStore, type KvStore } from './util/kv-store.js';
import { SharedVersion } from './util/shared-version.js';

export interface BuildOptions {
  config: Config;
  db: Database;
  store?: KvStore;
  files?: FileStore;
  /** false: no log; a stream: log lines go there (tests read them); else standard output. */
  logger?: boolean | { write: (line: string) => void };
  /** The domains served, each with its resources and routes (default: all four, domains/index.ts). */
  domains?: readonly DomainModule[];
}

/** The whole HTTP server: the BladeX API plus, when built, the shell and the remotes. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, db, domains = defaultDomains } = options;
  const store = options.store ?? createStore(config.redisUrl);
  // every resource with an upload field keeps where its records use attachments (engine/crud/attachment-uses.ts)
  const modules = withAttachmentUses(domains.flatMap((d) => d.resources));
  // filled by serveResources as each definition is served
  const resources = new ResourceEngines();
  const files =
    options.files ??
    (config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(path.join(config.dataDir, 'uploads')));
  // the operator's allow-list, then the platform parameter's, read at each check
  const outbound = new OutboundPolicy(parseAllowList(config.outboundAllowHosts.join(',')).entries, (reader) =>
    paramValue(reader ?? db.kysely, PLATFORM_TENANT, ALLOW_HOSTS_PARAM),
  );
  // main.ts always brings a key (JWT_SECRET or the one kept in DATA_DIR); an app built in process
  // without one (tests, benchmarks) signs with a random key of its own, never a known one.
  const signingKey = config.jwtSecret || randomBytes(32).toString('hex');
  // revocations and role changes: answered by the shared store, kept in the database too
  const marks = new TokenMarks(db, store);
  const ctx: AppContext = {
    config,
    db,
    store,
    tokens: new TokenService(signingKey, marks),
    roles: new CurrentRoles(db, marks),
    tenants: new TenantStates(db),
    captcha: new CaptchaService(store, config.captchaEnabled),
    lockout: new LoginLockout(store, {
      perAddress: config.loginMaxFailures,
      perAccount: config.loginAccountMaxFailures,
      addressAllAccounts: config.loginAddressMaxFailures,
      lockSeconds: config.loginLockSeconds,
    }),
    permissions: new PermissionService(db),
    grantsVersion: new SharedVersion(store, 'version:grants'),
    menus: new MenuStore(db),
    dicts: new DictCache<DictItem>(),
    files,
    stores: new TenantStores(db, files, config.dataDir, outbound),
    links: new FileLinks(signingKey),
    outbound,
    // the processes of the served definitions, plus those whose resource is not defined yet
    approvals: new Approvals(modules, FLOWS_AWAITING_DEFINITIONS, resources),
    resources,
    logs: new LogWriter(db, { enabled: config.dbLog, env: config.nodeEnv }),
  };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { err: serializeError, req: serializeRequest },
            redact: redactedLogPaths,
            ...(typeof options.logger === 'object' ? { stream: options.logger } : {}),
          },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Requests arriving while the server drains are answered by http/drain.ts (envelope + headers).
    return503OnClosing: false,
    frameworkErrors,
    // Route schemas (engine/crud/route-schemas) only check: the engine reads the request as sent (no
    // coercion, no defaults, nothing removed) and answers refusals with its own Chinese messages.
    schemaController: { compilersFactory: lazyCompilers() },
    ajv: {
      customOptions: {
        coerceTypes: false,
        useDefaults: false,
        removeAdditional: false,
        allowUnionTypes: true,
      },
    },
  });

  // JSON bodies nested too deep for any walker are refused before anything walks them.
  installJsonBodyParser(app);
  // Login and refresh calls may send form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const shell = hasShellBuild(config.staticRoot)
    ? shellPage(path.join(config.staticRoot, 'shell', 'dist'), config)
    : undefined;
  installErrorHandling(app, shell);
  installGuard(app, ctx);
  installSecurityHeaders(app, async () => ({
    ...cspSourcesOf(await ctx.menus.all()),
    dev: config.devRemoteOrigins,
  }));
  installDrain(app);
  // file links leave signed and come back unsigned (files/file-links.ts)
  installFileLinks(app, ctx.links);
  ctx.logs.logger = app.log;
  installRequestLogs(app, ctx);
  // the OpenAPI document is collected from every route registered from here on (http/openapi.ts)
  await collectOpenApi(
    app,
    modules.map((m) => m.def),
  );
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });

  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  uploadRoutes(app, ctx);
  // Every domain's resources with their behaviour (engine/serve-resources.ts), then its own routes.
  serveResources(app, ctx, modules);
  for (const d of domains) d.routes?.(app, ctx);
  await openApiRoutes(app);

  await serveFrontEnd(app, config.staticRoot, shell);
  const retention = startLogRetention(ctx);
  // states that follow time (a definition's `lapses`: a loan past its return becomes 逾期未还)
  const lapses = startLapseSweeps(ctx, modules);
  app.addHook('onClose', async () => {
    retention.stop();
    await lapses.stop();
    await ctx.logs.flush();
    await store.close();
  });
  return { app, ctx };
}

/** Fastify's trustProxy for TRUST_PROXY. Fastify 5.12 no longer honours a number (it fails closed, as a
 * hop count cannot tell a proxy from a client that sends enough X-Forwarded-For entries), so a hop count
 * becomes the proxy-addr function it used to be: the `hops` addresses nearest the server are proxies.
 * Use it only when nothing but the proxies can reach the port; a list of addresses is safer. */
function trustProxyOption(value: Config['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

import path from 'node:path';
import { buildApp } from './app.js';
import { JWT_SECRET_FILE, withJwtSecret } from './auth/jwt-secret.js';
import { loadConfig } from './config.js';
import { Database } from './db/database.js';
import { migrate } from './engine/schema/migrate.js';
import { defaultDomains } from './domains/index.js';
import { seedDemo } from './seed/demo.js';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, seed } from './seed/seed.js';

const DRAIN_SECONDS = 25;

async function main() {
  const configured = loadConfig();
  const config = withJwtSecret(configured);
  const db = await Database.open({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  const applied = await migrate(db);
  const seeded = await seed(db, config);
  const demo = config.seedDemo ? await seedDemo(db, defaultDomains) : { created: false };
  const { app } = await buildApp({ config, db });
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Tongxin (同心) is running at http://localhost:${config.port}/`,
    `  Database: ${where}; migrations applied now: ${applied.length}; menus added: ${seeded.menusAdded}`,
    `  Shared state: ${config.redisUrl ? 'Redis (REDIS_URL)' : 'in process memory'}; captcha ${config.captchaEnabled ? 'on' : 'off'}`,
    `  Token signing key: ${configured.jwtSecret ? 'JWT_SECRET' : `${path.join(config.dataDir, JWT_SECRET_FILE)} (generated once; set JWT_SECRET for several instances)`}`,
    ...(demo.created
      ? ['  Demo organisation seeded: demo users have the password 123456; tenant 100001 has admin / admin']
      : []),
    `  Admin login: tenant 000000, account ${ADMIN_ACCOUNT}, password ${seeded.createdPlatform ? ADMIN_PASSWORD : `${ADMIN_PASSWORD} (unless changed)`}`,
    '',
  ];
  console.log(lines.join('\n'));

  // SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (readiness answers 503
  // meanwhile), close the database, exit 0. A drain that outlasts the budget (below an orchestrator's
  // usual 30 s grace period) exits 1 instead of hanging.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: draining requests`);
    setTimeout(() => {
      console.error(`Shutdown: requests still running after ${DRAIN_SECONDS} s, exiting`);
      process.exit(1);
    }, DRAIN_SECONDS * 1000).unref();
    try {
      await app.close();
      await db.close();
    } catch (error) {
      console.error('Shutdown failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

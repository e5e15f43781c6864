import { sql } from 'kysely';
import type { Services } from '../services.js';
import { formatDateTime } from '../util/datetime.js';
import type { LogTable } from './log-writer.js';
import { PLATFORM_TENANT } from '../db/database.js';
import { wholeParam } from '../db/params.js';

/** What the retention sweep reads of the server's services (services.ts), handed down by buildApp. */
export type RetentionServices = Pick<Services, 'db' | 'logs'>;

/** The parameter (参数管理) naming how many days log rows are kept. */
export const RETENTION_PARAM = 'log.retentionDays';
const EVERY_MS = 60 * 60 * 1000;
const TABLES: LogTable[] = [
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'blade_log_login',
  'blade_log_audit',
];

/** The kept days: the platform's parameter when it is a positive whole number, else its default (90). */
const retentionDays = (ctx: RetentionServices) =>
  wholeParam(ctx.db.kysely, PLATFORM_TENANT, RETENTION_PARAM, [1, Number.MAX_SAFE_INTEGER]);

/** Deletes log rows older than the retention and the sessions past their expiry; returns rows deleted. */
export async function purgeLogs(ctx: RetentionServices, now = new Date()): Promise<number> {
  const days = await retentionDays(ctx);
  const cutoff = formatDateTime(new Date(now.getTime() - days * 24 * 3600 * 1000));
  let deleted = 0;
  await ctx.db.tx({ tenantId: '000000', allTenants: true }, async (trx) => {
    for (const table of TABLES) {
      const r = await trx
        .deleteFrom(table)
        .where('create_time', '<', sql<string>`${cutoff}::timestamp`)
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
    const s = await trx
      .deleteFrom('blade_online_session')
      .where('expire_time', '<', sql<string>`${formatDateTime(now)}::timestamp`)
      .executeTakeFirst();
    deleted += Number(s.numDeletedRows);
  });
  return deleted;
}

/** Runs the purge shortly after start and then hourly; a failure is logged and retried next time. */
export function startLogRetention(ctx: RetentionServices): { stop: () => void } {
  if (!ctx.logs.enabled) return { stop: () => undefined };
  const run = () =>
    purgeLogs(ctx)
      .then((deleted) => {
        if (deleted)
          ctx.logs.push('blade_log_usual', {
            tenant_id: '000000',
            log_level: 'info',
            log_id: 'log-retention',
            log_data: `按保留期删除日志 ${deleted} 条`,
          });
      })
      .catch((err: unknown) => ctx.logs.logger?.warn({ err }, 'log retention failed'));
  const first = setTimeout(run, 60_000).unref();
  const timer = setInterval(run, EVERY_MS).unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../services.js';
import { nextId } from '../db/ids.js';
import { formatDateTime } from '../util/datetime.js';
import type { AuthUser } from './tokens.js';

/** What the session list reads of the server's services (services.ts), handed down by buildApp. */
export type SessionServices = Pick<Services, 'db' | 'logs'>;

const clip = (v: unknown, n: number): string | null =>
  v === undefined || v === null || v === '' ? null : String(v).slice(0, n);
const inSeconds = (s: number) => formatDateTime(new Date(Date.now() + s * 1000));

type Subject = Pick<AuthUser, 'userId' | 'tenantId' | 'account' | 'nickName' | 'clientId'>;

/**
 * 登录日志 and 在线用户: every sign-in attempt is queued for the login log (never waited on); a successful
 * one opens a session row (one per `sid`, kept until logout, a forced logout or the refresh token's
 * expiry), written before the answer so the list shows it at once. The row also names the refresh token
 * the session accepts next (refresh rotation), so a sign-in whose row cannot be written fails.
 */
export class OnlineSessions {
  constructor(private readonly ctx: SessionServices) {}

  /** A sign-in attempt for the login log. */
  attempt(
    request: FastifyRequest,
    outcome: {
      tenantId: string;
      account: string;
      userId?: string;
      success: boolean;
      message: string;
      grant: string;
    },
  ): void {
    this.ctx.logs.push('blade_log_login', {
      tenant_id: clip(outcome.tenantId, 12) ?? '000000',
      account: clip(outcome.account, 64),
      user_id: outcome.userId ?? null,
      success: outcome.success ? 1 : 0,
      message: clip(outcome.message, 255),
      grant_type: clip(outcome.grant, 32),
      remote_ip: clip(request.ip, 255),
      user_agent: clip(request.headers['user-agent'], 1000),
    });
  }

  /** A session opened by a sign-in, alive as long as its refresh token, which is the one it accepts
   * next. Written before the answer: without its row, the session's refresh token would be refused. */
  async open(
    request: FastifyRequest,
    subject: Subject,
    tokens: { sid: string; refreshJti: string },
    refreshSeconds: number,
  ): Promise<void> {
    const now = formatDateTime();
    await this.ctx.db.autocommit({ tenantId: subject.tenantId }, (trx) =>
      trx
        .insertInto('blade_online_session')
        .values({
          id: nextId(),
          tenant_id: subject.tenantId,
          session_id: tokens.sid,
          refresh_jti: tokens.refreshJti,
          user_id: subject.userId,
          account: clip(subject.account, 64),
          nick_name: clip(subject.nickName, 64),
          client_id: clip(subject.clientId, 64),
          remote_ip: clip(request.ip, 255),
          user_agent: clip(request.headers['user-agent'], 1000),
          login_time: now,
          last_time: now,
          expire_time: inSeconds(refreshSeconds),
        })
        .execute(),
    );
  }

  /** A refresh: the session takes the new refresh token in place of the one presented, if that is the
   * one it accepts (a session opened before rotation was recorded accepts its first one); false when it
   * is not (used before) or the session is gone (logged out, forced out, expired). */
  async rotate(
    tenantId: string,
    sid: string,
    presentedJti: string,
    nextJti: string,
    refreshSeconds: number,
  ): Promise<boolean> {
    const result = await this.ctx.db.autocommit({ tenantId }, (trx) =>
      trx
        .updateTable('blade_online_session')
        .set({ refresh_jti: nextJti, last_time: formatDateTime(), expire_time: inSeconds(refreshSeconds) })
        .where('session_id', '=', sid)
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('refresh_jti', '=', presentedJti), eb('refresh_jti', 'is', null)]))
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) > 0;
  }

  /** A logout: the session is gone. */
  close(tenantId: string, sid: string): Promise<void> {
    return this.safely(
      this.ctx.db.autocommit({ tenantId }, (trx) =>
        trx
          .deleteFrom('blade_online_session')
          .where('session_id', '=', sid)
          .where('tenant_id', '=', tenantId)
          .execute(),
      ),
    );
  }

  /** The sessions of the tenant still alive now (the list's condition). */
  static alive() {
    return sql<boolean>`expire_time > ${formatDateTime()}::timestamp`;
  }

  private async safely(write: Promise<unknown>): Promise<void> {
    try {
      await write;
    } catch (err) {
      this.ctx.logs.logger?.warn({ err }, 'online session not recorded');
    }
  }
}

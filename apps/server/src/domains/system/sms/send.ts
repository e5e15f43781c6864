import { mobileRule, SMS_ENABLED } from '@tongxin/resources';
import type { AuthUser } from '../../../auth/tokens.js';
import type { AppContext } from '../../../context.js';
import type { Row } from '../../../db/database.js';
import { badRequest, notFound } from '../../../http/envelope.js';
import { withinRate } from '../../../util/rate-limit.js';
import { aliyunSms } from './aliyun.js';
import { configOf, SmsFailure, type SmsMessage, type SmsProvider } from './provider.js';
import { tencentSms } from './tencent.js';

/** Category 1 (仅记录日志): the message goes to the general log only. */
const logOnly: SmsProvider = { send: async () => undefined };
const PROVIDERS: Record<number, SmsProvider> = { 1: logOnly, 2: aliyunSms, 3: tencentSms };

/** At most this many messages to one number per window (every instance counts together). */
const PER_PHONE = 1;
const WINDOW_SECONDS = 60;
const MAX_PHONES = 50;

const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;

/** The numbers of a call: comma-separated, each a mainland mobile (the shared rule's messages). */
export function phonesOf(raw: unknown): string[] {
  const phones = [
    ...new Set(
      String(raw ?? '')
        .split(/[,，\s]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (!phones.length) throw badRequest('请输入手机号');
  if (phones.length > MAX_PHONES) throw badRequest(`一次最多发送${MAX_PHONES}个手机号`);
  for (const p of phones) {
    const problem = mobileRule.check(p, { zh: '手机号', en: 'Mobile' });
    if (problem) throw badRequest(`${problem.zh}: ${p}`);
  }
  return phones;
}

/** The template parameters: a JSON object (sent as text or as an object) of strings. */
export function paramsOf(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null || raw === '') return {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('短信参数格式错误,应为JSON对象');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('短信参数格式错误,应为JSON对象');
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

/** The tenant's configuration with this code, or its enabled one when no code is given. */
export async function configFor(ctx: AppContext, user: AuthUser, code: string | undefined): Promise<Row> {
  const row = await ctx.db.tx({ tenantId: user.tenantId }, (trx) => {
    let q = trx
      .selectFrom('blade_sms')
      .selectAll()
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0);
    q = code ? q.where('sms_code', '=', code) : q.where('status', '=', SMS_ENABLED);
    return q.executeTakeFirst();
  });
  if (!row) throw code ? notFound('短信配置不存在') : badRequest('未启用短信配置');
  return row;
}

/**
 * Sends one message through a configuration: every number within its rate, then the provider (a refusal
 * or a timeout is a 400 naming it); each send, sent or failed, lands in the general log with the numbers
 * masked.
 */
export async function sendSms(ctx: AppContext, user: AuthUser, row: Row, message: SmsMessage): Promise<void> {
  for (const p of message.phones)
    if (!(await withinRate(ctx.store, `sms:${p}`, PER_PHONE, WINDOW_SECONDS)))
      throw badRequest(`发送过于频繁,请稍后再试: ${masked(p)}`);
  const provider = PROVIDERS[Number(row.category)];
  if (!provider) throw badRequest('不支持的短信服务商');
  let failure: string | undefined;
  try {
    await provider.send(configOf(row), message, ctx.outbound);
  } catch (e) {
    if (!(e instanceof SmsFailure)) throw e;
    failure = e.message;
  }
  ctx.logs.push('blade_log_usual', {
    tenant_id: user.tenantId,
    log_level: failure ? 'error' : 'info',
    log_id: 'sms',
    log_data: `短信[${String(row.sms_code)}] 模板 ${String(row.template_id)} → ${message.phones.map(masked).join(',')}: ${failure ?? '发送成功'}`,
    create_by: user.account,
  });
  if (failure) throw badRequest(`短信发送失败: ${failure}`);
}

import { SMS_ENABLED } from '@tongxin/resources';
import { requireUser } from '../../../auth/guard.js';
import type { Row } from '../../../db/database.js';
import type { ResourceHooks } from '../../../engine/crud/hooks.js';
import type { ResourceBehaviour, VerbHandler } from '../../../engine/module.js';
import { badRequest, done, notFound } from '../../../http/envelope.js';
import { requestParams, selectedIds } from '../../../http/params.js';
import { oneEnabled } from '../one-enabled.js';
import { configFor, paramsOf, phonesOf, sendSms } from './send.js';

const LOG_ONLY = 1;
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** A provider's configuration names its keys, and its endpoint, when given, must be one the outbound
 * policy lets the server reach (else nothing is saved); the secret key is kept when an edit leaves it
 * empty. */
const smsHooks: ResourceHooks = {
  async beforeWrite({ ctx, trx }, values, existing) {
    const merged = { ...existing, ...values };
    if (Number(merged.category) !== LOG_ONLY) {
      if (blank(merged.access_key)) throw badRequest('请输入accessKey');
      if (blank(merged.secret_key) && blank(existing?.secret_key)) throw badRequest('请输入secretKey');
      if (Number(merged.category) === 3 && blank(merged.app_id)) throw badRequest('请输入应用ID');
      if (!blank(merged.endpoint) && !/^https?:\/\/\S+$/.test(String(merged.endpoint)))
        throw badRequest('接口地址应以 http:// 或 https:// 开头');
      if (!blank(merged.endpoint)) await ctx.outbound.checkUrl(String(merged.endpoint), trx);
    }
    if (existing && blank(values.secret_key)) delete values.secret_key;
  },
  afterTransition: oneEnabled('sms', SMS_ENABLED),
};

const oneId = (raw: Record<string, string | undefined>) => selectedIds(raw.id ?? raw.ids)[0]!;

/** 启用: the tenant's one configuration for messages sent without a code. */
const enable: VerbHandler = {
  access: { perm: 'sms_enable' },
  async handle(request, engine) {
    const user = requireUser(request);
    const id = oneId(requestParams(request));
    await engine.run(user, async (trx, base) => {
      const row = (await (await base()).selectAll().where('id', '=', id).executeTakeFirst()) as
        Row | undefined;
      if (!row) throw notFound();
      // the definition's `enable` transition (version, 操作审计; the others stop in afterTransition)
      await engine.transition(trx, user, id, 'enable');
    });
    return done('操作成功');
  },
};

/** 发送测试: the configuration's template to the numbers given, with empty parameters. */
const sendTest: VerbHandler = {
  access: { perm: 'sms_send' },
  async handle(request, engine) {
    const user = requireUser(request);
    const p = requestParams(request);
    const id = oneId(p);
    const row = (await engine.run(user, async (_trx, base) =>
      (await base()).selectAll().where('id', '=', id).executeTakeFirst(),
    )) as Row | undefined;
    if (!row) throw notFound();
    await sendSms(engine.ctx, user, row, { phones: phonesOf(p.phones), params: paramsOf(p.params) });
    return done('发送成功');
  },
};

/** endpoint/send-message (code, phones, params): through the configuration of that code, else the
 * tenant's enabled one. */
const sendMessage: VerbHandler = {
  access: { perm: 'sms_send' },
  async handle(request, engine) {
    const user = requireUser(request);
    const p = {
      ...requestParams(request),
      ...(request.body && typeof request.body === 'object' ? request.body : {}),
    } as Record<string, unknown>;
    const phones = phonesOf(p.phones);
    const params = paramsOf(p.params);
    const row = await configFor(engine.ctx, user, blank(p.code) ? undefined : String(p.code));
    await sendSms(engine.ctx, user, row, { phones, params });
    return done('发送成功');
  },
};

export const smsBehaviour: ResourceBehaviour = {
  hooks: smsHooks,
  verbs: { enable, 'send-test': sendTest, 'endpoint/send-message': sendMessage },
};

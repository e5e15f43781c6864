import { OSS_ENABLED } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import type { Row } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { storeOf } from '../../files/tenant-stores.js';
import { badRequest, done, notFound } from '../../http/envelope.js';
import { OutboundRefused } from '../../http/outbound.js';
import { requestParams, selectedIds } from '../../http/params.js';
import { oneEnabled } from './one-enabled.js';

const LOCAL = 1;
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** An S3-compatible configuration names its endpoint and bucket (the bucket's form is its field's rule);
 * the endpoint must be one the outbound policy lets the server reach (no internal address unless the
 * platform allows it), else nothing is saved. The secret key, never sent back, is kept when an edit
 * leaves it empty. */
const ossHooks: ResourceHooks = {
  async beforeWrite({ ctx, trx }, values, existing) {
    const merged = { ...existing, ...values };
    if (Number(merged.category) !== LOCAL) {
      if (blank(merged.endpoint)) throw badRequest('请输入资源地址');
      if (!/^https?:\/\/\S+$/.test(String(merged.endpoint)))
        throw badRequest('资源地址应以 http:// 或 https:// 开头');
      if (blank(merged.bucket_name)) throw badRequest('请输入空间名');
      await ctx.outbound.checkUrl(String(merged.endpoint), trx);
    }
    if (existing && blank(values.secret_key)) delete values.secret_key;
  },
  afterTransition: oneEnabled('oss', OSS_ENABLED),
};

/** The reason a store refused, in a line the screen can show: what an S3 store answered (no such bucket,
 * keys refused), else one message for every way of not answering (refused, timed out, another protocol),
 * so the probe tells nothing about what listens at an address beyond "not this store". */
const refusal = (e: unknown): string => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = err.$metadata?.httpStatusCode;
  if (status === 404 || err.name === 'NotFound' || err.name === 'NoSuchBucket') return '空间不存在';
  if (status === 403 || status === 401) return '访问密钥无效或无权访问该空间';
  return '无法访问资源地址,请检查地址和端口';
};

/** 启用: the configuration becomes the tenant's store for new uploads once it answers (a store that
 * refuses is named in the message and nothing changes); the tenant's other configurations stop. */
const enable: VerbHandler = {
  access: { perm: 'oss_enable' },
  async handle(request, engine) {
    const user = requireUser(request);
    const p = requestParams(request);
    const [id] = selectedIds(p.id ?? p.ids, '请选择要启用的配置');
    const row = (await engine.run(user, async (_trx, base) =>
      (await base()).selectAll().where('id', '=', id).executeTakeFirst(),
    )) as Row | undefined;
    if (!row) throw notFound();
    const { outbound } = engine.ctx;
    // an address the policy refuses is answered before any connection is tried
    if (Number(row.category) !== LOCAL) await outbound.checkUrl(String(row.endpoint ?? ''));
    try {
      await storeOf(row, engine.ctx.config.dataDir, outbound).probe();
    } catch (e) {
      if (e instanceof OutboundRefused) throw e;
      throw badRequest(`对象存储连接失败: ${refusal(e)}`);
    }
    // the definition's `enable` transition (version, 操作审计; the others stop in afterTransition)
    await engine.run(user, (trx) => engine.transition(trx, user, id!, 'enable'));
    return done('操作成功');
  },
};

export const ossBehaviour: ResourceBehaviour = { hooks: ossHooks, verbs: { enable } };

/** 纪检举报: the reporter's identity reaches only holders of `discipline_report_identity`; nobody else
 * sees it or can probe it with a filter. A report taken from the back office gets its number and time. */
import { randomInt } from 'node:crypto';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { forbidden } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';

export const IDENTITY_CODE = 'discipline_report_identity';
const IDENTITY = ['informantName', 'informantPhone', 'informantIdCard'];
/** The narrowing suffixes every filterable field answers (crud/filter-ops.ts). */
const SUFFIXES = ['', '_equal', '_notequal', '_null', '_notnull', '_gt', '_lt', '_ge', '_le', '_likeright'];
const PROBES = IDENTITY.flatMap((f) => SUFFIXES.map((s) => `${f}${s}`));

export const disciplineReportHooks: ResourceHooks = {
  async beforeWrite(_args, values, existing) {
    if (existing) return;
    const now = formatDateTime();
    values.report_time = now;
    values.report_no = `JJ${now.replace(/\D/g, '').slice(0, 12)}${String(randomInt(10000)).padStart(4, '0')}`;
    values.handle_status = 0;
  },
  params: PROBES,
  async filter({ ctx, user }, params) {
    if (Object.keys(params).length && !(await ctx.permissions.has(user, IDENTITY_CODE)))
      throw forbidden('无权查询举报人信息');
    return undefined;
  },
  async decorate({ ctx, user }, rows) {
    if (await ctx.permissions.has(user, IDENTITY_CODE)) return;
    for (const r of rows)
      for (const f of IDENTITY) if (r[f] !== undefined && r[f] !== null && r[f] !== '') r[f] = '***';
  },
};

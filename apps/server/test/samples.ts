import {
  acceptsWrites,
  checkValue,
  columnOf,
  type FieldDef,
  type ResourceDef,
  resources,
  RULE_CASES,
} from '@tongxin/resources';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { call, passApproval } from './harness.js';

const byName = new Map(resources.map((r) => [r.name, r]));

const at = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
};

/** Values a resource's own rules need beyond each field's (times in order, a window open now). */
const SAMPLE_OVERRIDES: Record<string, () => Record<string, unknown>> = {
  partyActivity: () => ({
    enrollStartTime: at(-1),
    enrollEndTime: at(10),
    startTime: at(20),
    endTime: at(21),
  }),
  partyAppraise: () => ({ appraiseYear: '2026', startTime: at(-1), endTime: at(30) }),
  solidarityActivity: () => ({
    enrollStartTime: at(-1),
    enrollEndTime: at(10),
    startTime: at(20),
    endTime: at(21),
  }),
};

/** Records a resource's own rules need made first, through the wire (an answer line needs a submitted
 * sheet of a running questionnaire with a question of it), or in a state only an approval reaches (an
 * enrolment's activity has passed 活动审核): values for the body, made afresh per call. */
const SAMPLE_SETUPS: Record<
  string,
  (app: FastifyInstance, token: string) => Promise<Record<string, unknown>>
> = {
  solidarityActivityUser: async (app, token) => {
    const activity = byName.get('solidarityActivity')!;
    const id = String(await freshRecord(app, token, activity));
    await passApproval(app, activity.table, id);
    return { activityId: id };
  },
  questionnaireAnswer: async (app, token) => {
    const post = async (url: string, body: unknown) => {
      const res = await call(app, token, 'POST', url, body);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
      return res.json().data?.id as string;
    };
    const questionnaireId = await post('/api/app-questionaire/questionaire/save', {
      title: `样例问卷${randomBytes(3).toString('hex')}`,
      questionnaireType: 1,
      scopeType: 0,
      startTime: at(-1),
      endTime: at(30),
      isAnonymous: 0,
      allowRepeat: 0,
    });
    const questionId = await post('/api/app-questionaire-question/questionairequestion/submit', {
      questionnaireId,
      sort: 1,
      questionType: 3,
      title: '您的建议',
      isRequired: 0,
    });
    await post(`/api/app-questionaire/questionaire/publish?ids=${questionnaireId}`, {});
    const sheet = await post('/api/app-questionaire2user/questionaire2user/answer', {
      questionnaireId,
      answers: [],
    });
    const appUserId = (
      await call(app, token, 'GET', `/api/app-questionaire2user/questionaire2user/detail?id=${sheet}`)
    ).json().data.appUserId;
    return { questionnaireUserId: sheet, questionnaireId, questionId, appUserId, answerText: '样例答案' };
  },
};

/** Options of a sample: `freshRefs` makes a new record for each required reference the caller may write
 * (so business rules keyed on the referenced record — one enrolment per activity, one article per
 * community — see a new one each call); it falls back to an existing record. */
export interface SampleOptions {
  freshRefs?: boolean;
}

/** An 18-digit id card with its check digit, different on every call. */
let cardSerial = 0;
function freshIdCard(): string {
  const n = cardSerial++;
  const day = String(1 + (Math.floor(n / 1000) % 28)).padStart(2, '0');
  const body17 = `1101051980${'03'}${day}${String(n % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body17].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return body17 + '10X98765432'[sum % 11]!;
}

async function freshRecord(app: FastifyInstance, token: string, target: ResourceDef): Promise<unknown> {
  const url = `${target.path}/${target.write === 'save-update' ? 'save' : 'submit'}`;
  return (await call(app, token, 'POST', url, await sampleBody(app, token, target))).json().data?.id;
}

/** A value that passes a field's rules; unique fields get a fresh value each call. */
export async function sampleValue(
  app: FastifyInstance,
  token: string,
  f: FieldDef,
  opts: SampleOptions = {},
): Promise<unknown> {
  const tag = randomBytes(3).toString('hex');
  const fit = (s: string) => (f.maxLength ? s.slice(0, f.maxLength) : s);
  if (f.defaultValue !== undefined && !f.unique) return f.defaultValue;
  if (f.options?.length) return f.options[0]!.value;
  if (f.dict) {
    const path = f.dict.biz ? 'dict-biz' : 'dict';
    const items = (
      await call(app, token, 'GET', `/api/blade-system/${path}/dictionary?code=${f.dict.code}`)
    ).json().data;
    if (items?.length) return items[0].dictKey;
  }
  switch (f.kind) {
    case 'int':
      return f.min ?? 1;
    case 'flag':
      return 0;
    case 'long':
      return '1';
    case 'decimal':
      return '1.5';
    case 'date':
      return '2026-01-02';
    case 'datetime':
      return '2026-01-02 03:04:05';
    case 'phone':
      return `138${String(parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`;
    case 'email':
      return `t${tag}@example.cn`;
    case 'idcard':
      return freshIdCard();
    case 'parent':
      return '0';
    case 'ref': {
      if (!f.ref) return undefined;
      const target = byName.get(f.ref.resource);
      const path = target?.path ?? `/api/blade-system/${f.ref.resource}`;
      if (opts.freshRefs && f.required && target && acceptsWrites(target)) {
        const made = await freshRecord(app, token, target);
        if (made) return made;
      }
      const rows = (await call(app, token, 'GET', `${path}/select`)).json().data ?? [];
      if (rows[0]?.id) return rows[0].id;
      // none (yet, or an earlier contract removed its record): make one of the referenced resource
      if (!target || !acceptsWrites(target)) return undefined;
      return freshRecord(app, token, target);
    }
    case 'files':
    case 'images':
      return JSON.stringify([{ originalName: 'a.png', link: '/files/20260101/a.png' }]);
    default: {
      if (f.pattern || f.rule) {
        const digits = `${parseInt(tag, 16)}`;
        for (const candidate of [
          `t${tag}`,
          `T${tag}`,
          tag,
          digits,
          `/t${tag}`,
          `#${tag}`,
          digits.padStart(15, '8'),
        ]) {
          if (!checkValue(f, fit(candidate)).problem) return fit(candidate);
        }
        // a value of the rules parity table (landlines and the like)
        if (f.rule) return RULE_CASES[f.rule].valid[0]![1];
      }
      return fit(f.unique ? `样例${tag}` : `样例${f.label.zh}`);
    }
  }
}

/** A body for a new record with every required field (and every field with a rule) filled. */
export async function sampleBody(
  app: FastifyInstance,
  token: string,
  def: ResourceDef,
  opts: SampleOptions = {},
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const made = (await SAMPLE_SETUPS[def.name]?.(app, token)) ?? {};
  for (const f of def.fields) {
    if (f.form === false) continue;
    // made by the resource's setup, with the records its rules need
    if (f.name in made) continue;
    if (f.kind === 'ref' && !f.required) continue;
    const v = await sampleValue(app, token, f, opts);
    if (v !== undefined) body[f.name] = v;
  }
  return { ...body, ...SAMPLE_OVERRIDES[def.name]?.(), ...made };
}

export const columnsOf = (def: ResourceDef) => def.fields.map(columnOf);

/** A party member of the admin's tenant (an 18-digit id card with its check digit, unique per call). */
let serial = 300;
export async function addMember(app: FastifyInstance, token: string, name: string): Promise<string> {
  const body17 = `11010519900101${String(serial++).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body17].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  const idCard = body17 + '10X98765432'[sum % 11]!;
  const def = byName.get('partyArchive')!;
  const url = `${def.path}/${def.write === 'save-update' ? 'save' : 'submit'}`;
  const res = await call(app, token, 'POST', url, { ...(await sampleBody(app, token, def)), name, idCard });
  if (res.statusCode !== 200) throw new Error(res.body);
  return String(res.json().data.id);
}

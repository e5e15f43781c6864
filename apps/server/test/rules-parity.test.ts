import {
  columnOf,
  PAGING_CASES,
  RULE_CASES,
  RULES_PARITY_RESOURCE as def,
  type RuleName,
  tenantResource,
  userResource,
} from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBody } from '../src/engine/crud/validate.js';
import { ApiError } from '../src/http/envelope.js';
import { parseListQuery } from '../src/http/list-query.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The rules parity table (packages/resources/src/rules/cases.ts) through the server's validation; the
// shared-ui test feeds the same table through the form rules and expects the same verdicts.

type Verdict = { value: unknown } | { message: string };

function serverVerdict(fieldName: string, input: string): Verdict {
  const field = def.fields.find((f) => f.name === fieldName)!;
  try {
    return { value: validateBody(def, { [fieldName]: input }, false)[columnOf(field)] };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    expect(e.code).toBe(400);
    return { message: e.message };
  }
}

const rules = Object.keys(RULE_CASES) as RuleName[];

describe.each(rules)('rule %s in validateBody', (rule) => {
  const cases = RULE_CASES[rule];

  it('accepts the valid values and stores their canonical form', () => {
    for (const [input, canonical] of cases.valid) {
      expect(serverVerdict(rule, input), input).toEqual({ value: canonical });
      expect(serverVerdict(`${rule}Required`, input), input).toEqual({ value: canonical });
    }
  });

  it('refuses the invalid values with the message of the first failure', () => {
    for (const [input, message] of cases.invalid) {
      expect(serverVerdict(rule, input), input).toEqual({ message });
      expect(serverVerdict(`${rule}Required`, input), input).toEqual({ message });
    }
  });

  it('stores a blank optional value as null and refuses it where required', () => {
    for (const blank of ['', '   ']) {
      expect(serverVerdict(rule, blank)).toEqual({ value: null });
      expect(serverVerdict(`${rule}Required`, blank)).toEqual({ message: cases.blank });
    }
  });
});

describe('paging', () => {
  it('reads current and size as the table says', () => {
    for (const [query, verdict] of PAGING_CASES) {
      let got: unknown;
      try {
        const { current, size } = parseListQuery(query, {}, { maxSize: 500 });
        got = { current, size };
      } catch (e) {
        got = (e as ApiError).message;
      }
      expect(got, JSON.stringify(query)).toEqual(verdict);
    }
  });
});

// The same rules through the real write routes of definitions using them: what is stored (and read
// back) is the canonical value, on PGlite and on PostgreSQL.
describe('through the write routes', () => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer();
    admin = await login(s.app);
  });
  afterAll(() => s.close());

  const firstId = async (path: string) =>
    (await call(s.app, admin, 'GET', `${path}/page`)).json().data.records[0].id as string;

  const cases: [RuleName, string, string][] = [
    ['mobile', userResource.path, 'phone'],
    ['email', userResource.path, 'email'],
    ['idCard', userResource.path, 'idCard'],
    ['telephone', tenantResource.path, 'contactNumber'],
  ];

  it.each(cases)('%s: %s field %s', async (rule, path, field) => {
    const id = await firstId(path);
    expect(id).toMatch(/^\d+$/);
    const write = async (value: string) => {
      const read = (await call(s.app, admin, 'GET', `${path}/detail?id=${id}`)).json().data;
      return call(s.app, admin, 'POST', `${path}/submit`, { ...read, [field]: value });
    };
    for (const [input, canonical] of RULE_CASES[rule].valid) {
      const res = await write(input);
      expect(res.statusCode, `${input}: ${res.body}`).toBe(200);
      // personal data answers masked: the stored value is read through the audited reveal
      const sensitive = userResource.fields.some((f) => f.name === field && f.sensitive);
      const url =
        sensitive && path === userResource.path ? `reveal?id=${id}&field=${field}` : `detail?id=${id}`;
      const stored = (await call(s.app, admin, 'GET', `${path}/${url}`)).json().data[field];
      expect(stored, input).toBe(canonical);
    }
    for (const [input, message] of RULE_CASES[rule].invalid) {
      const res = await write(input);
      expect(res.statusCode, input).toBe(400);
      expect(res.json().msg, input).toBe(message);
    }
  });
});

import { useEffect } from 'react';
import { cleanup, render } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { website } from '@tongxin/api-client';
import {
  MAX_PAGE_SIZE,
  PAGING_CASES,
  readPaging,
  RULE_CASES,
  RULES_PARITY_RESOURCE as def,
  type FieldDef,
  type RuleName,
} from '@tongxin/resources';
import { rulesOf, toWireValue, useRules } from '../src/resource/fields';

// The rules parity table (packages/resources/src/rules/cases.ts) through the form: antd's own
// validateFields running the rules `useRules` gives the record form, and the value the form would send.
// apps/server/test/rules-parity.test.ts feeds the same table through the server and expects the same.

let form: FormInstance;

function ParityForm({ onForm }: { onForm: (instance: FormInstance) => void }) {
  const [instance] = Form.useForm();
  useEffect(() => onForm(instance), [instance, onForm]);
  const rules = useRules();
  return (
    <Form form={instance}>
      {def.fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label.zh} rules={rules(f)}>
          <Input />
        </Form.Item>
      ))}
    </Form>
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  render(
    <ParityForm
      onForm={(instance) => {
        form = instance;
      }}
    />,
  );
});
afterAll(cleanup);

/** The form's verdict: the value it would send, or the first message antd shows. */
async function formVerdict(
  field: FieldDef,
  input: string,
): Promise<{ value: unknown } | { message: string }> {
  form.setFieldsValue({ [field.name]: input });
  try {
    const values = (await form.validateFields([field.name])) as Record<string, unknown>;
    const wire = toWireValue(field, values[field.name]);
    return { value: wire === '' ? null : wire };
  } catch (e) {
    const errors = (e as { errorFields?: { errors: string[] }[] }).errorFields;
    if (!errors) throw e;
    return { message: errors[0]!.errors[0]! };
  }
}

const fieldOf = (name: string) => def.fields.find((f) => f.name === name)!;
const rules = Object.keys(RULE_CASES) as RuleName[];

describe.each(rules)('rule %s in the form', (rule) => {
  const cases = RULE_CASES[rule];
  const optional = fieldOf(rule);
  const required = fieldOf(`${rule}Required`);

  it('accepts the valid values and sends their canonical form', async () => {
    for (const [input, canonical] of cases.valid) {
      expect(await formVerdict(optional, input), input).toEqual({ value: canonical });
      expect(await formVerdict(required, input), input).toEqual({ value: canonical });
    }
  });

  it('refuses the invalid values with the message of the first failure', async () => {
    for (const [input, message] of cases.invalid) {
      expect(await formVerdict(optional, input), input).toEqual({ message });
      expect(await formVerdict(required, input), input).toEqual({ message });
    }
  });

  it('lets a blank optional value through and refuses it where required', async () => {
    for (const blank of ['', '   ']) {
      expect(await formVerdict(optional, blank)).toEqual({ value: null });
      expect(await formVerdict(required, blank)).toEqual({ message: cases.blank });
    }
  });

  it('marks the required field and speaks English in English', async () => {
    const [rule0] = rulesOf(required, (m) => m.en);
    expect(rule0).toMatchObject({ required: true });
    const [bad] = cases.invalid[0]!;
    const validator = (rule0 as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
    await expect(validator({}, bad)).rejects.toThrow(/\S/);
    await expect(validator({}, bad)).rejects.not.toThrow(/[\u4e00-\u9fa5]/);
  });
});

describe('paging', () => {
  it('offers only page sizes the server answers as asked, and its default', () => {
    const [none, defaults] = PAGING_CASES[0]!;
    expect(readPaging(none)).toEqual({ paging: defaults });
    expect(website.pageSize).toBe((defaults as { size: number }).size);
    for (const size of website.pageSizes) {
      expect(size).toBeLessThanOrEqual(MAX_PAGE_SIZE);
      expect(readPaging({ size: String(size) }).paging?.size).toBe(size);
    }
  });
});

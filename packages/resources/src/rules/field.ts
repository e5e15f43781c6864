import type { FieldDef, FieldKind, Label } from '../define';
import { accountRule } from './account';
import { bucketNameRule } from './bucket-name';
import { emailRule } from './email';
import { geoPolygonRule } from './geo-polygon';
import { idCardRule } from './id-card';
import { idListRule } from './ids';
import { mobileRule } from './mobile';
import { passwordRule } from './password';
import { isBlank, type Rule } from './rule';
import { telephoneRule } from './telephone';
import { tenantIdRule } from './tenant-id';

/** Every named rule; a field names one with `rule`, or gets its kind's (KIND_RULES). */
export const RULES = {
  mobile: mobileRule,
  telephone: telephoneRule,
  idCard: idCardRule,
  email: emailRule,
  tenantId: tenantIdRule,
  account: accountRule,
  idList: idListRule,
  geoPolygon: geoPolygonRule,
  bucketName: bucketNameRule,
  password: passwordRule,
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

/** The rule each field kind implies: a `phone` is a mobile number; a landline field is a `string` with
 * `rule: 'telephone'`. Multiple references (`ref` with `multiple`) are id lists. */
export const KIND_RULES: Partial<Record<FieldKind, RuleName>> = {
  phone: 'mobile',
  idcard: 'idCard',
  email: 'email',
};

export function ruleNameOf(field: FieldDef): RuleName | undefined {
  if (field.rule) return field.rule;
  if (field.kind === 'ref' && field.ref?.multiple) return 'idList';
  return KIND_RULES[field.kind];
}

export const ruleOf = (field: FieldDef): Rule | undefined => {
  const name = ruleNameOf(field);
  return name ? RULES[name] : undefined;
};

const same = (text: string): Label => ({ zh: text, en: text });

/** The message of a required field left blank: the definition's own, else the rule's (手机号码不能为空),
 * else 请输入<label>. */
export function requiredMessage(field: FieldDef): Label {
  if (typeof field.required === 'string') return same(field.required);
  return ruleOf(field)?.empty ?? { zh: `请输入${field.label.zh}`, en: `Enter ${field.label.en}` };
}

/** A string value in its canonical form (the field rule's normaliser: trimmed, 15-digit id cards
 * upgraded, id lists without repeats); other values unchanged. */
export function normalizeValue(field: FieldDef, value: unknown): unknown {
  const normalize = ruleOf(field)?.normalize;
  return typeof value === 'string' && normalize ? normalize(value) : value;
}

function rangeProblem(field: FieldDef, n: number): Label | undefined {
  const { label, min, max } = field;
  if (min !== undefined && max !== undefined && (n < min || n > max))
    return { zh: `${label.zh}必须在${min}到${max}之间`, en: `${label.en} is between ${min} and ${max}` };
  if (min !== undefined && n < min)
    return { zh: `${label.zh}不能小于${min}`, en: `${label.en} is at least ${min}` };
  if (max !== undefined && n > max)
    return { zh: `${label.zh}不能大于${max}`, en: `${label.en} is at most ${max}` };
  return undefined;
}

export type Checked<T> = { value: T; problem?: undefined } | { problem: Label; value?: undefined };

/** What the server and the form both check on a value that is present (after the server has coerced it
 * to its kind): the field's rule on strings (normalised first), the maximum length in characters, the
 * range of numbers, the pattern. Answers the canonical value or the first problem; a value that
 * normalises to blank answers `value: null` (or the required message). */
export function checkValue(field: FieldDef, raw: string | number): Checked<string | number | null> {
  const value = normalizeValue(field, raw) as string | number;
  if (isBlank(value)) return field.required ? { problem: requiredMessage(field) } : { value: null };
  const problem =
    typeof value === 'number'
      ? rangeProblem(field, value)
      : (ruleOf(field)?.check(value, field.label) ??
        (field.maxLength && [...value].length > field.maxLength
          ? {
              zh: `${field.label.zh}长度不能超过${field.maxLength}个字符`,
              en: `${field.label.en} is at most ${field.maxLength} characters`,
            }
          : undefined));
  if (problem) return { problem };
  if (field.pattern && !new RegExp(field.pattern.regex).test(String(value)))
    return { problem: same(field.pattern.message) };
  return { value };
}

/** The form's verdict on a wire value (what the UI would send): blank → the required message when the
 * field is required; strings and numbers → `checkValue`. */
export function fieldProblem(field: FieldDef, wire: unknown): Label | undefined {
  if (isBlank(wire)) return field.required ? requiredMessage(field) : undefined;
  if (typeof wire === 'string' || typeof wire === 'number') return checkValue(field, wire).problem;
  return undefined;
}

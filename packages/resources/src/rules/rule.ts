import type { Label } from '../define';

/** A validation rule written once for the server and the UI. `check` answers the message of the first
 * failure (Chinese and English) or undefined; it is given the value after `normalize` and never a blank
 * one. `normalize` gives the canonical form the value is stored in. `empty` is the rule's own message for
 * a blank value where one is required (the spec's 手机号码不能为空). */
export interface Rule {
  check: (value: string, label: Label) => Label | undefined;
  normalize?: (value: string) => string;
  empty?: Label;
}

/** `<label>格式不正确`: the message of a value in the wrong shape. */
export const badFormat = (label: Label): Label => ({
  zh: `${label.zh}格式不正确`,
  en: `${label.en} is not valid`,
});

/** Absent, null, an empty or whitespace-only string, or an empty list. */
export const isBlank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** A rule from a regular expression: the value is trimmed, then must match. */
export const patternRule = (pattern: RegExp, message: (label: Label) => Label = badFormat): Rule => ({
  normalize: (v) => v.trim(),
  check: (v, label) => (pattern.test(v) ? undefined : message(label)),
});

/** Runs a rule on one raw value as a standalone check: blank answers the rule's `empty` message (else
 * `请输入<label>`), anything else its normalised verdict. */
export function problemOf(rule: Rule, raw: string, label: Label): Label | undefined {
  const value = rule.normalize ? rule.normalize(raw) : raw;
  if (isBlank(value)) return rule.empty ?? { zh: `请输入${label.zh}`, en: `Enter ${label.en}` };
  return rule.check(value, label);
}

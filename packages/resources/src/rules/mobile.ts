import type { Rule } from './rule';

/** The phone-helper messages (docs/domain-model.md#common-columns), word for word. */
export const MOBILE_MESSAGES = {
  empty: { zh: '手机号码不能为空', en: 'Enter a mobile number' },
  length: { zh: '手机号码长度不为11位', en: 'A mobile number has 11 digits' },
  format: { zh: '手机号码格式不正确', en: 'The mobile number is not valid' },
} as const;

/** Mainland mobile numbers: 11 digits, 1 then 3-9. The spec notes the original's format check "appears
 * inverted" (it refused good numbers); this one refuses bad ones. */
const MOBILE = /^1[3-9]\d{9}$/;

/** A mobile phone number (the `phone` field kind). */
export const mobileRule: Rule = {
  empty: MOBILE_MESSAGES.empty,
  normalize: (v) => v.trim(),
  check: (v) => {
    if ([...v].length !== 11) return MOBILE_MESSAGES.length;
    return MOBILE.test(v) ? undefined : MOBILE_MESSAGES.format;
  },
};

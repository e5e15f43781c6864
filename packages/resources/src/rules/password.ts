import type { Label } from '../define';
import type { Rule } from './rule';

/** The shortest password a person may choose (the forms check it: the wire carries only the md5). */
export const PASSWORD_MIN_LENGTH = 8;

/** A password being chosen: at least PASSWORD_MIN_LENGTH characters, taken as typed (never trimmed). The
 * server also refuses the most common passwords and the account's own name (it compares md5s). A value
 * sent already as an md5 (32 hex characters, what BladeX clients send) passes. */
export const passwordRule: Rule = {
  // as typed, except that nothing but spaces is no password at all (blank, as every field takes it)
  normalize: (v: string) => (v.trim() === '' ? '' : v),
  check: (v: string, label: Label) =>
    [...v].length >= PASSWORD_MIN_LENGTH
      ? undefined
      : {
          zh: `${label.zh}长度不能少于${PASSWORD_MIN_LENGTH}位`,
          en: `${label.en} needs at least ${PASSWORD_MIN_LENGTH} characters`,
        },
};

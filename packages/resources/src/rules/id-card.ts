import type { Label } from '../define';
import { badFormat, type Rule } from './rule';

/** GB 11643-1999 weights of the first 17 digits, and the check character by weighted sum mod 11. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character of the first 17 digits of a resident identity number. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

/** Legacy 15-digit numbers (issued before 1999: address, yyMMdd born in the 1900s, sequence, no check
 * digit) are accepted and upgraded the GB 11643 way: `19` before the year and the computed check digit,
 * so the 18-digit form is what the server stores and what the form shows after saving. A trailing `x`
 * is written `X`. */
export function normalizeIdCard(raw: string): string {
  const v = raw.trim().toUpperCase();
  if (!/^\d{15}$/.test(v)) return v;
  const first17 = `${v.slice(0, 6)}19${v.slice(6)}`;
  return first17 + idCardCheckDigit(first17);
}

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
};

/** A real calendar day from 1900-01-01 up to today, as yyyyMMdd. */
function isBirthDate(ymd: string): boolean {
  const [y, m, d] = [Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)), Number(ymd.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real && y >= 1900 && ymd <= today();
}

/** A resident identity card number (the `idcard` field kind): 18 digits (the last may be X) holding a
 * real date of birth and the GB 11643 check digit; 15-digit legacy numbers are upgraded first. */
export const idCardRule: Rule = {
  normalize: normalizeIdCard,
  check: (v, label: Label) => {
    if (!/^\d{17}[\dX]$/.test(v)) return badFormat(label);
    if (!isBirthDate(v.slice(6, 14)))
      return { zh: `${label.zh}的出生日期不正确`, en: `${label.en}: the date of birth is not valid` };
    if (idCardCheckDigit(v) !== v[17])
      return { zh: `${label.zh}的校验位不正确`, en: `${label.en}: the check digit is wrong` };
    return undefined;
  },
};

import { badRequest } from '../http/envelope.js';
import { isMd5Hex, md5Hex } from './passwords.js';

/** How many of the most common passwords (ranked by how often they appear in leaked password lists,
 * the list zxcvbn ships) a new password may not be. */
const COMMON_COUNT = 10_000;

/** Passwords common in Chinese leaks and among administrators of systems like this one, beyond the
 * general list (which already holds 123456, 111111, a123456, 5201314, qq123456, 1qaz2wsx, admin …). */
const MORE_COMMON = [
  'woaini1314',
  'woaini520',
  'woaini123',
  'aini1314',
  '1314520',
  '5211314',
  '7758521',
  '520520520',
  'xiazhili',
  'dearbook',
  '147258369',
  '741852963',
  '123456abc',
  '123456aa',
  '123321123',
  '110110110',
  'admin123',
  'admin888',
  'admin@123',
  'Admin@123',
  'root',
  'toor',
  'saber',
  'saber_secret',
  'bladex',
  'tongxin',
  'tongxin123',
];

/** The shortest passwords, which the server would otherwise miss (it sees only their md5): every single
 * printable character, every one or two lowercase letters or digits, every number of up to 4 digits. */
function shortest(): string[] {
  const out: string[] = [];
  for (let c = 33; c < 127; c++) out.push(String.fromCharCode(c));
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  for (const a of chars) for (const b of chars) out.push(a + b);
  for (let n = 0; n < 10_000; n++)
    out.push(String(n), String(n).padStart(3, '0'), String(n).padStart(4, '0'));
  return out;
}

let weakHashes: Promise<Set<string>> | undefined;
/** md5 of every refused password, made once per process on first use (the list is loaded only then). */
const refused = (): Promise<Set<string>> =>
  (weakHashes ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const common = (dictionary['passwords-common'] as string[]).slice(0, COMMON_COUNT);
    return new Set([...common, ...MORE_COMMON, ...shortest()].map(md5Hex));
  }));

export const WEAK_PASSWORD = '密码过于简单,请换一个不易被猜到的密码';
export const PASSWORD_IS_ACCOUNT = '密码不能与登录账号相同';

/**
 * A password someone chooses now (a new account, guest registration, a change of one's own password)
 * must not be one of the most common passwords nor the account's name. The client sends the md5 of the
 * password, so what is compared are md5s; a plain value (a form or an Excel import that sends it as
 * typed) is md5-ed first. Length rules live in the password forms (the server sees only the md5).
 * Passwords set without being chosen (the configured initial password of a reset, the seeded demo
 * accounts) are not checked here, and signing in never is.
 */
export async function assertStrongPassword(value: string, account: string): Promise<void> {
  const hash = isMd5Hex(value) ? value : md5Hex(value);
  const name = account.trim();
  if (name && (hash === md5Hex(name) || hash === md5Hex(name.toLowerCase())))
    throw badRequest(PASSWORD_IS_ACCOUNT);
  if ((await refused()).has(hash)) throw badRequest(WEAK_PASSWORD);
}

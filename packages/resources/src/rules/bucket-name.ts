import type { Label } from '../define';
import type { Rule } from './rule';

/** The S3 naming rules of a general purpose bucket (AWS; MinIO and Ceph follow them): 3 to 63 lowercase
 * letters, digits, dots and hyphens, starting and ending with a letter or digit, no two dots in a row,
 * not written as an IP address, none of the prefixes and suffixes AWS keeps for itself. The name is
 * part of every request path, so nothing else may pass (a `/` would address another bucket). */
const SHAPE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IP_FORM = /^\d{1,3}(\.\d{1,3}){3}$/;
const RESERVED_PREFIXES = ['xn--', 'sthree-', 'amzn-s3-demo-'];
const RESERVED_SUFFIXES = ['-s3alias', '--ol-s3', '.mrap', '--x-s3', '--table-s3'];

export const isBucketName = (v: string): boolean =>
  SHAPE.test(v) &&
  !v.includes('..') &&
  !IP_FORM.test(v) &&
  !RESERVED_PREFIXES.some((p) => v.startsWith(p)) &&
  !RESERVED_SUFFIXES.some((s) => v.endsWith(s));

const message = (label: Label): Label => ({
  zh: `${label.zh}格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾`,
  en: `${label.en} must be 3-63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit`,
});

/** A bucket name (对象存储 空间名), trimmed. */
export const bucketNameRule: Rule = {
  normalize: (v) => v.trim(),
  check: (v, label) => (isBucketName(v) ? undefined : message(label)),
};

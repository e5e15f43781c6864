import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Secrets at rest (data-source passwords, secret parameters): AES-256-GCM under a key derived from the
 * server's signing secret and the secret's purpose (`enc:<iv>.<tag>.<ciphertext>`, base64url). A value
 * without the prefix is read as it is (stored before it was sealed). */
export type SecretPurpose = 'datasource' | 'param';

const keyOf = (secret: string, purpose: SecretPurpose) =>
  createHash('sha256').update(`tongxin-${purpose}:${secret}`).digest();

export const isSealed = (value: string): boolean => value.startsWith('enc:');

export function seal(plain: string, secret: string, purpose: SecretPurpose = 'datasource'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `enc:${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
}

export function open(sealed: string, secret: string, purpose: SecretPurpose = 'datasource'): string {
  if (!isSealed(sealed)) return sealed;
  const [iv, tag, body] = sealed
    .slice(4)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

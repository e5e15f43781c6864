import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Data-source passwords at rest: AES-256-GCM under a key derived from the server's signing secret
 * (`enc:<iv>.<tag>.<ciphertext>`, base64url). */
const keyOf = (secret: string) => createHash('sha256').update(`tongxin-datasource:${secret}`).digest();

export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `enc:${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
}

export function open(sealed: string, secret: string): string {
  if (!sealed.startsWith('enc:')) return sealed;
  const [iv, tag, body] = sealed
    .slice(4)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

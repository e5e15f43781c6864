import { createHash, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../util/semaphore.js';

// OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane. Algorithm 2 = argon2id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/** Hashes and verifications run one per core at most. argon2id is CPU- and memory-bound by design: more at
 * once (libuv's pool would run four, each with its own 19 MiB) only adds memory and stretches every
 * login's latency, and starves the pool's other users (file reads, uploads). Waiters queue in order. */
export const passwordHashing = new Semaphore(Math.max(1, availableParallelism()));

/** The client sends md5(password) as lowercase hex; that value is what we hash with argon2id. */
export const md5Hex = (plain: string) => createHash('md5').update(plain, 'utf8').digest('hex');
export const isMd5Hex = (v: string) => /^[0-9a-f]{32}$/.test(v);

export function hashPassword(clientHash: string): Promise<string> {
  return passwordHashing.run(() => hash(clientHash, OPTIONS));
}

/** Whether `clientHash` (the client's md5, lowercase hex) is the one `stored` was made from. Anything
 * that is not an md5 is checked all the same (and fails), so every refusal costs one argon2 verification. */
export async function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  try {
    const matches = await passwordHashing.run(() => verify(stored, clientHash));
    return matches && isMd5Hex(clientHash);
  } catch {
    return false;
  }
}

let standIn: Promise<string> | undefined;
/** The hash an unknown account is checked against: made once per process from a random value no client
 * can send, with the same parameters as every stored hash, so the check takes the same time. */
export const standInHash = (): Promise<string> => (standIn ??= hash(`stand-in ${randomUUID()}`, OPTIONS));

/** Stored client secrets are sha256 hashes; compare in constant time. */
export const hashClientSecret = (secret: string) =>
  `sha256:${createHash('sha256').update(secret).digest('hex')}`;

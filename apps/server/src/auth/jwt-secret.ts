import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertSafeSecrets, type Config } from '../config.js';

/** The generated signing key's file in DATA_DIR. */
export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The configuration with its signing key: JWT_SECRET when set, else the key kept in DATA_DIR, generated
 * (48 random bytes, file mode 0600) on the first start and reused on every later one, so tokens survive
 * restarts and nobody shares a key with another installation. Production never gets here without
 * JWT_SECRET (config.ts). A kept key that is short or the shipped value is refused like a configured one.
 */
export function withJwtSecret(config: Config): Config {
  if (config.jwtSecret) return config;
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  let secret = readKept(file);
  if (secret === undefined) {
    generate(config.dataDir, file);
    secret = readKept(file);
    if (secret === undefined) throw new Error(`${file} is empty: remove it to generate a new key`);
  }
  const resolved = { ...config, jwtSecret: secret };
  assertSafeSecrets(resolved);
  return resolved;
}

/** Written whole to a private temporary file, then linked into place: of two processes starting on one
 * folder, the second finds the first one's complete key and keeps it. */
function generate(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true });
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  try {
    writeFileSync(partial, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    linkSync(partial, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(partial, { force: true });
  }
}

function readKept(file: string): string | undefined {
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    chmodSync(file, 0o600); // whatever a copy or a restore left, only the owner reads it
  } catch {
    // not ours to change (a read-only mount): it is read as it is
  }
  return secret || undefined;
}

/** Short-lived signed links to stored files. A stored file is served to whoever holds a link signed by
 * this server (`/files/<name>?sig=<expiry>.<mac>`) or to a signed-in user of the file's tenant; nobody
 * else reaches the store. Links are signed where answers leave the server (every JSON answer: upload
 * answers, upload fields, avatars, rich text) and unsigned where requests come in, so stored values
 * never hold a signature and a fresh read always signs again.
 *
 * One query parameter (`sig`) rather than two: a link then needs no `&`, which rich text would store as
 * `&amp;` and JSON strings inside HTML would escape differently. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A name the uploader made: `yyyyMMdd/<hex>.<ext>`, under `o<ossId>/` when an 对象存储 configuration
 * holds it (tenant-stores.ts). */
export const STORED_NAME = /^(?:o\d{1,20}\/)?\d{8}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;
/** A link to a stored name anywhere in a text, with the signature it may carry (replaced or removed). */
const LINK = /\/files\/((?:o\d{1,20}\/)?\d{8}\/[0-9a-f]{32}\.[a-z0-9]{1,5})(?:\?sig=[\w.-]*)?(?![\w./?-])/g;
const SIGNED_LINK = /\/files\/(?:o\d{1,20}\/)?\d{8}\/[0-9a-f]{32}\.[a-z0-9]{1,5}\?sig=/;

/** A link lives at least an hour; links made within the same half hour are the same (browsers cache). */
const LIFETIME_SECONDS = 3600;
const WINDOW_SECONDS = 1800;
const MAC_LENGTH = 32;

export type LinkVerdict = 'valid' | 'expired' | 'invalid' | 'missing';

export class FileLinks {
  private readonly key: Buffer;

  /** `secret`: the server's signing secret (JWT_SECRET); the links' key is derived from it, so every
   * instance signs and accepts the same links. */
  constructor(
    secret: string,
    private readonly nowMs: () => number = () => Date.now(),
  ) {
    this.key = createHmac('sha256', secret).update('tongxin:file-links').digest();
  }

  private mac(name: string, expiry: number): string {
    return createHmac('sha256', this.key)
      .update(`${name}\n${expiry}`)
      .digest('base64url')
      .slice(0, MAC_LENGTH);
  }

  /** The `sig` of a stored name: its expiry (seconds) and the MAC of both. */
  signature(name: string): string {
    const now = Math.floor(this.nowMs() / 1000);
    const expiry = (Math.floor(now / WINDOW_SECONDS) + 1) * WINDOW_SECONDS + LIFETIME_SECONDS;
    return `${expiry}.${this.mac(name, expiry)}`;
  }

  verify(name: string, sig: unknown): LinkVerdict {
    if (sig === undefined || sig === '') return 'missing';
    const match = typeof sig === 'string' ? /^(\d{1,12})\.([\w-]+)$/.exec(sig) : null;
    if (!match) return 'invalid';
    const expiry = Number(match[1]);
    const expected = Buffer.from(this.mac(name, expiry));
    const given = Buffer.from(match[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expiry * 1000 < this.nowMs() ? 'expired' : 'valid';
  }

  /** Every link to a stored file in `text`, signed now (a signature it carried replaced). */
  sign(text: string): string {
    if (!text.includes('/files/')) return text;
    return text.replace(LINK, (_all, name: string) => `/files/${name}?sig=${this.signature(name)}`);
  }

  /** Every link to a stored file in `text` without its signature: the value as it is stored. */
  static strip(text: string): string {
    if (!SIGNED_LINK.test(text)) return text;
    return text.replace(LINK, (_all, name: string) => `/files/${name}`);
  }
}

/** Removes link signatures from every string of a parsed body or query, in place. Iterative, so a body
 * nested however deep never exhausts the stack here. */
export function stripSignatures(root: unknown): void {
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (!value || typeof value !== 'object') continue;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item === 'string') {
        const stripped = FileLinks.strip(item);
        if (stripped !== item) record[key] = stripped;
      } else if (item && typeof item === 'object') pending.push(item);
    }
  }
}

/** JSON answers leave with their file links signed; bodies and queries arrive with them unsigned. */
export function installFileLinks(app: FastifyInstance, links: FileLinks): void {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') stripSignatures(request.body);
    else if (typeof request.body === 'string') request.body = FileLinks.strip(request.body);
    if (request.query && typeof request.query === 'object') stripSignatures(request.query);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !payload.includes('/files/')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    return type.includes('json') ? links.sign(payload) : payload;
  });
}

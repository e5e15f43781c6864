import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { KvStore } from '../util/kv-store.js';

const TTL_SECONDS = 300;

export class CaptchaService {
  constructor(
    private readonly store: KvStore,
    readonly enabled: boolean,
  ) {}

  /** A 5-character image captcha as a data URL plus the key the client sends back. */
  async create(): Promise<{ key: string; image: string; captchaEnabled: boolean }> {
    if (!this.enabled) return { key: '', image: '', captchaEnabled: false };
    const c = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0o1il', width: 130, height: 48 });
    const key = randomUUID();
    await this.store.set(`captcha:${key}`, c.text.toLowerCase(), TTL_SECONDS);
    return {
      key,
      image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`,
      captchaEnabled: true,
    };
  }

  /** One-time check: the stored code is deleted whether or not the answer is right. */
  async check(key: string, code: string): Promise<boolean> {
    if (!key || !code) return false;
    const expected = await this.store.take(`captcha:${key}`);
    return expected !== null && expected === code.trim().toLowerCase();
  }
}

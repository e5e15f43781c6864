import type { IncomingHttpHeaders } from 'node:http';
import { resources, sensitiveFields } from '@tongxin/resources';

/** What stands in the log for a secret. */
export const REDACTED = '[REDACTED]';

/** Query parameters that carry a secret: the login's md5 password and a password change's (oldPassword,
 * newPassword, newPassword1), refresh and access tokens, a download's `blade-auth` token, captcha codes,
 * a client secret, a file link's signature (`sig`, files/file-links.ts). Matched on the decoded name. */
const SECRET_PARAM = /password|secret|token|captcha|^blade-auth$|^sig$/i;

/** Headers that carry a secret, should a log line ever include a request's headers (pino `redact`). */
const SECRET_HEADERS = ['authorization', 'blade-auth', 'captcha-code', 'cookie'];

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Personal data a query may carry, whatever the route: the names of the fields definitions mark
 * sensitive (with or without a filter suffix, in any case: `idCard_equal`, `idcard`), any name speaking
 * of an id card, a phone or a mobile, and values shaped like a resident identity number (18 digits with a
 * date of birth, the last may be X; or the 15-digit legacy form) or a mainland mobile number. */
const PERSONAL_NAMES = new Set(
  resources
    .flatMap((def) =>
      sensitiveFields(def).flatMap((f) =>
        [f.name, ...(f.compare?.keys.filter((k) => k.sensitive) ?? [])].map(String),
      ),
    )
    .map((n) => n.toLowerCase()),
);
const PERSONAL_NAME = /id_?card|phone|mobile/i;
const DATE = '(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])';
const PERSONAL_VALUE = new RegExp(
  [`\\d{6}(?:18|19|20)\\d{2}${DATE}\\d{3}[\\dXx]`, `\\d{8}${DATE}\\d{3}`, '1[3-9]\\d{9}']
    .map((p) => `(?<![0-9])${p}(?![0-9])`)
    .join('|'),
);

const isPersonalName = (name: string) => {
  const field = name.replace(/_[a-z]+$/, '').toLowerCase();
  return PERSONAL_NAME.test(name) || PERSONAL_NAMES.has(field);
};

/** Whether a query parameter's value (decoded) holds an identity number or a mobile number. */
export const holdsPersonalValue = (value: string): boolean => PERSONAL_VALUE.test(decodedName(value));

/** The URL with the value of every secret query parameter and of every one carrying personal data
 * replaced; the rest is left as it came. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const decoded = decodedName(name);
      const hidden =
        SECRET_PARAM.test(decoded) ||
        (eq >= 0 && (isPersonalName(decoded) || holdsPersonalValue(pair.slice(eq + 1))));
      return hidden ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/** What the serializer reads of a request (Fastify hands it the FastifyRequest). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The logger's `req` serializer: Fastify's own fields, with the secrets of the URL redacted (the
 * request log writes every URL at info level). Headers are not logged. */
export function serializeRequest(req: LoggedRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    version: Array.isArray(version) ? version[0] : version,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** pino's `redact`: the secret headers wherever a log line carries a request's headers. */
export const redactedLogPaths = {
  paths: SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`]),
  censor: REDACTED,
};

import type { IncomingHttpHeaders } from 'node:http';

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

/** The URL with the value of every secret query parameter replaced; the rest is left as it came. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
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

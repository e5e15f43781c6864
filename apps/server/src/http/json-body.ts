import type { FastifyInstance } from 'fastify';
import { ApiError, MSG } from './envelope.js';

/** Deeper than any body a screen or a BladeX client sends (a record, a list of records, a form's
 * JSON field); far below what recursive code (JSON.stringify, validators, log redaction) can walk. */
export const MAX_JSON_DEPTH = 64;

/** How deep `text`'s arrays and objects nest, counted without parsing (brackets inside strings do not
 * count); stops counting once past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** JSON bodies are parsed as Fastify does (prototype poisoning refused), after a check of their nesting:
 * a body nested deeper than MAX_JSON_DEPTH is a 400, before anything walks it (a body nested 10,000 deep
 * would overflow the stack of the first recursive walker and answer a 500). */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new ApiError(400, MSG.tooDeep), undefined);
      return;
    }
    parse(request, text, done);
  });
}

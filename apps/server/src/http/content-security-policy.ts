/** Where the shell's pages may load from besides this origin. */
export interface CspSources {
  /** Origins of the remote entries registered on menus: a remote's code, manifest, styles, fonts and
   * images come from there. */
  remotes: readonly string[];
  /** Origins of the external pages menus open inside a tab (/myiframe). */
  frames: readonly string[];
  /** DEV_REMOTE_ORIGINS: local dev servers a developer may point the shell at (remotes, plus their
   * live-reload socket). */
  dev?: readonly string[];
}

const list = (sources: readonly string[]) => (sources.length ? ` ${sources.join(' ')}` : '');

/** The Content-Security-Policy of the shell's pages (and of the remotes' files). What the product needs,
 * nothing more:
 * - scripts, fetches, styles, fonts and images from this origin and from the origins of the remote
 *   entries administrators registered on menus (Module Federation loads a remote's manifest with fetch
 *   and its code with script tags; a remote's CSS links its fonts and images on its own origin); no
 *   inline script, no eval;
 * - inline styles: antd's css-in-js inserts <style> elements and bpmn-js sets style attributes;
 * - images also from data: (the login captcha), blob: (diagram exports) and https: (avatars may be
 *   links to other sites);
 * - frames of this origin and of the external pages menus name (opened in a tab by /myiframe);
 * - nothing embedded as a plugin, no <base> to another site, forms posting here only, framed only by this
 *   origin (as X-Frame-Options SAMEORIGIN). */
export function contentSecurityPolicy({ remotes, frames, dev = [] }: CspSources): string {
  const code = [...new Set([...remotes, ...dev])];
  const sockets = dev.map((origin) => origin.replace(/^http/i, 'ws'));
  return [
    "default-src 'self'",
    `script-src 'self'${list(code)}`,
    `connect-src 'self'${list([...code, ...sockets])}`,
    `style-src 'self' 'unsafe-inline'${list(code)}`,
    `img-src 'self' data: blob: https:${list(code)}`,
    `font-src 'self' data:${list(code)}`,
    `frame-src 'self'${list(frames)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The origins (`https://host[:port]`) of absolute http(s) URLs; relative ones are this origin. */
export function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL: the menu form refuses those, nothing to allow
    }
  }
  return [...origins].sort();
}

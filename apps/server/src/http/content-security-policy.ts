/** The Content-Security-Policy of the shell's pages (and of the remotes' files). What the product needs,
 * nothing more:
 * - scripts and their fetches from this origin, plus the origins of the remote entries administrators
 *   registered on menus (Module Federation loads a remote's manifest with fetch and its code with script
 *   tags); no inline script, no eval;
 * - inline styles: antd's css-in-js inserts <style> elements and bpmn-js sets style attributes;
 * - images from this origin, data: (the login captcha), blob: (diagram exports) and https: (avatars may
 *   be links to other sites);
 * - nothing embedded as a plugin, no <base> to another site, forms posting here only, framed only by this
 *   origin (as X-Frame-Options SAMEORIGIN). */
export function contentSecurityPolicy(remoteOrigins: readonly string[]): string {
  const remotes = remoteOrigins.length ? ` ${remoteOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${remotes}`,
    `connect-src 'self'${remotes}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The origins (`https://host[:port]`) of absolute remote entry URLs; relative entries are this origin. */
export function originsOf(entries: readonly (string | null)[]): string[] {
  const origins = new Set<string>();
  for (const entry of entries) {
    if (!entry || !/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // not a URL: the menu form refuses those, nothing to allow
    }
  }
  return [...origins].sort();
}

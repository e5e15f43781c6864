import { BROWSER_CLIENT_META } from '@tongxin/resources';
import { website } from '../config';

const fromPage = (name: string): string | undefined =>
  globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;

/** The browser's OAuth client: the one the server named in the page (it writes CLIENT_ID and
 * CLIENT_SECRET into the shell's index.html), else the built-in default (a remote opened standalone
 * in development, whose page the server did not serve). */
export const browserClient = (): { clientId: string; clientSecret: string } => ({
  clientId: fromPage(BROWSER_CLIENT_META.clientId) ?? website.clientId,
  clientSecret: fromPage(BROWSER_CLIENT_META.clientSecret) ?? website.clientSecret,
});

/** Base64 of the UTF-8 bytes (the server decodes the Basic credentials as UTF-8; `btoa` alone throws on
 * anything beyond Latin-1). */
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** `Basic base64(clientId:clientSecret)`. */
export const basicClientHeader = (): string => {
  const { clientId, clientSecret } = browserClient();
  return `Basic ${base64(`${clientId}:${clientSecret}`)}`;
};

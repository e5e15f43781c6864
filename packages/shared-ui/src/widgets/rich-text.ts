/**
 * Rich text on the client: stored HTML is shown only after this allow-list walk, which builds new nodes
 * from the browser's own inert parse (a template) — no string is ever handed to innerHTML, so nothing the sanitiser
 * did not create reaches the page. The server stores rich text sanitised too (apps/server
 * src/crud/rich-text.ts, the same allow-list); this protects against rows written some other way.
 */
import { RICH_TEXT_ALIGN, RICH_TEXT_ALIGNED, RICH_TEXT_SPAN, RICH_TEXT_TAGS } from '@tongxin/resources';

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const ALIGNED = new Set<string>(RICH_TEXT_ALIGNED);
/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'noscript',
  'textarea',
  'select',
  'title',
  'head',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
]);

/** http(s) and mailto, or a path on this site (`/files/...`); never `javascript:`, `data:`, `//host`. */
export function safeUrl(raw: string, forImage = false): string | undefined {
  const url = raw.trim();
  if (/^\/(?!\/)/.test(url)) return url;
  if (/^https?:\/\//i.test(url)) return url;
  if (!forImage && /^mailto:/i.test(url)) return url;
  return undefined;
}

/** The attributes `el` keeps on `out`: a link's safe href, an image's safe src and alt, a cell's spans, a
 * block's text-align (the one style allowed). */
function copyAttributes(tag: string, el: Element, out: Element): void {
  if (tag === 'a') {
    const href = safeUrl(el.getAttribute('href') ?? '');
    if (href) out.setAttribute('href', href);
    if (el.getAttribute('target')) out.setAttribute('target', '_blank');
    out.setAttribute('rel', 'noopener noreferrer');
  } else if (tag === 'img') {
    const src = safeUrl(el.getAttribute('src') ?? '', true);
    if (src) out.setAttribute('src', src);
    const alt = el.getAttribute('alt');
    if (alt) out.setAttribute('alt', alt);
  } else if (tag === 'th' || tag === 'td') {
    for (const name of ['colspan', 'rowspan']) {
      const span = el.getAttribute(name);
      if (span && RICH_TEXT_SPAN.test(span)) out.setAttribute(name, span);
    }
  }
  const align = (el as HTMLElement).style?.textAlign;
  if (ALIGNED.has(tag) && align && RICH_TEXT_ALIGN.test(align))
    out.setAttribute('style', `text-align: ${align}`);
}

function copy(node: Node, into: Node, doc: Document): void {
  if (node.nodeType === 3) {
    into.appendChild(doc.createTextNode(node.textContent ?? ''));
    return;
  }
  if (node.nodeType !== 1) return; // comments, processing instructions
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return;
  if (!ALLOWED.has(tag)) {
    // an unknown wrapper: keep its content
    for (const child of Array.from(el.childNodes)) copy(child, into, doc);
    return;
  }
  const out = doc.createElement(tag);
  copyAttributes(tag, el, out);
  for (const child of Array.from(el.childNodes)) copy(child, out, doc);
  into.appendChild(out);
}

/** An inert parse: a template's content belongs to a document without a browsing context, so nothing
 * in it runs, loads or fires. */
const parse = (html: string): DocumentFragment => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

/** The allowed part of `html` as nodes of `doc` (the page's document by default). */
export function sanitizedFragment(html: string, doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  for (const child of Array.from(parse(html).childNodes)) copy(child, fragment, doc);
  return fragment;
}

/** The allowed part of `html` as a string (what the editor emits). */
export function sanitizeHtml(html: string): string {
  const box = document.createElement('div');
  box.appendChild(sanitizedFragment(html));
  return box.innerHTML;
}

/** The text of `html` (table cells, exports). */
export const htmlToText = (html: string): string => (parse(html).textContent ?? '').trim();

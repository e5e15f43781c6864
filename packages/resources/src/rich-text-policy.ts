/** What a rich-text field may hold, shared by the server's sanitiser (stored HTML) and the UI's (shown
 * HTML): these tags, links' href/target and images' src/alt; everything else is dropped. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'img',
] as const;

export const RICH_TEXT_ATTRIBUTES = { a: ['href', 'target', 'rel'], img: ['src', 'alt'] } as const;

/** What a rich-text field may hold, shared by the server's sanitiser (stored HTML) and the UI's (shown
 * HTML) and offered by the shared-ui editor: these tags, links' href/target, images' src/alt, table
 * cells' colspan/rowspan and a block's text-align; everything else is dropped. */
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
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

export const RICH_TEXT_ATTRIBUTES = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
} as const;

/** The blocks that may carry `style="text-align: …"` (the editor's alignment), and its only values. */
export const RICH_TEXT_ALIGNED = ['p', 'h1', 'h2', 'h3', 'h4', 'th', 'td'] as const;
export const RICH_TEXT_ALIGN = /^(left|center|right|justify)$/;

/** A table cell's span: a small positive integer. */
export const RICH_TEXT_SPAN = /^[1-9]\d?$/;

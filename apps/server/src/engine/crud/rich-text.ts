import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ALIGN,
  RICH_TEXT_ALIGNED,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_SPAN,
  RICH_TEXT_TAGS,
} from '@tongxin/resources';

/** A table cell keeps only spans that are small positive integers. */
const cell: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: Object.fromEntries(
    Object.entries(attribs).filter(
      ([name, value]) => !/^(col|row)span$/.test(name) || RICH_TEXT_SPAN.test(value),
    ),
  ),
});

/** The formatting a rich-text field keeps (what the shared-ui editor offers: marks, headings, lists,
 * quotes, links, images, tables, alignment); everything else — scripts, event handlers, other styles,
 * frames, `javascript:` links, `data:` images — is dropped. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(RICH_TEXT_ALIGNED.map((tag) => [tag, ['style']])),
    a: [...RICH_TEXT_ATTRIBUTES.a],
    img: [...RICH_TEXT_ATTRIBUTES.img],
    th: [...RICH_TEXT_ATTRIBUTES.th, 'style'],
    td: [...RICH_TEXT_ATTRIBUTES.td, 'style'],
  },
  // only the alignment survives in a style attribute
  allowedStyles: Object.fromEntries(
    RICH_TEXT_ALIGNED.map((tag) => [tag, { 'text-align': [RICH_TEXT_ALIGN] }]),
  ),
  // relative URLs (uploads under /files/) stay; protocol-relative and other schemes go
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer',
      },
    }),
    th: cell,
    td: cell,
  },
};

/** Rich text is stored sanitised, so every client (ours, a BladeX client, the resident app) may render
 * it as HTML. The shared-ui editor sanitises the same way before it shows anything. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);

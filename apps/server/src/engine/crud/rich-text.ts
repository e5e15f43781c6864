import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@tongxin/resources';

/** The formatting a rich-text field keeps (the editor of shared-ui offers the same); everything else —
 * scripts, event handlers, styles, frames, `javascript:` links — is dropped. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: [...RICH_TEXT_ATTRIBUTES.a],
    img: [...RICH_TEXT_ATTRIBUTES.img],
  },
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
  },
};

/** Rich text is stored sanitised, so every client (ours, a BladeX client, the resident app) may render
 * it as HTML. The shared-ui editor sanitises the same way before it shows anything. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);

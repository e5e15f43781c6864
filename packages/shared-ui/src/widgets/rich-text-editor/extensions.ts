import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { safeUrl } from '../rich-text';
import { ImageUpload } from './image-upload';

/** The editor's schema: exactly what the rich-text allow-list keeps (packages/resources
 * rich-text-policy), so nothing the editor makes is dropped on save. Code, code blocks and rules are
 * left out (the allow-list has no pre, code or hr); images are block images by link, never `data:`. */
export function richTextExtensions(
  placeholder: string | undefined,
  onUploadError: (error: unknown) => void,
): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => Boolean(safeUrl(url)),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      },
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    Placeholder.configure({ placeholder: placeholder ?? '' }),
    ImageUpload.configure({ onError: onUploadError }),
  ];
}

import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import { uploadFile } from '../upload-file';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    imageUpload: {
      /** Uploads the files through the file API and inserts each as an image by its link. */
      uploadImages: (files: File[]) => ReturnType;
    };
  }
}

export interface ImageUploadOptions {
  /** Told when an upload fails (the image is then left out). */
  onError: (error: unknown) => void;
}

const images = (list: ArrayLike<File> | null | undefined): File[] =>
  Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));

/** Images come in through the file API: picked (the toolbar calls `uploadImages`), pasted or dropped;
 * never as `data:` (the schema refuses those), so the stored HTML only links the file store. */
export const ImageUpload = Extension.create<ImageUploadOptions>({
  name: 'imageUpload',
  addOptions: () => ({ onError: () => undefined }),

  addCommands() {
    return {
      uploadImages:
        (files) =>
        ({ editor, dispatch }) => {
          const chosen = images(files);
          // a dry run (`editor.can()`) only answers whether there is something to upload
          if (!dispatch || !chosen.length) return chosen.length > 0;
          void (async () => {
            for (const file of chosen) {
              try {
                const record = await uploadFile(file);
                editor.chain().focus().setImage({ src: record.link, alt: record.originalName }).run();
              } catch (error) {
                this.options.onError(error);
              }
            }
          })();
          return true;
        },
    };
  },

  addProseMirrorPlugins() {
    const take = (list: FileList | null | undefined) =>
      images(list).length > 0 && this.editor.commands.uploadImages(images(list));
    return [
      new Plugin({
        props: {
          handlePaste: (_view, event) => take(event.clipboardData?.files),
          handleDrop: (_view, event, _slice, moved) => !moved && take(event.dataTransfer?.files),
        },
      }),
    ];
  },
});

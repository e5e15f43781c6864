/** The file types the uploader accepts, each with a check of its first bytes so a renamed file (a
 * script called photo.png) is refused. SVG and HTML are never accepted: they can carry scripts. */
export interface FileType {
  mime: string;
  /** Shown in the browser (images, video); anything else, PDFs included (they can carry scripts and
   * forms), is served as a download. */
  inline: boolean;
  magic: (b: Buffer) => boolean;
}

const starts =
  (sig: number[], offset = 0) =>
  (b: Buffer) =>
    sig.every((byte, i) => b[offset + i] === byte);
const ZIP = starts([0x50, 0x4b, 0x03, 0x04]);
const OLE = starts([0xd0, 0xcf, 0x11, 0xe0]);
const TEXT = (b: Buffer) => !b.subarray(0, 4096).includes(0);

export const FILE_TYPES: Record<string, FileType> = {
  jpg: { mime: 'image/jpeg', inline: true, magic: starts([0xff, 0xd8, 0xff]) },
  jpeg: { mime: 'image/jpeg', inline: true, magic: starts([0xff, 0xd8, 0xff]) },
  png: { mime: 'image/png', inline: true, magic: starts([0x89, 0x50, 0x4e, 0x47]) },
  gif: { mime: 'image/gif', inline: true, magic: starts([0x47, 0x49, 0x46, 0x38]) },
  webp: {
    mime: 'image/webp',
    inline: true,
    magic: (b) => starts([0x52, 0x49, 0x46, 0x46])(b) && starts([0x57, 0x45, 0x42, 0x50], 8)(b),
  },
  pdf: { mime: 'application/pdf', inline: false, magic: starts([0x25, 0x50, 0x44, 0x46]) },
  mp4: { mime: 'video/mp4', inline: true, magic: starts([0x66, 0x74, 0x79, 0x70], 4) },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
    magic: ZIP,
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    inline: false,
    magic: ZIP,
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    inline: false,
    magic: ZIP,
  },
  doc: { mime: 'application/msword', inline: false, magic: OLE },
  xls: { mime: 'application/vnd.ms-excel', inline: false, magic: OLE },
  zip: { mime: 'application/zip', inline: false, magic: ZIP },
  txt: { mime: 'text/plain; charset=utf-8', inline: false, magic: TEXT },
  csv: { mime: 'text/csv; charset=utf-8', inline: false, magic: TEXT },
};

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

import { Transform, type TransformCallback } from 'node:stream';
import { badRequest } from '../http/envelope.js';
import type { FileType } from './file-types.js';

/** How much of the start of a file the type checks look at (text files: no NUL in the first 4 KB). */
const HEAD_BYTES = 4096;

export interface UploadLimits {
  maxBytes: number;
  /** What busboy says once the part has ended: true when it cut the file at the size limit. */
  truncated: () => boolean;
}

/** Passes an upload through on its way to the store, refusing it as soon as it is known to be bad: the
 * first bytes do not match the extension's type, it is empty, or it was cut at the size limit. Holds at
 * most the first 4 KB; counts the bytes. A refusal is an error of the stream (a 400 for the client), so
 * the store discards what it was writing. */
export class UploadInspector extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;

  constructor(
    private readonly type: FileType,
    private readonly limits: UploadLimits,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) return done(tooLarge(this.limits.maxBytes));
    if (this.checked) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < HEAD_BYTES) return done();
    this.releaseHead(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.limits.truncated()) return done(tooLarge(this.limits.maxBytes));
    if (this.bytes === 0) return done(badRequest('文件内容为空'));
    if (this.checked) return done();
    this.releaseHead(done);
  }

  private releaseHead(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (!this.type.magic(head)) return done(badRequest('文件内容与扩展名不符'));
    this.checked = true;
    done(null, head);
  }
}

const tooLarge = (maxBytes: number) => badRequest(`文件大小不能超过${maxBytes / 1024 / 1024}MB`);

import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Agent } from 'node:http';

/** Where uploaded files live. Names are made by the server (`yyyyMMdd/<hex>.<ext>`), never by clients. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Streams `body` through `check` (which may refuse it with an error) into the store under `name`.
   * All or nothing: when the stream fails or is refused, no file, partial or whole, is left behind. */
  save(name: string, body: Readable, check: Transform, contentType: string): Promise<void>;
  /** The file's bytes and size, or undefined when there is no such file. */
  get(name: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removes a stored file (one whose record could not be written); no error when it is missing. */
  remove(name: string): Promise<void>;
  /** Fails when the store cannot take files now (unreachable endpoint, missing bucket, refused keys). */
  probe(): Promise<void>;
}

export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  /** Written to a partial file next to the target, then linked into place (never over an existing
   * file); the partial file is removed whatever happens. */
  async save(name: string, body: Readable, check: Transform): Promise<void> {
    const file = path.join(this.root, name);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(body, check, createWriteStream(partial, { flags: 'wx' }));
      await link(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.root, name), { force: true });
  }

  async probe(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async get(name: string) {
    const file = path.join(this.root, name);
    const info = await stat(file).catch(() => undefined);
    return info?.isFile() ? { body: createReadStream(file), size: info.size } : undefined;
  }
}

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The agents every connection goes through: a tenant's configuration reaches its endpoint only through
   * the outbound policy's (http/outbound.ts); the server's own S3_ENDPOINT, set by the operator, uses
   * the SDK's. */
  agents?: { httpAgent: Agent; httpsAgent: Agent };
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** Any S3-compatible object store (MinIO, Ceph, AWS S3). With it, every server instance serves every file.
 * The SDK (about 16 MB once loaded) is loaded on first use. */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private sdk: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

  /** `spoolDir`: where an upload waits, checked and complete, before it is sent (a single PUT needs the
   * length up front); nothing stays there. */
  constructor(
    private readonly options: S3Options,
    private readonly spoolDir: string = tmpdir(),
  ) {}

  private connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: this.options.endpoint,
        region: this.options.region,
        forcePathStyle: true,
        // Checksums only where an operation requires them: by default the SDK sends a streamed body as
        // `aws-chunked` with a trailing CRC, which S3-compatible stores (s3rver, older MinIO and Ceph)
        // would keep as part of the object.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
        ...(this.options.agents ? { requestHandler: this.options.agents } : {}),
      }),
    }));
    return this.sdk;
  }

  /** Spooled to a private temporary folder first, so only a complete, accepted file becomes an object. */
  async save(name: string, body: Readable, check: Transform, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await mkdir(this.spoolDir, { recursive: true });
    const dir = await mkdtemp(path.join(this.spoolDir, 'tongxin-upload-'));
    try {
      const spooled = path.join(dir, 'file');
      await pipeline(body, check, createWriteStream(spooled, { flags: 'wx' }));
      const { size } = await stat(spooled);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.options.bucket,
          Key: name,
          Body: createReadStream(spooled),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async probe(): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.options.bucket }), {
      abortSignal: AbortSignal.timeout(10_000),
    });
  }

  async remove(name: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: name }));
  }

  async get(name: string) {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: name }));
      return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
    } catch (e) {
      if (e instanceof sdk.NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return undefined;
      throw e;
    }
  }
}

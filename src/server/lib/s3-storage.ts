import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  contentTypeOf,
  IMMUTABLE,
  type OpenedFile,
  type Storage,
  UPLOADS_PATH,
  type Visibility,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** The S3 API's address when it is not AWS's. */
  endpoint?: string;
  region: string;
  /** Both or neither; without them the SDK finds credentials itself (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** The bucket's public address (or a CDN's before it); unset, public files are served at /uploads/. */
  publicUrl?: string;
}

/**
 * Files in one S3-compatible bucket, public and private apart under the `public/` and `private/`
 * prefixes: a bucket policy can open `public/*` to anyone (for S3_PUBLIC_URL) while `private/*`
 * stays readable only with the server's credentials.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly publicBase: string | undefined;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: the SDK's default adds CRC32 trailers to every
      // upload, which several S3-compatible servers refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A bucket that does not answer fails the request in seconds instead of holding it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
    this.publicBase = options.publicUrl?.replace(/\/+$/, '');
  }

  private objectKey(key: string, visibility: Visibility): string {
    assertStorageKey(key);
    return `${visibility}/${key}`;
  }

  async put(key: string, body: Buffer, visibility: Visibility): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key, visibility),
        Body: body,
        ContentType: contentTypeOf(key),
        // What the bucket answers when it serves the file itself (S3_PUBLIC_URL).
        CacheControl: visibility === 'public' ? IMMUTABLE : 'private, no-store',
      }),
    );
  }

  async read(key: string, visibility: Visibility): Promise<Buffer | null> {
    const object = await this.get(key, visibility);
    if (!object?.Body) return null;
    return Buffer.from(await object.Body.transformToByteArray());
  }

  async open(key: string, visibility: Visibility): Promise<OpenedFile | null> {
    const object = await this.get(key, visibility);
    if (!object?.Body || object.ContentLength === undefined) return null;
    // In Node the SDK's body is the response's IncomingMessage.
    return { body: object.Body as Readable, length: object.ContentLength };
  }

  async delete(key: string, visibility: Visibility): Promise<void> {
    // S3 answers a delete of a missing key with success, as the local folder does.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key, visibility) }),
    );
  }

  publicUrl(key: string): string {
    return this.publicBase ? `${this.publicBase}/${this.objectKey(key, 'public')}` : `${UPLOADS_PATH}${key}`;
  }

  /** Ends the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }

  private async get(key: string, visibility: Visibility): Promise<GetObjectCommandOutput | null> {
    try {
      return await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key, visibility) }),
      );
    } catch (err) {
      const { name, $metadata } = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (name === 'NoSuchKey' || $metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }
}

import type { Env } from '../env';
import { LocalStorage, type Storage } from './storage';

/**
 * The storage the configuration names: the S3 bucket with S3_BUCKET, else DATA_DIR's folders. The
 * AWS SDK is loaded only for a bucket: it adds most of a second to every start that needs none.
 */
export async function createStorage(env: Env): Promise<Storage & { close?(): void }> {
  if (!env.S3_BUCKET) return new LocalStorage(env.DATA_DIR);
  const { S3Storage } = await import('./s3-storage');
  return new S3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL,
  });
}

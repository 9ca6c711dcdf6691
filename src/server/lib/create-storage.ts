import type { Env } from '../env';
import { S3Storage } from './s3-storage';
import { LocalStorage, type Storage } from './storage';

/** The storage the configuration names: the S3 bucket with S3_BUCKET, else DATA_DIR's folders. */
export function createStorage(env: Env): Storage & { close?(): void } {
  if (!env.S3_BUCKET) return new LocalStorage(env.DATA_DIR);
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

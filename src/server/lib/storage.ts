import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Public files are served to anyone at `/uploads/<key>` (logos, coupon and giveaway images);
 * private ones only through a route that checks who asks (a cashback claim's receipt).
 */
export type Visibility = 'public' | 'private';

/** A stored file opened for sending: its bytes as a stream and how many there are. */
export interface OpenedFile {
  body: Readable;
  length: number;
}

/**
 * Where uploaded files live. Keys are made by the server (`lib/uploads.ts`), never taken from a
 * request. The local folder is the default; several servers share an S3-compatible bucket
 * (`lib/s3-storage.ts`, chosen by `createStorage` in `lib/create-storage.ts`; docs/operations.md,
 * "Shared file storage").
 */
export interface Storage {
  put(key: string, body: Buffer, visibility: Visibility): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string, visibility: Visibility): Promise<Buffer | null>;
  /** The file as a stream to send, or null when there is none. The caller reads or destroys `body`. */
  open(key: string, visibility: Visibility): Promise<OpenedFile | null>;
  delete(key: string, visibility: Visibility): Promise<void>;
  /** The address a public file is served at. */
  publicUrl(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** Whether a text has the shape of a storage key: lower-case segments and an extension, no `..`, no leading `/`. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..') && !key.includes('//');
}

/** Refuses anything but a storage key: a bad key is a programming error, never a missing file. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
}

/** What the server stores: the images of `lib/uploads.ts` (WebP) and the types they may once be kept in. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** A file's type by its key's extension (the server chose both); anything else is plain bytes. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The caching of public files: every upload gets a new key, so the bytes at an address never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Public files are served here, by the app (`/uploads/<key>`) whichever adapter holds them. */
export const UPLOADS_PATH = '/uploads/';

/** Files under the data folder: `uploads/` (public) and `private-uploads/`. */
export class LocalStorage implements Storage {
  constructor(private readonly dataDir: string) {}

  private pathOf(key: string, visibility: Visibility): string {
    assertStorageKey(key);
    const folder = visibility === 'public' ? 'uploads' : 'private-uploads';
    return path.join(path.resolve(this.dataDir, folder), key);
  }

  async put(key: string, body: Buffer, visibility: Visibility): Promise<void> {
    const file = this.pathOf(key, visibility);
    await mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
  }

  async read(key: string, visibility: Visibility): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key, visibility));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async open(key: string, visibility: Visibility): Promise<OpenedFile | null> {
    const file = this.pathOf(key, visibility);
    // The size and the stream come from one open file: a rename over it in between changes neither.
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), length: stats.size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string, visibility: Visibility): Promise<void> {
    await rm(this.pathOf(key, visibility), { force: true });
  }

  publicUrl(key: string): string {
    return `${UPLOADS_PATH}${key}`;
  }
}

/** Not there: no such file, or a path through something that is not a folder. */
const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

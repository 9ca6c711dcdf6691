import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Public files are served to anyone at `/uploads/<key>` (logos, coupon and giveaway images);
 * private ones only through a route that checks who asks (a cashback claim's receipt).
 */
export type Visibility = 'public' | 'private';

/**
 * Where uploaded files live. Keys are made by the server (`lib/uploads.ts`), never taken from a
 * request. The local folder is the default; several servers share an S3-compatible bucket through
 * an adapter of this interface (docs/operations.md says how).
 */
export interface Storage {
  put(key: string, body: Buffer, visibility: Visibility): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string, visibility: Visibility): Promise<Buffer | null>;
  delete(key: string, visibility: Visibility): Promise<void>;
  /** The address a public file is served at. */
  publicUrl(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** Files under the data folder: `uploads/` (served by the static plugin) and `private-uploads/`. */
export class LocalStorage implements Storage {
  constructor(private readonly dataDir: string) {}

  /** The folder the server serves at /uploads/. */
  get publicRoot(): string {
    return path.resolve(this.dataDir, 'uploads');
  }

  private pathOf(key: string, visibility: Visibility): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not a storage key: ${key}`);
    const root = visibility === 'public' ? this.publicRoot : path.resolve(this.dataDir, 'private-uploads');
    return path.join(root, key);
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
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string, visibility: Visibility): Promise<void> {
    await rm(this.pathOf(key, visibility), { force: true });
  }

  publicUrl(key: string): string {
    return `/uploads/${key}`;
  }
}

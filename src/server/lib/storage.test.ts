import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../tests/setup/s3-server';
import { S3Storage } from './s3-storage';
import { LocalStorage, type Storage } from './storage';

interface Adapter {
  storage: Storage;
  /** The same files seen through an adapter with a public base address, where the adapter has one. */
  withPublicBase?: { storage: Storage; base: string };
  close(): Promise<void>;
}

/** The same contract for every adapter: the local folder, and S3 on a real S3 server (s3rver). */
const adapters: [string, () => Promise<Adapter>][] = [
  [
    'local folder',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pfc-storage-'));
      return {
        storage: new LocalStorage(dataDir),
        close: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3-compatible bucket',
    async () => {
      const server = await startS3Server();
      const options = (publicUrl?: string) => ({
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
        forcePathStyle: true,
        publicUrl,
      });
      const storage = new S3Storage(options());
      // s3rver serves a bucket's objects at <endpoint>/<bucket>/<key>, as S3 does with path-style addresses.
      const base = `${server.endpoint}/${server.bucket}`;
      const publicStorage = new S3Storage(options(`${base}/`));
      return {
        storage,
        withPublicBase: { storage: publicStorage, base },
        close: async () => {
          storage.close();
          publicStorage.close();
          await server.stop();
        },
      };
    },
  ],
];

const bytes = (text: string) => Buffer.from(text);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe.each(adapters)('Storage contract: %s', (_name, make) => {
  let adapter: Adapter;
  let storage: Storage;
  let n = 0;
  /** A fresh key per case, shaped like the keys lib/uploads.ts makes. */
  const key = () => `2026/11/${crypto.randomUUID()}-${++n}.webp`;

  beforeAll(async () => {
    adapter = await make();
    storage = adapter.storage;
  });
  afterAll(() => adapter.close());

  it('stores, reads back and deletes a file', async () => {
    const k = key();
    await storage.put(k, bytes('logo bytes'), 'public');
    expect(await storage.read(k, 'public')).toEqual(bytes('logo bytes'));
    await storage.delete(k, 'public');
    expect(await storage.read(k, 'public')).toBeNull();
    expect(await storage.open(k, 'public')).toBeNull();
  });

  it('keeps private and public files apart: the same key is two files', async () => {
    const k = key();
    await storage.put(k, bytes('receipt'), 'private');
    expect(await storage.read(k, 'public')).toBeNull();
    expect(await storage.open(k, 'public')).toBeNull();
    expect(await storage.read(k, 'private')).toEqual(bytes('receipt'));

    await storage.put(k, bytes('logo'), 'public');
    await storage.delete(k, 'private');
    expect(await storage.read(k, 'private')).toBeNull();
    expect(await storage.read(k, 'public')).toEqual(bytes('logo'));
  });

  it('answers null for a key never stored, and deleting it is no error', async () => {
    const k = key();
    expect(await storage.read(k, 'public')).toBeNull();
    expect(await storage.read(k, 'private')).toBeNull();
    expect(await storage.open(k, 'private')).toBeNull();
    await expect(storage.delete(k, 'public')).resolves.toBeUndefined();
  });

  it('replaces a file written again under its key', async () => {
    const k = key();
    await storage.put(k, bytes('first version, longer'), 'public');
    await storage.put(k, bytes('second'), 'public');
    expect(await storage.read(k, 'public')).toEqual(bytes('second'));
    const opened = await storage.open(k, 'public');
    expect(opened?.length).toBe(6);
    expect(await readAll(opened!.body)).toEqual(bytes('second'));
  });

  it('streams a file with its length', async () => {
    const k = key();
    // Larger than one read chunk of either adapter, with every byte value.
    const body = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 256));
    await storage.put(k, body, 'private');
    const opened = await storage.open(k, 'private');
    expect(opened?.length).toBe(body.length);
    expect((await readAll(opened!.body)).equals(body)).toBe(true);
  });

  it('refuses keys that are not storage keys, for every operation', async () => {
    for (const bad of [
      '../escape.webp',
      '/etc/passwd',
      'a/../../b.webp',
      'Upper.webp',
      'a//b.webp',
      'no-extension',
      '',
    ]) {
      await expect(storage.put(bad, bytes('x'), 'public'), bad).rejects.toThrow(/not a storage key/);
      await expect(storage.read(bad, 'private'), bad).rejects.toThrow(/not a storage key/);
      await expect(storage.open(bad, 'public'), bad).rejects.toThrow(/not a storage key/);
      await expect(storage.delete(bad, 'private'), bad).rejects.toThrow(/not a storage key/);
    }
  });

  it('gives a public file the app address /uploads/<key> without a public base', () => {
    expect(storage.publicUrl('2026/11/abc-320w.webp')).toBe('/uploads/2026/11/abc-320w.webp');
  });

  it('gives a public file its public base address when one is set, where anyone can fetch it', async (context) => {
    if (!adapter.withPublicBase) return context.skip('the local folder has no public base address');
    const { storage: publicStorage, base } = adapter.withPublicBase;
    const k = key();
    await publicStorage.put(k, bytes('public logo'), 'public');
    const url = publicStorage.publicUrl(k);
    expect(url).toBe(`${base}/public/${k}`);
    // Fetched without credentials, as a browser would.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes('public logo'));
    // The same file read by the server through the adapter without the base.
    expect(await storage.read(k, 'public')).toEqual(bytes('public logo'));
  });
});

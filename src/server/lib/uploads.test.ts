import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../tests/setup/multipart';
import { registerErrorHandler } from './error-handler';
import { LocalStorage } from './storage';
import { MAX_UPLOAD_BYTES, receiveImage, UPLOAD_ERRORS } from './uploads';

/** A real photo-like image with EXIF (camera and GPS) that must not survive the upload. */
const photo = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'secret owner' }, IFD3: { GPSLatitudeRef: 'N' } })
    [format]()
    .toBuffer();

describe('image uploads', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pfc-uploads-'));
    storage = new LocalStorage(dataDir);
    app = Fastify();
    app.decorate('storage', storage);
    registerErrorHandler(app as never);
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    app.post('/public', async (request) => receiveImage(request, { visibility: 'public' }));
    app.post('/private', async (request) => receiveImage(request, { visibility: 'private' }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (file: { name: string; type: string; body: Buffer }, url = '/public') =>
    app.inject({ method: 'POST', url, ...multipartFile(file) });

  it('stores a PNG as WebP in its size and narrower variants, without its metadata', async () => {
    const body = await photo(900, 600, 'png');
    expect(body.includes(Buffer.from('SpyCam'))).toBe(true);
    const res = await upload({ name: 'logo.png', type: 'image/png', body });
    expect(res.statusCode).toBe(200);
    const image = res.json();
    expect(image).toMatchObject({ width: 900, height: 600 });
    expect(image.url).toBe(`/uploads/${image.key}`);
    expect(image.variants.map((v: { width: number }) => v.width)).toEqual([320, 640]);
    const stored = await storage.read(image.key, 'public');
    const meta = await sharp(stored as Buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect((stored as Buffer).includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('judges by content: a JPEG named .txt is an image, a text file named .png is not', async () => {
    const jpeg = await upload({ name: 'notes.txt', type: 'text/plain', body: await photo(200, 100, 'jpeg') });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().variants).toEqual([]);
    const text = await upload({
      name: 'logo.png',
      type: 'image/png',
      body: Buffer.from('hello, not an image'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(UPLOAD_ERRORS.badType);
  });

  it('refuses SVG, which can carry script', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const res = await upload({ name: 'logo.svg', type: 'image/svg+xml', body: svg });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413, and stores nothing', async () => {
    const big = Buffer.concat([await photo(50, 50, 'png'), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload({ name: 'big.png', type: 'image/png', body: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_ERRORS.tooLarge);
  });

  it('answers 400 without a file, and for an image that cannot be decoded', async () => {
    const none = await app.inject({ method: 'POST', url: '/public', payload: { file: 'x' } });
    expect(none.statusCode).toBe(400);
    const png = await photo(100, 100, 'png');
    const truncated = await upload({ name: 'cut.png', type: 'image/png', body: png.subarray(0, 60) });
    expect(truncated.statusCode).toBe(400);
  });

  it('keeps a private upload out of the public folder', async () => {
    const res = await upload(
      { name: 'receipt.png', type: 'image/png', body: await photo(400, 300, 'png') },
      '/private',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBeNull();
    expect(await storage.read(res.json().key, 'public')).toBeNull();
    expect(await storage.read(res.json().key, 'private')).not.toBeNull();
  });

  it('refuses keys that could leave the storage folder', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'public')).rejects.toThrow();
    await expect(storage.read('/etc/passwd', 'public')).rejects.toThrow();
  });
});

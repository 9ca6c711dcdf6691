import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../tests/setup/accounts';
import { multipartFile } from '../../../tests/setup/multipart';
import { type S3Server, startS3Server } from '../../../tests/setup/s3-server';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../tests/setup/test-app';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

const s3Env = (extra: Record<string, string> = {}) => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  ...extra,
});

async function uploadLogo(ctx: TestContext, admin: TestUser) {
  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  const { payload, headers } = multipartFile({ name: 'logo.png', type: 'image/png', body: png });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: { ...headers, origin: TEST_ORIGIN, cookie: admin.cookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; variants: { url: string; width: number }[] };
}

describe.each([
  ['the local folder', () => ({})],
  ['an S3-compatible bucket', () => s3Env()],
])('/uploads/<key> with uploads in %s', (_name, env) => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp(env());
    admin = await signUpUser(ctx, { admin: true });
  });
  afterAll(() => ctx?.close());

  it('serves an uploaded image and its variants, immutable, typed and not sniffable', async () => {
    const image = await uploadLogo(ctx, admin);
    expect(image.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);
    for (const url of [image.url, ...image.variants.map((v) => v.url)]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const stored = await ctx.app.storage.read(url.slice('/uploads/'.length), 'public');
      expect(res.rawPayload.equals(stored!)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(stored!.length);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
    expect(image.variants.map((v) => v.width)).toEqual([320, 640]);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const image = await uploadLogo(ctx, admin);
    const get = await ctx.app.inject(image.url);
    const head = await ctx.app.inject({ method: 'HEAD', url: image.url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'cache-control', 'x-content-type-options'])
      expect(head.headers[name], name).toBe(get.headers[name]);
  });

  it('answers 404 in the JSON error shape for a missing or malformed key', async () => {
    for (const url of [
      '/uploads/2026/11/00000000-0000-0000-0000-000000000000.webp',
      '/uploads/',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/2026/11/UPPER.webp',
      '/uploads/2026//11/a.webp',
      '/uploads/no-extension',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String), code: 'not_found' });
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/uploads/2026/11/missing.webp' })).statusCode).toBe(
      404,
    );
  });

  it('never serves a private file (a receipt) at /uploads', async () => {
    const key = '2026/11/receipt-of-someone.webp';
    await ctx.app.storage.put(key, Buffer.from('private receipt'), 'private');
    expect((await ctx.app.inject(`/uploads/${key}`)).statusCode).toBe(404);
    expect(await ctx.app.storage.read(key, 'private')).toEqual(Buffer.from('private receipt'));
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/uploads'))).toEqual([]);
  });
});

describe('uploads in a bucket with a public address (S3_PUBLIC_URL)', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    // s3rver answers anonymous reads at <endpoint>/<bucket>/<key>, as a public-read bucket does.
    base = `${s3.endpoint}/${s3.bucket}`;
    ctx = await createTestApp(s3Env({ S3_PUBLIC_URL: base }));
  });
  afterAll(() => ctx?.close());

  it('links uploads at the bucket, where they are fetched as stored; pages may show images from there', async () => {
    const admin = await signUpUser(ctx, { admin: true });
    const image = await uploadLogo(ctx, admin);
    expect(image.url.startsWith(`${base}/public/`)).toBe(true);
    const res = await fetch(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const key = image.url.slice(`${base}/public/`.length);
    expect(Buffer.from(await res.arrayBuffer()).equals((await ctx.app.storage.read(key, 'public'))!)).toBe(
      true,
    );
    // The app still serves the same file for addresses stored before the public address was set.
    expect((await ctx.app.inject(`/uploads/${key}`)).statusCode).toBe(200);

    const csp = (await ctx.app.inject('/healthz')).headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`img-src [^;]* ${new URL(base).origin}(;| )`));
  });
});

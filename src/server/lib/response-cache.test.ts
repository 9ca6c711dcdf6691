import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { insertFirm } from '../db/seed/factories';
import { type CachedResponse, encodeCached } from './cache';

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const entry = (text: string): CachedResponse => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  body: Buffer.from(text),
  encoded: {},
  tags: ['page'],
});

describe('encodeCached', () => {
  const page = entry('<p>Prop firms compared</p>'.repeat(200));

  it('picks the preferred coding the visitor accepts and compresses each coding once', () => {
    const first = encodeCached(page, BROWSER_ENCODINGS);
    expect(first.coding).toBe('br');
    expect(brotliDecompressSync(first.body).equals(page.body)).toBe(true);
    expect(encodeCached(page, BROWSER_ENCODINGS).body).toBe(first.body);

    const gzip = encodeCached(page, 'gzip;q=1, br;q=0');
    expect(gzip.coding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(page.body)).toBe(true);
  });

  it('sends identity without an acceptable coding, and small bodies as they are', () => {
    expect(encodeCached(page, undefined)).toEqual({ body: page.body });
    expect(encodeCached(page, 'identity')).toEqual({ body: page.body });
    expect(encodeCached(page, 'br;q=0, gzip;q=0')).toEqual({ body: page.body });
    const small = entry('{"ok":true}');
    expect(encodeCached(small, BROWSER_ENCODINGS)).toEqual({ body: small.body });
  });
});

describe('cached responses over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { pages: 'production' });
    for (let i = 0; i < 8; i++) await insertFirm(ctx.db, { name: `Compression Firm ${i}` });
  }, 120_000);
  afterAll(() => ctx.close());

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each(['/', '/api/firms'])('%s: the miss and the hit send the same compressed bytes', async (url) => {
    const miss = await get(url, BROWSER_ENCODINGS);
    const hit = await get(url, BROWSER_ENCODINGS);
    expect(miss.headers['x-cache']).toBe('miss');
    expect(hit.headers['x-cache']).toBe('hit');
    for (const res of [miss, hit]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
    }
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    const text = brotliDecompressSync(hit.rawPayload).toString();
    expect(text.length).toBeGreaterThan(1024);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
  });

  it('serves built assets from their precompressed copies, cached for a year', async () => {
    const home = await get('/');
    const entryPath = home.body.match(/src="(\/assets\/entry-client-[\w-]+\.js)"/)?.[1] ?? '';
    const res = await get(entryPath, BROWSER_ENCODINGS);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(readFileSync(`dist/client${entryPath}.br`))).toBe(true);
  });

  it('cached pages carry no nonce, while the policy still has a fresh one', async () => {
    const a = await get('/firms');
    const b = await get('/firms');
    expect(b.headers['x-cache']).toBe('hit');
    expect(a.body).not.toContain('nonce');
    expect(a.body).toMatch(/<script type="module" src="\/assets\/entry-client-[\w-]+\.js"><\/script>/);
    // No executable inline script: every inline <script> is a JSON data block.
    for (const [, attrs] of a.body.matchAll(/<script([^>]*)>(?!<\/script>)/g)) {
      expect(attrs).toMatch(/type="application\/(ld\+)?json"/);
    }
    const nonceOf = (csp: unknown) => String(csp).match(/'nonce-([^']+)'/)?.[1];
    expect(nonceOf(a.headers['content-security-policy'])).toBeTruthy();
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(
      nonceOf(b.headers['content-security-policy']),
    );
  });
});

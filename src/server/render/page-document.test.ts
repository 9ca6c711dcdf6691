import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../../domain/render';
import { createPageBytes, pageBytesInUse, readPageBytes } from './page-bytes';
import { type RenderFn, renderPageDocument } from './page-document';

const appHtml = '<p>A page long enough to be worth compressing.</p>'.repeat(100);
const render: RenderFn = async () => ({
  html: appHtml,
  head: { title: 'Page', description: 'A page', canonicalPath: '/page' },
  status: 200,
  stateJson: '{}',
  tags: ['firms'],
});
const request: RenderRequest = {
  url: '/page',
  config: { publicUrl: 'http://localhost', showAdminLink: false },
  fetchApi: async () => {
    throw new Error('no API answers here');
  },
};
const assets = { head: '', entry: '', pagePreloads: {} };

/** Where the page is rendered (a render thread) is where it is compressed: the server thread only sends. */
describe('renderPageDocument', () => {
  it('returns a shared document raw, with its copy in the coding the request prefers', async () => {
    const page = await renderPageDocument(render, request, {
      assets,
      acceptEncoding: 'gzip, br',
      shared: true,
    });
    expect(page.coding).toBeUndefined();
    expect(page.body.toString()).toContain(appHtml);
    expect(Object.keys(page.encoded ?? {})).toEqual(['br']);
    expect(brotliDecompressSync(page.encoded?.br ?? Buffer.alloc(0)).equals(page.body)).toBe(true);
  });

  it('returns a document for one visitor compressed, with no raw copy', async () => {
    const page = await renderPageDocument(render, request, { assets, acceptEncoding: 'gzip', shared: false });
    expect(page.coding).toBe('gzip');
    expect(page.encoded).toBeUndefined();
    expect(gunzipSync(page.body).toString()).toContain(appHtml);
  });

  it('compresses nothing for a request that accepts no coding', async () => {
    const page = await renderPageDocument(render, request, {
      assets,
      acceptEncoding: undefined,
      shared: true,
    });
    expect(page.encoded).toEqual({});
    expect(page.body.toString()).toContain(appHtml);
  });

  it('gives each document bytes of its own, which the next document leaves as they were', async () => {
    const pageOf =
      (text: string): RenderFn =>
      async () => ({ ...(await render(request)), html: text });
    // Outside Latin-1 and long: its parts' bytes are not the one string they would make joined.
    const first = `<p>ħ ${'first '.repeat(30_000)}</p>`;
    const a = await renderPageDocument(pageOf(first), request, {
      assets,
      acceptEncoding: undefined,
      shared: false,
    });
    const b = await renderPageDocument(pageOf('<p>second</p>'), request, {
      assets,
      acceptEncoding: undefined,
      shared: false,
    });
    const c = await renderPageDocument(pageOf('<p>third</p>'), request, {
      assets,
      acceptEncoding: undefined,
      shared: true,
    });
    expect(a.body.toString()).toContain(first);
    expect(a.body.toString()).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
    expect(b.body.toString()).toContain('<p>second</p>');
    expect(b.body.toString()).not.toContain('first');
    expect(c.body.toString()).toContain('<p>third</p>');
  });

  it('puts a document for one visitor in a shared slot when given them, and a shared one never', async () => {
    const bodySlots = createPageBytes();
    const single = await renderPageDocument(render, request, {
      assets,
      acceptEncoding: undefined,
      shared: false,
      bodySlots,
    });
    expect(single.body.length).toBe(0);
    expect(single.bodySlot).toBeDefined();
    const { body, release } = readPageBytes(bodySlots, single.bodySlot ?? { slot: -1, length: 0 });
    expect(body.toString()).toContain(appHtml);
    release();
    const shared = await renderPageDocument(render, request, {
      assets,
      acceptEncoding: undefined,
      shared: true,
      bodySlots,
    });
    expect(shared.bodySlot).toBeUndefined();
    expect(shared.body.toString()).toContain(appHtml);
    expect(pageBytesInUse(bodySlots)).toBe(0);
  });
});

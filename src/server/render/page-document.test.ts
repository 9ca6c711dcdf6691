import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../../domain/render';
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
});

import type { RenderRequest, RenderResult } from '../../domain/render';
import { type CachedResponse, type EncodedBody, encodeShared, encodeSingle } from '../lib/cache';
import { type DocumentAssets, NONCE_PLACEHOLDER, renderDocument } from './document';

export type RenderFn = (request: RenderRequest) => Promise<RenderResult>;

/** A rendered page as the server sends it: the whole document, as bytes. */
export interface PageDocument extends EncodedBody {
  status: number;
  /** Redirect issued while rendering; there is no body then. */
  redirect?: string;
  /** Cache tags of the API answers the page was built from. */
  tags: string[];
  /** For a shared document: `body` is the raw bytes, and this the copy in the request's coding. */
  encoded?: CachedResponse['encoded'];
  /** When the body sits in memory shared with a render thread: frees it, once the response is done. */
  release?: () => void;
}

export interface PageDocumentOptions {
  assets: DocumentAssets;
  /** The request's Accept-Encoding: the document is compressed here, in the coding it prefers. */
  acceptEncoding: string | undefined;
  /**
   * True for a document the server caches for every later visitor (no session): it comes back raw
   * with a copy compressed at the cached quality (`encodeShared`). Otherwise it is made for one
   * visitor alone and compressed quickly (`encodeSingle`).
   */
  shared: boolean;
  /** The response's CSP nonce, for development documents (Vite's inline preamble). */
  nonce?: string;
}

/**
 * Renders a page and builds its whole document, compressed as the request accepts. Runs
 * where the render runs: on a render thread (`render-worker.ts`), so the server thread only writes
 * the bytes, or on the server thread when there are no render threads or in development.
 */
export async function renderPageDocument(
  render: RenderFn,
  request: RenderRequest,
  options: PageDocumentOptions,
): Promise<PageDocument> {
  const result = await render(request);
  if (result.redirect) {
    return { status: result.status, redirect: result.redirect, tags: result.tags, body: Buffer.alloc(0) };
  }
  let html = renderDocument({
    head: result.head,
    publicUrl: request.config.publicUrl,
    appHtml: result.html,
    stateJson: result.stateJson,
    pageModule: result.pageModule,
    assets: options.assets,
  });
  if (options.nonce) html = html.replaceAll(NONCE_PLACEHOLDER, options.nonce);
  const body = Buffer.from(html);
  if (options.shared) {
    return {
      status: result.status,
      tags: result.tags,
      body,
      encoded: encodeShared(body, options.acceptEncoding),
    };
  }
  return { status: result.status, tags: result.tags, ...encodeSingle(body, options.acceptEncoding) };
}

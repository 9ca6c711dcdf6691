import type { RenderRequest, RenderResult } from '../../domain/render';
import { type EncodedBody, encodeSingle } from '../lib/cache';
import { type DocumentAssets, NONCE_PLACEHOLDER, renderDocument } from './document';

export type RenderFn = (request: RenderRequest) => Promise<RenderResult>;

/** A rendered page as the server sends it: the whole document, as bytes. */
export interface PageDocument extends EncodedBody {
  status: number;
  /** Redirect issued while rendering; there is no body then. */
  redirect?: string;
  /** Cache tags of the API answers the page was built from. */
  tags: string[];
}

export interface PageDocumentOptions {
  assets: DocumentAssets;
  /**
   * Set when the document is made for one visitor alone: it is compressed here as their
   * Accept-Encoding allows. Absent for a document the server caches, which it compresses once per
   * content coding for every later visitor.
   */
  forOneVisitor?: { acceptEncoding: string | undefined };
  /** The response's CSP nonce, for development documents (Vite's inline preamble). */
  nonce?: string;
}

/**
 * Renders a page and builds its whole document, compressed when it is made for one visitor. Runs
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
  const encoded = options.forOneVisitor ? encodeSingle(body, options.forOneVisitor.acceptEncoding) : { body };
  return { status: result.status, tags: result.tags, ...encoded };
}

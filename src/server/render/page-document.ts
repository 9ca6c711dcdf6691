import type { RenderRequest, RenderResult } from '../../domain/render';
import { type CachedResponse, type EncodedBody, encodeShared, encodeSingle } from '../lib/cache';
import { type DocumentAssets, NONCE_PLACEHOLDER, renderDocument } from './document';
import { type PageBytes, type PageBytesSlot, writePageBytes } from './page-bytes';

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
  /** Set by a render thread: the body is in this slot of its memory shared with the server thread, not in `body`. */
  bodySlot?: PageBytesSlot;
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
  /**
   * A render thread's memory shared with the server thread: the body of a document for one visitor
   * goes into one of its slots when one is free (`bodySlot`), rather than into a Buffer of its own.
   */
  bodySlots?: PageBytes;
}

const NO_BYTES = Buffer.alloc(0);

/**
 * Memory this thread writes each document's bytes into, grown to the largest document yet and kept:
 * a document's bytes are copied out of it (into the cache's Buffer, a shared slot, or compressed)
 * before the next document is written.
 */
let scratch = Buffer.alloc(0);

/**
 * The bytes of a document's parts, written one part at a time into this thread's `scratch`: a view
 * valid until the next call. Joined first, the parts would make one string of the document's full
 * length, and V8 puts a string of 128 KB or more (64K characters, once one of them is outside
 * Latin-1) in memory mapped for it alone and unmapped when it is collected; on these machines the
 * page faults of that fresh memory cost a render thread as much as a third of a page's render
 * (decision 0038).
 */
function writeDocumentBytes(parts: readonly string[]): Buffer {
  let bound = 0;
  // UTF-8 takes at most three bytes per UTF-16 code unit.
  for (const part of parts) bound += part.length * 3;
  if (scratch.length < bound) scratch = Buffer.allocUnsafeSlow(bound);
  let length = 0;
  for (const part of parts) length += scratch.write(part, length);
  return scratch.subarray(0, length);
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
    return { status: result.status, redirect: result.redirect, tags: result.tags, body: NO_BYTES };
  }
  let parts = renderDocument({
    head: result.head,
    publicUrl: request.config.publicUrl,
    appHtml: result.html,
    stateJson: result.stateJson,
    pageModule: result.pageModule,
    assets: options.assets,
  });
  const { nonce } = options;
  if (nonce) parts = parts.map((part) => part.replaceAll(NONCE_PLACEHOLDER, nonce));
  const bytes = writeDocumentBytes(parts);
  const page = { status: result.status, tags: result.tags };
  if (options.shared) {
    // The response cache keeps the body: it gets bytes of its own.
    const body = Buffer.from(bytes);
    return { ...page, body, encoded: encodeShared(body, options.acceptEncoding) };
  }
  const { body, coding } = encodeSingle(bytes, options.acceptEncoding);
  const bodySlot = options.bodySlots && writePageBytes(options.bodySlots, body);
  if (bodySlot) return { ...page, coding, body: NO_BYTES, bodySlot };
  // Uncompressed, the body is still `scratch`, which the next document overwrites.
  return { ...page, coding, body: body === bytes ? Buffer.from(bytes) : body };
}

/**
 * A render thread (built to `dist/server/render-worker.js` beside the render entry it imports). It
 * has no database or cache: each API answer a page needs is asked of the server thread, which
 * answers it with `app.inject` (render-pool.ts). The thread renders, writes the document and hands
 * its bytes back without a copy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ApiResponse, SiteConfig } from '../../domain/render';
import { render } from '../../web/entry-server';
import { type DocumentAssets, type PageDocument, renderPageDocument } from './document';

/** From the server thread: render a page, or the answer to a path a render asked for. */
export type ToRenderThread =
  | { type: 'render'; id: number; url: string; config: SiteConfig }
  | { type: 'answer'; id: number; call: number; response: ApiResponse };

/** To the server thread: a path a render needs, its finished page, or why it failed. */
export type FromRenderThread =
  | { type: 'fetch'; id: number; call: number; path: string }
  | { type: 'done'; id: number; page: PageDocument }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread');
const assets = workerData as DocumentAssets;
const send = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Answers awaited by renders in progress, by render id and call number. */
const waiting = new Map<string, (response: ApiResponse) => void>();
let calls = 0;

port.on('message', (message: ToRenderThread) => {
  if (message.type === 'answer') {
    const key = `${message.id}:${message.call}`;
    waiting.get(key)?.(message.response);
    waiting.delete(key);
    return;
  }
  const { id, url, config } = message;
  const fetchApi = (path: string) =>
    new Promise<ApiResponse>((resolve) => {
      const call = ++calls;
      waiting.set(`${id}:${call}`, resolve);
      send({ type: 'fetch', id, call, path });
    });
  renderPageDocument(render, { url, config, fetchApi }, assets).then(
    (page) => send({ type: 'done', id, page }, [page.body.buffer as ArrayBuffer]),
    (error: unknown) =>
      send({
        type: 'failed',
        id,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});

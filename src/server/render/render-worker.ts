/**
 * The entry of the render threads (built to `dist/server/render-worker.js` beside the server entry
 * it imports). A thread has no database or cache: it asks the server thread for the API answers a
 * page needs over the thread's port, renders, and hands back the finished document's bytes.
 */
import { MessageChannel, type MessagePort as NodeMessagePort, parentPort } from 'node:worker_threads';
import { workerData } from 'piscina';
import type { ApiResponse, SiteConfig } from '../../domain/render';
import { render } from '../../web/entry-server';
import type { DocumentAssets } from './document';
import type { PageBytes } from './page-bytes';
import { type PageDocument, type PageDocumentOptions, renderPageDocument } from './page-document';

/**
 * Messages on a thread's port: the API paths a render asks for together, answered in order under
 * the same id. `renderId` names the render on the server thread.
 */
export interface RenderPortRequest {
  renderId: number;
  id: number;
  paths: string[];
}

export interface RenderPortAnswer {
  id: number;
  answers: ({ response: ApiResponse } | { error: string })[];
}

/** What a thread sends the server thread once, at its start: the port its renders ask on. */
export interface RenderPortOffer {
  renderPort: NodeMessagePort;
}

export interface WorkerRenderTask extends Pick<PageDocumentOptions, 'acceptEncoding' | 'shared'> {
  url: string;
  config: SiteConfig;
  /** The render's number on the server thread, which holds its request's answers. */
  renderId: number;
}

/** Given to every render thread when the pool starts. */
export interface RenderWorkerData {
  assets: DocumentAssets;
  pageBytes: PageBytes;
}

const { assets, pageBytes } = workerData as RenderWorkerData;

type Call = { path: string; resolve: (r: ApiResponse) => void; reject: (e: Error) => void };

/**
 * One port for the thread's life, offered to the server thread before the pool sends a task (a
 * port made for each render costs both threads, and its close is asynchronous).
 */
const { port1: port, port2: offered } = new MessageChannel();
parentPort?.postMessage({ renderPort: offered } satisfies RenderPortOffer, [offered]);
port.unref();
const waiting = new Map<number, Call[]>();
let nextId = 0;
port.on('message', (data: RenderPortAnswer) => {
  const calls = waiting.get(data.id) ?? [];
  waiting.delete(data.id);
  data.answers.forEach((answer, i) => {
    if ('response' in answer) calls[i]?.resolve(answer.response);
    else calls[i]?.reject(new Error(answer.error));
  });
});

/**
 * Paths asked for in the same turn go to the server thread in one message: a page's queries start
 * together, and each message between threads costs both of them.
 */
function batchedFetch(renderId: number): (path: string) => Promise<ApiResponse> {
  let batch: Call[] = [];
  return (path) =>
    new Promise<ApiResponse>((resolve, reject) => {
      if (batch.length === 0) {
        queueMicrotask(() => {
          const id = nextId++;
          waiting.set(id, batch);
          port.postMessage({ renderId, id, paths: batch.map((c) => c.path) } satisfies RenderPortRequest);
          batch = [];
        });
      }
      batch.push({ path, resolve, reject });
    });
}

export async function renderInWorker({
  url,
  config,
  renderId,
  acceptEncoding,
  shared,
}: WorkerRenderTask): Promise<PageDocument> {
  // A shared document is kept by the response cache, so its bytes travel in the message; a
  // document for one visitor is sent once, from a slot when one is free (page-bytes.ts).
  return renderPageDocument(
    render,
    { url, config, fetchApi: batchedFetch(renderId) },
    { assets, acceptEncoding, shared, bodySlots: pageBytes },
  );
}

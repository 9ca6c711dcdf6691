/**
 * The entry of the render threads (built to `dist/server/render-worker.js` beside the server entry
 * it imports). A thread has no database or cache: it asks the server thread for the API answers a
 * page needs over the task's port, renders, and hands back the finished document's bytes.
 */
import { workerData } from 'piscina';
import type { ApiResponse, SiteConfig } from '../../domain/render';
import { render } from '../../web/entry-server';
import type { DocumentAssets } from './document';
import type { PageBytes } from './page-bytes';
import { type PageDocument, type PageDocumentOptions, renderPageDocument } from './page-document';

/** Port messages: the API paths one render asks for together, answered in order under the same id. */
export interface RenderPortRequest {
  id: number;
  paths: string[];
}

export interface RenderPortAnswer {
  id: number;
  answers: ({ response: ApiResponse } | { error: string })[];
}

/** The part of a port the thread uses (Node's MessagePort has the web one's members). */
type TaskPort = Pick<MessagePort, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent<RenderPortAnswer>) => void) | null;
};

export interface WorkerRenderTask extends Pick<PageDocumentOptions, 'acceptEncoding' | 'shared'> {
  url: string;
  config: SiteConfig;
  port: TaskPort;
}

/** Given to every render thread when the pool starts. */
export interface RenderWorkerData {
  assets: DocumentAssets;
  pageBytes: PageBytes;
}

const { assets, pageBytes } = workerData as RenderWorkerData;

/**
 * Paths asked for in the same turn go to the server thread in one message: a page's queries start
 * together, and each message between threads costs both of them.
 */
function batchedFetch(port: TaskPort): (path: string) => Promise<ApiResponse> {
  type Call = { path: string; resolve: (r: ApiResponse) => void; reject: (e: Error) => void };
  const waiting = new Map<number, Call[]>();
  let nextId = 0;
  let batch: Call[] = [];
  port.onmessage = ({ data }) => {
    const calls = waiting.get(data.id) ?? [];
    waiting.delete(data.id);
    data.answers.forEach((answer, i) => {
      if ('response' in answer) calls[i]?.resolve(answer.response);
      else calls[i]?.reject(new Error(answer.error));
    });
  };
  return (path) =>
    new Promise<ApiResponse>((resolve, reject) => {
      if (batch.length === 0) {
        queueMicrotask(() => {
          const id = nextId++;
          waiting.set(id, batch);
          port.postMessage({ id, paths: batch.map((c) => c.path) } satisfies RenderPortRequest);
          batch = [];
        });
      }
      batch.push({ path, resolve, reject });
    });
}

export async function renderInWorker({
  url,
  config,
  port,
  acceptEncoding,
  shared,
}: WorkerRenderTask): Promise<PageDocument> {
  try {
    // A shared document is kept by the response cache, so its bytes travel in the message; a
    // document for one visitor is sent once, from a slot when one is free (page-bytes.ts).
    return await renderPageDocument(
      render,
      { url, config, fetchApi: batchedFetch(port) },
      { assets, acceptEncoding, shared, bodySlots: pageBytes },
    );
  } finally {
    port.close();
  }
}

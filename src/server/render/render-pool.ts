import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ApiResponse, SiteConfig } from '../../domain/render';
import type { DocumentAssets, PageDocument } from './document';
import type { FromRenderThread, ToRenderThread } from './render-worker';

/** One page to render on a thread, and how its API answers are fetched on the server thread. */
export interface PageTask {
  url: string;
  config: SiteConfig;
  fetchApi: (path: string) => Promise<ApiResponse>;
}

interface Thread {
  worker: Worker;
  renders: Set<number>;
}

interface Render {
  task: PageTask;
  resolve: (page: PageDocument) => void;
  reject: (error: Error) => void;
}

/**
 * Render threads for a process (decision 0072): its share of the cores, at least one. React's work,
 * the document and its bytes are made there; the server thread, mostly waiting, answers the API
 * requests and the sockets.
 */
export function renderThreadCount(processes: number): number {
  return Math.max(1, Math.floor(availableParallelism() / processes));
}

/**
 * Renders pages on worker threads running the built `render-worker.js`. A page goes to the thread
 * with the fewest renders in progress; a thread that dies fails its renders and is replaced.
 */
export function createRenderPool(workerFile: string, assets: DocumentAssets, size: number) {
  const renders = new Map<number, Render>();
  let nextId = 0;
  let closing = false;

  const start = (): Thread => {
    // Plain JavaScript: the server's `--import tsx` loader would resolve the entry's page chunks a
    // second time under its own module graph.
    const thread: Thread = {
      worker: new Worker(workerFile, { workerData: assets, execArgv: [] }),
      renders: new Set(),
    };
    thread.worker.on('message', (message: FromRenderThread) => {
      const render = renders.get(message.id);
      if (!render) return;
      if (message.type === 'fetch') {
        render.task.fetchApi(message.path).then(
          (response) => post(thread, { type: 'answer', id: message.id, call: message.call, response }),
          (error: unknown) =>
            post(thread, {
              type: 'answer',
              id: message.id,
              call: message.call,
              response: { status: 500, contentType: 'text/plain', text: String(error), tags: [] },
            }),
        );
        return;
      }
      renders.delete(message.id);
      thread.renders.delete(message.id);
      if (message.type === 'done') render.resolve(message.page);
      else render.reject(new Error(`render of ${render.task.url} failed on its thread: ${message.message}`));
    });
    const fail = (error: Error) => {
      for (const id of thread.renders) {
        renders.get(id)?.reject(error);
        renders.delete(id);
      }
      thread.renders.clear();
      const at = threads.indexOf(thread);
      if (!closing && at >= 0) threads[at] = start();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => fail(new Error(`render thread exited with code ${code}`)));
    return thread;
  };
  const post = (thread: Thread, message: ToRenderThread) => thread.worker.postMessage(message);
  const threads = Array.from({ length: size }, start);

  return {
    render(task: PageTask): Promise<PageDocument> {
      const thread = threads.reduce((least, t) => (t.renders.size < least.renders.size ? t : least));
      const id = ++nextId;
      thread.renders.add(id);
      return new Promise<PageDocument>((resolve, reject) => {
        renders.set(id, { task, resolve, reject });
        post(thread, { type: 'render', id, url: task.url, config: task.config });
      });
    },
    async close(): Promise<void> {
      closing = true;
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}

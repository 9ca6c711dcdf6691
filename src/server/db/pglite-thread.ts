import { Worker } from 'node:worker_threads';

/** What a query answers, as PGlite's `query` does. */
export interface ThreadResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Reply = { id: number; result?: unknown; error?: { message: string; [field: string]: string } };

/** What drizzle-orm's PGlite driver calls on a client (`query`) and a transaction (`query`). */
export interface ThreadQueries {
  query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<ThreadResults>;
}

/**
 * PGlite on a worker thread of its own (decision 0062), in the shape drizzle-orm's PGlite driver
 * uses: a query is a message to the thread and its answer a message back, so the server thread
 * serves requests while the database works, as it does with PostgreSQL. PGlite still runs one
 * statement at a time; a transaction holds it until it ends, as in process.
 */
export class PgliteThread implements ThreadQueries {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private nextTransaction = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (err) => this.stop(err));
    worker.on('exit', (code) => this.stop(new Error(`the embedded database's thread exited (${code})`)));
  }

  /**
   * Starts the thread and opens the database in `dataDir` (in memory without one), from the dump
   * `loadDataDir` when given (a migrated template's copy, in tests).
   */
  static async open(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-thread-worker.js', import.meta.url), {
      workerData: options,
      // The server's `--import tsx` is not for this plain JavaScript thread.
      execArgv: [],
    });
    const thread = new PgliteThread(worker);
    try {
      // The thread's first message says whether the database opened.
      await new Promise<unknown>((resolve, reject) => thread.pending.set(0, { resolve, reject }));
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return thread;
  }

  query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<ThreadResults> {
    return this.send({ op: 'query', sql, params, rowMode: options?.rowMode }) as Promise<ThreadResults>;
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: ThreadQueries) => Promise<T>): Promise<T> {
    const tx = this.nextTransaction++;
    await this.send({ op: 'begin', tx });
    let result: T;
    try {
      result = await fn({
        query: (sql, params, options) =>
          this.send({ op: 'query', tx, sql, params, rowMode: options?.rowMode }) as Promise<ThreadResults>,
      });
    } catch (err) {
      await this.send({ op: 'end', tx, commit: false });
      throw err;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }

  private send(message: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle({ id, result, error }: Reply): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(Object.assign(new Error(error.message), error));
    else waiting.resolve(result);
  }

  /** The thread ended: every query waiting and every later one fails as a lost connection does. */
  private stop(cause: Error): void {
    if (this.stopped) return;
    // 57P01 (admin shutdown): answered as the database unavailable (lib/error-handler.ts).
    this.stopped = Object.assign(new Error(`embedded database stopped: ${cause.message}`), { code: '57P01' });
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { activityLogs, pageViews } from '../../db/schema';

export type PageViewRow = typeof pageViews.$inferInsert;
export type ActivityRow = typeof activityLogs.$inferInsert;

export interface IngestBufferOptions {
  /** Rows waiting at most; past it `add*` refuses (the route answers 503 with Retry-After). */
  maxRows: number;
  /** A flush starts as soon as this many rows wait, else on the next tick. */
  flushRows: number;
  /** The tick: rows never wait longer than this for their insert (while the database keeps up). */
  intervalMs: number;
}

export const INGEST_DEFAULTS: IngestBufferOptions = { maxRows: 20_000, flushRows: 1000, intervalMs: 1000 };

/** Rows per INSERT statement: below PostgreSQL's 65,535 bind parameters at 14 columns a row. */
const ROWS_PER_INSERT = 1000;

/**
 * The analytics events accepted by the API, held in memory and written as multi-row inserts
 * (decision 0031): a burst of thousands of page views a second becomes a few statements instead of
 * a transaction each. Bounded: when `maxRows` rows wait, new ones are refused, never dropped after
 * being acknowledged. A row the database refuses (a user deleted since) is logged and left out
 * without losing the rest of its batch; when the database cannot be reached, the batch waits for
 * the next tick.
 */
export class IngestBuffer {
  private views: PageViewRow[] = [];
  private activity: ActivityRow[] = [];
  private running: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  /** Statements written since start, for tests and the bench. */
  inserts = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: IngestBufferOptions = INGEST_DEFAULTS,
  ) {
    this.timer = setInterval(() => void this.flush(), options.intervalMs);
    this.timer.unref();
  }

  get pending(): number {
    return this.views.length + this.activity.length;
  }

  addPageView(row: PageViewRow): boolean {
    return this.accept(() => this.views.push(row));
  }

  addActivity(row: ActivityRow): boolean {
    return this.accept(() => this.activity.push(row));
  }

  private accept(push: () => void): boolean {
    if (this.pending >= this.options.maxRows) return false;
    push();
    if (this.pending >= this.options.flushRows) void this.flush();
    return true;
  }

  /** Writes every waiting row; flushes run one after another, so rows keep their order. */
  flush(): Promise<void> {
    // Never a rejected chain: one unexpected failure must not stop every later flush.
    this.running = this.running
      .then(() => this.writePending())
      .catch((err: unknown) => this.log.error({ err }, 'analytics flush failed'));
    return this.running;
  }

  /** Stops the tick and writes what waits (Fastify's onClose: nothing acknowledged is lost on SIGTERM). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writePending(): Promise<void> {
    const views = this.views.splice(0);
    const activity = this.activity.splice(0);
    await this.writeAll(views, (rows) => this.db.insert(pageViews).values(rows), this.views);
    await this.writeAll(activity, (rows) => this.db.insert(activityLogs).values(rows), this.activity);
  }

  private async writeAll<T>(rows: T[], insert: (rows: T[]) => Promise<unknown>, queue: T[]): Promise<void> {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      try {
        this.inserts++;
        await insert(chunk);
      } catch (err) {
        if (isRowRefusal(err)) {
          await this.writeOneByOne(chunk, insert);
          continue;
        }
        // The database is away: put the rest back in front of newer rows for the next tick.
        const rest = rows.slice(i);
        queue.unshift(...rest);
        this.log.error({ err, rows: rest.length }, 'analytics rows not written yet: will retry');
        return;
      }
    }
  }

  private async writeOneByOne<T>(rows: T[], insert: (rows: T[]) => Promise<unknown>): Promise<void> {
    for (const row of rows) {
      try {
        this.inserts++;
        await insert([row]);
      } catch (err) {
        this.log.warn({ err }, 'analytics row refused by the database: left out');
      }
    }
  }
}

/** A constraint or data error (SQLSTATE classes 22 and 23): the rows are at fault, not the connection. */
function isRowRefusal(err: unknown): boolean {
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (err as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

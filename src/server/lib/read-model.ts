import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent, Changes } from './events';

/** What a change event means to a read model: nothing, a few rows (by id) to read again, or all. */
export type ReadModelChange = 'none' | 'all' | { ids: readonly number[] };

/** Any value but a promise: what a reader of a model may return. */
export type Sync<R> = R extends PromiseLike<unknown> ? never : R;

export interface ReadModelSpec<T> {
  /** Which part of the model an event makes stale. */
  affects(event: ChangeEvent): ReadModelChange;
  /** Reads the whole model. */
  load(now: number): Promise<T>;
  /**
   * Reads again the rows of the ids named (else `load`), and answers how to put them into the
   * current model: that step runs only if no other change came while they were read, so it may
   * change the model in place rather than copy it (decision 0063).
   */
  refresh?(ids: number[], now: number): Promise<(current: T) => T>;
  /** When the model goes stale by itself (a coupon expires), in epoch ms; Infinity if never. */
  validUntil?(model: T): number;
}

/**
 * Data held in memory for reads, built on first use and kept up to date by the change events of
 * every process (decision 0023): a request filters and sorts it in a loop, where PGlite, one query
 * at a time on the server thread, would run the same join for every request.
 *
 * A change counts a version, and a build that started before it is not kept. A change of a few
 * rows re-reads only them when the model can (`refresh`), at once (`ReadModels`), and requests are
 * answered from the model as it stood until then, a few milliseconds: requests never wait for an
 * admin's save (decision 0055). The request that made the change waits for it (`ReadModels.settled`),
 * so its maker reads what it wrote; a change of everything, or an expired model, makes every
 * request wait for the new build (`latest`).
 */
export class ReadModel<T> {
  private current: T | null = null;
  /** The change count `current` is up to date with. */
  private currentVersion = -1;
  private building: Promise<T> | null = null;
  private buildingVersion = -1;
  private version = 0;
  /** Ids changed since `current` was built; null when everything must be read again. */
  private changed: Set<number> | null = new Set();

  constructor(private readonly spec: ReadModelSpec<T>) {}

  /** Takes change events; those the model does not depend on are ignored. */
  invalidate(events: readonly ChangeEvent[]): void {
    for (const event of events) {
      const change = this.spec.affects(event);
      if (change === 'none') continue;
      this.version++;
      if (change === 'all' || !this.spec.refresh) this.changed = null;
      else for (const id of change.ids) this.changed?.add(id);
    }
  }

  /**
   * Reads the model for a request: `use` runs on the current one while only a few rows of it are
   * being read again (the new one follows within milliseconds), else on the model as of the latest
   * change. `use` must be synchronous (its type refuses a promise): a refresh changes the model in
   * place between two turns of the event loop (decision 0063), so a reader that awaited in between
   * would mix two states of it. A caller that must await (a query, a queue) reads what it needs
   * first, or takes the model itself (`ReadModel`) and reads again after each await.
   */
  read<R>(use: (model: T) => Sync<R>, now = Date.now()): Promise<Sync<R>> {
    return this.get(now).then(use);
  }

  /** Reads the model as of the latest change this process has heard of (`read` otherwise). */
  readLatest<R>(use: (model: T) => Sync<R>, now = Date.now()): Promise<Sync<R>> {
    return this.latest(now).then(use);
  }

  /** Brings the model up to the latest change heard, without handing it out. */
  catchUp(): Promise<void> {
    return this.latest().then(() => {});
  }

  private get(now: number): Promise<T> {
    const current = this.current;
    if (current && this.changed && this.spec.refresh && this.isFresh(current, now)) {
      // The refresh runs without the request; its failure shows to the next `latest`.
      if (this.currentVersion !== this.version) this.latest(now).catch(() => {});
      return Promise.resolve(current);
    }
    return this.latest(now);
  }

  /** Whether a change was heard that the current model does not have yet. */
  get pending(): boolean {
    return this.current !== null && this.currentVersion !== this.version;
  }

  /** Whether requests are answered from the current model while it reads changed rows (`get`). */
  get answersStale(): boolean {
    return this.pending && this.changed !== null && this.spec.refresh !== undefined;
  }

  private isFresh(model: T, now: number): boolean {
    return now < (this.spec.validUntil?.(model) ?? Number.POSITIVE_INFINITY);
  }

  /** The model as of the latest change this process has heard of. */
  private latest(now = Date.now()): Promise<T> {
    const current = this.current;
    const fresh = (model: T) => this.isFresh(model, now);
    if (current && this.currentVersion === this.version && fresh(current)) return Promise.resolve(current);
    if (!this.building || this.buildingVersion !== this.version) {
      const version = this.version;
      this.buildingVersion = version;
      const ids = this.changed ? [...this.changed] : null;
      const keep = (model: T) => {
        if (version === this.version) {
          this.current = model;
          this.currentVersion = version;
          this.changed = new Set();
        }
        return model;
      };
      const refresh = this.spec.refresh;
      const kept =
        current && fresh(current) && ids && refresh
          ? ids.length
            ? // Applied to the model current then: while the version stands, that is `current`.
              refresh(ids, now).then((apply) => {
                if (version !== this.version || this.current !== current) return current;
                try {
                  return keep(apply(current));
                } catch (err) {
                  // Changed in place and stopped half-way: the next request builds it afresh.
                  this.current = null;
                  throw err;
                }
              })
            : Promise.resolve(keep(current))
          : this.spec.load(now).then(keep);
      this.building = kept;
      const settle = () => {
        if (this.building === kept) this.building = null;
      };
      kept.then(settle, settle);
    }
    return this.building as Promise<T>;
  }
}

/**
 * The app's read models (`app.readModels`): each registered model hears every change event, and
 * `warm` builds them all, which the server does when it starts so first visitors do not wait.
 */
export class ReadModels {
  private readonly models: ReadModel<unknown>[] = [];

  constructor(changes: Changes) {
    changes.subscribe((events) => {
      for (const model of this.models) {
        model.invalidate(events);
        // Off the request path: a built model reads its changed rows now, not when next asked.
        if (model.pending) model.catchUp().catch(() => {});
      }
    });
  }

  /** Whether a model answers from the data as it stood while it reads a change (`ReadModel.read`). */
  get answersStale(): boolean {
    return this.models.some((m) => m.answersStale);
  }

  /**
   * Resolves once every built model has the changes heard so far (a failed build included: the
   * next request surfaces it). The server awaits it before answering a request that wrote, so the
   * writer's next read sees its write.
   */
  async settled(): Promise<void> {
    await Promise.all(this.models.filter((m) => m.pending).map((m) => m.catchUp().catch(() => {})));
  }

  register<T>(model: ReadModel<T>): ReadModel<T> {
    this.models.push(model as ReadModel<unknown>);
    return model;
  }

  async warm(log: FastifyBaseLogger): Promise<void> {
    const started = performance.now();
    await Promise.all(
      this.models.map((model) =>
        model.catchUp().catch((err: unknown) => log.warn({ err }, 'read model not built')),
      ),
    );
    log.info({ ms: Math.round(performance.now() - started) }, 'read models built');
  }
}

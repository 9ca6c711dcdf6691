import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { closeRedis } from './redis';

/** What kinds of data a change can be about. */
export type ChangedEntity =
  | 'firm'
  | 'coupon'
  | 'post'
  | 'update'
  | 'review'
  | 'giveaway'
  | 'user'
  | 'subscriber'
  | 'points'
  | 'platform'
  | 'payout';

/** `counted`: only a tally moved (a coupon's uses, its votes); what the row says is unchanged. */
export type ChangeAction = 'created' | 'updated' | 'deleted' | 'counted';

/** One committed change: `firm.updated` with the firm's id, `review.created` ... */
export interface ChangeEvent {
  type: `${ChangedEntity}.${ChangeAction}`;
  id?: number | string;
  /** The firm the changed row belongs to (a review's), so per-firm read models re-read that firm only. */
  firmId?: number;
}

export type ChangeListener = (events: readonly ChangeEvent[]) => void;

/** The transaction `Changes.commit` hands its write. */
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a write gives `Changes.commit`: its result, and what it changed (nothing: an empty list). */
export type Committed<T> = { changes: readonly ChangeEvent[] } & (undefined extends T
  ? { result?: T }
  : { result: T });

/**
 * The change events of this process and, with Redis, of every other process of the cluster.
 * A service writes through `commit`, which publishes what the write changed once its transaction
 * has committed; listeners keep per-process state in step (the read models re-read it, the response
 * cache drops what the change made stale). Listeners run on every process, so work that must
 * happen once (an email) belongs in a job.
 */
export class Changes {
  private readonly listeners: ChangeListener[] = [];
  private remote?: (events: readonly ChangeEvent[]) => void;

  /**
   * The one way a write becomes visible: runs `write` in a transaction and, once it has committed,
   * publishes the changes it returns; a write that throws is rolled back and publishes nothing.
   * Called outermost: inside a caller's transaction, the caller's would be the commit that counts.
   */
  async commit<T>(db: Db, write: (tx: Transaction) => Promise<Committed<T>>): Promise<T> {
    const { result, changes } = await db.transaction(write);
    this.publish(changes);
    return result as T;
  }

  /**
   * Publishes the changes of a write that committed outside `commit`: Better Auth's, made in its
   * own transactions, and a job's, published once for its batch. Every caller is listed with its
   * reason in events.test.ts; tests use it for rows their factories wrote.
   */
  publishCommitted(...events: ChangeEvent[]): void {
    this.publish(events);
  }

  private publish(events: readonly ChangeEvent[]): void {
    if (events.length === 0) return;
    this.deliver(events);
    this.remote?.(events);
  }

  subscribe(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Delivers events to this process's listeners only (those published by another process). */
  deliver(events: readonly ChangeEvent[]): void {
    for (const listener of this.listeners) listener(events);
  }

  /**
   * Shares events with every process through a Redis channel: each process publishes its own and
   * delivers the others'. Returns the function that closes the subscriber connection.
   */
  async connectRedis(redis: Redis, channel: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
    const subscriber = redis.duplicate();
    // Its outages are logged once by the main connection's listener (lib/redis.ts).
    subscriber.on('error', () => {});
    const nodeId = crypto.randomUUID();
    // The server starts and serves without Redis: then the subscription is made once it answers
    // (ioredis renews it after each later reconnection by itself).
    await subscriber.subscribe(channel).catch((err: unknown) => {
      log.warn({ err }, 'change events of other processes not received until Redis answers');
      subscriber.once('ready', () => {
        subscriber.subscribe(channel).catch(() => {});
      });
    });
    subscriber.on('message', (_channel, message: string) => {
      try {
        const { from, events } = JSON.parse(message) as { from: string; events: ChangeEvent[] };
        if (from !== nodeId && Array.isArray(events)) this.deliver(events);
      } catch (err) {
        log.warn({ err }, 'ignored a malformed change event message');
      }
    });
    this.remote = (events) => {
      redis.publish(channel, JSON.stringify({ from: nodeId, events })).catch((err: unknown) => {
        log.warn({ err }, 'change events not shared with other processes');
      });
    };
    return async () => {
      this.remote = undefined;
      await closeRedis(subscriber);
    };
  }
}

import { LRUCache } from 'lru-cache';

export interface CachedResponse {
  status: number;
  contentType: string;
  body: string;
  tags: readonly string[];
}

type Listener = (tags: readonly string[]) => void;

/**
 * Responses for anonymous visitors, keyed by URL and dropped by tag when data changes.
 * With Redis, invalidations are published so every node drops the same entries.
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, CachedResponse>;
  private readonly listeners: Listener[] = [];

  constructor(maxEntries = 2000, ttlMs = 5 * 60_000) {
    this.lru = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  get(key: string): CachedResponse | undefined {
    return this.lru.get(key);
  }

  set(key: string, value: CachedResponse): void {
    this.lru.set(key, value);
  }

  /** Drops every entry carrying one of the tags, here and (through listeners) on other nodes. */
  invalidate(tags: readonly string[]): void {
    this.dropLocal(tags);
    for (const listener of this.listeners) listener(tags);
  }

  dropLocal(tags: readonly string[]): void {
    for (const [key, value] of this.lru.entries()) {
      if (value.tags.some((t) => tags.includes(t) || t === '*') || tags.includes('*')) this.lru.delete(key);
    }
  }

  onInvalidate(listener: Listener): void {
    this.listeners.push(listener);
  }

  clear(): void {
    this.lru.clear();
  }
}

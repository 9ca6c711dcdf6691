import { LRUCache } from 'lru-cache';

export interface CachedResponse {
  status: number;
  contentType: string;
  /**
   * The encoded body, split where a per-response value (the CSP nonce) goes: one part when there
   * is none. Stored as bytes so a hit is sent without encoding or scanning the text again.
   */
  parts: readonly Buffer[];
  tags: readonly string[];
}

/** A cache entry's parts for a body, split at `placeholder` when given. */
export function splitBody(body: string, placeholder?: string): Buffer[] {
  return (placeholder ? body.split(placeholder) : [body]).map((part) => Buffer.from(part));
}

/** The bytes of a cached body with `filler` (the response's nonce) between its parts. */
export function joinBody(parts: readonly Buffer[], filler = ''): Buffer {
  if (parts.length === 1) return parts[0] as Buffer;
  const fill = Buffer.from(filler);
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(fill);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
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

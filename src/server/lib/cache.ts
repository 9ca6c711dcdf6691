import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

/** Content codings a cached body is kept in besides identity, most preferred first. */
const CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CODINGS)[number];

/** Accept-Encoding values repeat (one per browser build), so their answers are remembered. */
const codingNegotiator = new Negotiator<ContentCoding>({
  supportedValues: [...CODINGS],
  cache: new LRUCache<string, string>({ max: 500 }),
});

/** Bodies smaller than this are sent as they are: compressing them saves less than its headers cost. */
const MIN_COMPRESSIBLE_BYTES = 1024;

// zlib's callback functions compress on libuv's thread pool: a page of 100 KB and more takes
// milliseconds to compress, which the synchronous ones would take from the server thread.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const brotli = (body: Buffer, quality: number) =>
  brotliAsync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

/**
 * How hard a body is compressed: once for every response of a cache entry, or for a single response.
 * Brotli 4 gives nearly quality 5's size for two thirds of its time; a single response (a
 * signed-in visitor's page, a page asked for once) uses the faster brotli 3. Each is one size-hinted
 * call rather than the compression plugin's stream.
 */
const compressors: Record<'cached' | 'single', Record<ContentCoding, (body: Buffer) => Promise<Buffer>>> = {
  cached: { br: (body) => brotli(body, 4), gzip: (body) => gzipAsync(body, { level: 6 }) },
  single: { br: (body) => brotli(body, 3), gzip: (body) => gzipAsync(body, { level: 3 }) },
};

/** The content coding to send a body in, by the request's Accept-Encoding; none for identity. */
function chooseCoding(body: Buffer, acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding || body.length < MIN_COMPRESSIBLE_BYTES) return undefined;
  return codingNegotiator.negotiate(acceptEncoding.toLowerCase()) ?? undefined;
}

export interface EncodedBody {
  body: Buffer;
  coding?: ContentCoding;
}

/** A body made for one response (a page made for its request alone), compressed as the request accepts. */
export async function encodeSingle(body: Buffer, acceptEncoding: string | undefined): Promise<EncodedBody> {
  const coding = chooseCoding(body, acceptEncoding);
  return coding ? { body: await compressors.single[coding](body), coding } : { body };
}

export interface CachedResponse {
  status: number;
  contentType: string;
  /** The body without content coding. Cached bodies are the same bytes for every visitor. */
  body: Buffer;
  /** The body compressed in each coding a visitor has asked for, made once on first request. */
  encoded: Partial<Record<ContentCoding, Buffer>>;
  tags: readonly string[];
  /** The route that made it (its metrics label), and headers of its own sent with every hit. */
  route: string;
  headers: Readonly<Record<string, string>>;
}

/** Copies of cached bodies being compressed: the requests that ask meanwhile wait for the same one. */
const compressing = new WeakMap<CachedResponse, Partial<Record<ContentCoding, Promise<Buffer>>>>();

function compressOnce(entry: CachedResponse, coding: ContentCoding): Promise<Buffer> {
  let pending = compressing.get(entry);
  if (!pending) {
    pending = {};
    compressing.set(entry, pending);
  }
  const started = pending[coding];
  if (started) return started;
  const made = compressors.cached[coding](entry.body)
    .then((bytes) => {
      entry.encoded[coding] = bytes;
      return bytes;
    })
    .finally(() => {
      delete pending[coding];
    });
  pending[coding] = made;
  return made;
}

/**
 * The bytes to send for a cached response and their content coding (none for identity), chosen by
 * the request's Accept-Encoding: at once when the entry holds that coding (a cache hit costs no
 * compression, decision 0004), else once it is made, once per entry and coding.
 */
export function encodeCached(
  entry: CachedResponse,
  acceptEncoding: string | undefined,
): EncodedBody | Promise<EncodedBody> {
  const coding = chooseCoding(entry.body, acceptEncoding);
  if (!coding) return { body: entry.body };
  const ready = entry.encoded[coding];
  if (ready) return { body: ready, coding };
  return compressOnce(entry, coding).then((body) => ({ body, coding }));
}

/** The tag that stands for every entry: invalidating it drops the whole cache. */
export const ALL_TAGS = '*';

/** Keys (pages and API answers) asked for lately that `admit` remembers, about 100 bytes each. */
const ASKED_KEYS_KEPT = 20_000;

/**
 * Cached responses (public API answers; page HTML for anonymous visitors, decision 0004), keyed by
 * URL and dropped by tag when data changes (app.ts turns change events into tags, on every process).
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, CachedResponse>;
  /** Counts invalidations; `invalidatedAt` keeps, per tag, the count at its last one. */
  private sequence = 0;
  private readonly invalidatedAt = new Map<string, number>();
  /** Keys `admit` was asked about within an entry's lifetime. */
  private readonly asked: LRUCache<string, true>;

  /** Bounded by bytes: a body counts one and a half times, room for its compressed copies. */
  constructor(maxBytes = 64 * 1024 * 1024, ttlMs = 5 * 60_000) {
    this.lru = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (value, key) => key.length + Math.ceil(value.body.length * 1.5),
      ttl: ttlMs,
    });
    this.asked = new LRUCache({ max: ASKED_KEYS_KEPT, ttl: ttlMs });
  }

  /**
   * Records a request for `key` that missed the cache, and says whether its answer is worth
   * storing: when the key was asked for before, within an entry's lifetime (decision 0040). A page
   * asked for once, as a crawler asks for each, is made for that request alone and never stored.
   */
  admit(key: string): boolean {
    if (this.asked.get(key)) return true;
    this.asked.set(key, true);
    return false;
  }

  get(key: string): CachedResponse | undefined {
    return this.lru.get(key);
  }

  /** Taken before reading the data an answer is built from, and handed to `set` with the answer. */
  mark(): number {
    return this.sequence;
  }

  /**
   * Stores an answer, unless one of its tags was invalidated (here or on another process) since
   * `mark` was taken: a write committed while the answer was built would otherwise be hidden by the
   * answer it made stale until the entry expires. Writes to other data do not stop it.
   */
  set(key: string, value: CachedResponse, mark: number): void {
    if (this.changedSince(value.tags, mark)) return;
    this.lru.set(key, value);
  }

  private changedSince(tags: readonly string[], mark: number): boolean {
    if ((this.invalidatedAt.get(ALL_TAGS) ?? 0) > mark) return true;
    if (tags.includes(ALL_TAGS)) return this.sequence > mark;
    return tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > mark);
  }

  /** Drops every entry carrying one of the tags (every entry for `ALL_TAGS`). */
  invalidate(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.sequence++;
    for (const tag of tags) this.invalidatedAt.set(tag, this.sequence);
    const all = tags.includes(ALL_TAGS);
    for (const [key, value] of this.lru.entries()) {
      if (all || value.tags.some((t) => t === ALL_TAGS || tags.includes(t))) this.lru.delete(key);
    }
  }

  clear(): void {
    this.lru.clear();
  }
}

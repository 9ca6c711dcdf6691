import { inArray, sql } from 'drizzle-orm';
import { SEARCH_MAX_RESULTS, type SearchResultFirm } from '../../../domain/firms';
import type { Db } from '../../db/client';
import { propFirms } from '../../db/schema';
import type { ChangeEvent } from '../../lib/events';
import { ReadModel } from '../../lib/read-model';

/**
 * Firm search by name, in memory (decision 0033): every firm's name normalized, with its word
 * starts and trigrams, kept up to date by firm change events. Ranking, best first:
 * - the whole name (3), a prefix of it (2), anywhere in it (1);
 * - a one-letter slip (a letter wrong, missing, extra, or two swapped) in a partial name of 4 or
 *   more letters from the start of any word ('Nothbr' finds Northbridge, 'Brigthwell' Brightwell);
 * - most of the query's trigrams in the name (0.6 or more of them);
 * each plus the share of the query's trigrams found in the name, then the name A-Z. Only when
 * nothing matches so are names (or one of their words) similar as a whole looked for (trigram
 * similarity 0.3: several typos).
 */

const NAMES = new Intl.Collator('en');
const STRONG_TRIGRAMS = 0.6;
const SIMILAR = 0.3;
/** A one-letter slip is looked for in partial names of at least this many letters. */
export const SLIP_MIN_LENGTH = 4;

interface SearchEntry {
  firm: SearchResultFirm;
  /** Lower case, accents dropped, anything but letters and digits as single spaces. */
  text: string;
  /** Where each word of `text` starts. */
  starts: number[];
  trigrams: Set<string>;
  /** Each word's own trigrams, for similarity to one word of a longer name. */
  wordTrigrams: Set<string>[];
}

export interface SearchIndex {
  entries: Map<number, SearchEntry>;
  /** The entries having each trigram, so a query looks only at names it shares one with. */
  byTrigram: Map<string, SearchEntry[]>;
}

/** The text a name or a query is compared as. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** pg_trgm's trigrams: each word padded with two spaces before and one after. */
export function trigramsOf(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/**
 * Whether `query` is one edit (optimal string alignment: a substitution, insertion, deletion or
 * swap of two neighbours) or less from some text starting at `start` of `text`: the query typed
 * as a prefix, with one slip.
 */
export function slipsInto(query: string, text: string, start: number): boolean {
  const m = query.length;
  const n = Math.min(text.length - start, m + 1);
  if (n < m - 1) return false;
  // prev2, prev, row: rows i-2, i-1 and i of the distance table (query prefix x text prefix).
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= n; j++) {
      const same = query[i - 1] === text[start + j - 1];
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (same ? 0 : 1));
      if (i > 1 && j > 1 && query[i - 1] === text[start + j - 2] && query[i - 2] === text[start + j - 1]) {
        d = Math.min(d, prev2[j - 2] + 1);
      }
      row.push(d);
      if (d < best) best = d;
    }
    // Every later row is at least this row's minimum.
    if (best > 1) return false;
    prev2 = prev;
    prev = row;
  }
  // The query typed in full against a prefix of m-1, m or m+1 letters of the text.
  for (let j = Math.max(0, m - 1); j <= n; j++) if (prev[j] <= 1) return true;
  return false;
}

const sharedCount = (query: Set<string>, trigrams: Set<string>) => {
  let shared = 0;
  for (const t of query) if (trigrams.has(t)) shared++;
  return shared;
};

/** Shared trigrams over both sets together (pg_trgm's similarity). */
const similarity = (query: Set<string>, trigrams: Set<string>) => {
  const shared = sharedCount(query, trigrams);
  return shared / (query.size + trigrams.size - shared);
};

function entryOf(firm: SearchResultFirm): SearchEntry {
  const text = normalizeSearchText(firm.name);
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) if (i === 0 || text[i - 1] === ' ') starts.push(i);
  return { firm, text, starts, trigrams: trigramsOf(text), wordTrigrams: text.split(' ').map(trigramsOf) };
}

export const buildSearchIndex = (firms: readonly SearchResultFirm[]): SearchIndex =>
  indexEntries(new Map(firms.map((f) => [f.id, entryOf(f)])));

function indexEntries(entries: Map<number, SearchEntry>): SearchIndex {
  const byTrigram = new Map<string, SearchEntry[]>();
  for (const entry of entries.values()) {
    for (const t of entry.trigrams) {
      const list = byTrigram.get(t);
      if (list) list.push(entry);
      else byTrigram.set(t, [entry]);
    }
  }
  return { entries, byTrigram };
}

/**
 * Replaces in `index` the entries of `ids` by `fresh` (a firm missing from it is gone), in place:
 * only the trigram lists of those entries change, the new entries last, as in a full build of the
 * same entries (decisions 0055, 0063).
 */
function patchSearchIndex(index: SearchIndex, ids: readonly number[], fresh: SearchEntry[]): SearchIndex {
  const { entries, byTrigram } = index;
  for (const id of ids) {
    const entry = entries.get(id);
    if (!entry) continue;
    entries.delete(id);
    for (const t of entry.trigrams) {
      const list = byTrigram.get(t);
      const at = list?.indexOf(entry) ?? -1;
      if (at >= 0) list?.splice(at, 1);
      if (list?.length === 0) byTrigram.delete(t);
    }
  }
  for (const entry of fresh) {
    entries.set(entry.firm.id, entry);
    for (const t of entry.trigrams) {
      const list = byTrigram.get(t);
      if (list) list.push(entry);
      else byTrigram.set(t, [entry]);
    }
  }
  return index;
}

/**
 * Each entry sharing a trigram with the query, and how many it shares; null when the query has no
 * word of 3 letters or more (then a name can contain it without sharing a trigram: look at all).
 */
function sharingEntries(index: SearchIndex, q: string, qTrigrams: Set<string>) {
  if (!q.split(' ').some((word) => word.length >= 3)) return null;
  const shared = new Map<SearchEntry, number>();
  for (const t of qTrigrams) {
    for (const entry of index.byTrigram.get(t) ?? []) shared.set(entry, (shared.get(entry) ?? 0) + 1);
  }
  return shared;
}

/** The best SEARCH_MAX_RESULTS firms for a query, by the ranking above. */
export function searchIndex(index: SearchIndex, query: string): SearchResultFirm[] {
  const q = normalizeSearchText(query);
  if (!q) return [];
  const qTrigrams = trigramsOf(q);
  // One slip changes at most three of the query's trigrams, and a prefix misses its last one.
  const slipFloor = Math.max(1, qTrigrams.size - 4);
  const strong: { entry: SearchEntry; score: number }[] = [];
  const sharing = sharingEntries(index, q, qTrigrams);
  const candidates = sharing ? sharing.keys() : index.entries.values();
  for (const entry of candidates) {
    const shared = sharing ? (sharing.get(entry) ?? 0) : sharedCount(qTrigrams, entry.trigrams);
    const words = shared / qTrigrams.size;
    const { text } = entry;
    let base = -1;
    if (text === q) base = 3;
    else if (text.startsWith(q)) base = 2;
    else if (text.includes(q)) base = 1;
    else if (
      q.length >= SLIP_MIN_LENGTH &&
      shared >= slipFloor &&
      entry.starts.some((start) => slipsInto(q, text, start))
    ) {
      base = 0.5;
    } else if (words >= STRONG_TRIGRAMS) base = 0;
    if (base >= 0) strong.push({ entry, score: base + words });
  }
  const ranked =
    strong.length > 0 ? strong : similarAsAWhole(sharing?.keys() ?? index.entries.values(), qTrigrams);
  return ranked
    .sort((a, b) => b.score - a.score || NAMES.compare(a.entry.firm.name, b.entry.firm.name))
    .slice(0, SEARCH_MAX_RESULTS)
    .map(({ entry }) => entry.firm);
}

/** Names, or a word of them, whose trigrams overlap the query's by SIMILAR or more. */
function similarAsAWhole(entries: Iterable<SearchEntry>, qTrigrams: Set<string>) {
  const found: { entry: SearchEntry; score: number }[] = [];
  for (const entry of entries) {
    let score = similarity(qTrigrams, entry.trigrams);
    for (const word of entry.wordTrigrams) score = Math.max(score, similarity(qTrigrams, word));
    if (score >= SIMILAR) found.push({ entry, score });
  }
  return found;
}

/** Every firm (any status: search shows unlisted ones too), or the ones named. */
async function readSearchFirms(db: Db, ids?: readonly number[]): Promise<SearchResultFirm[]> {
  const rows = await db
    .select({
      id: propFirms.id,
      name: propFirms.name,
      slug: propFirms.slug,
      logoUrl: propFirms.logo,
      status: propFirms.status,
      assetClass: propFirms.assetType,
      shortDescription: propFirms.shortDescription,
      description: sql<string | null>`left(${propFirms.description}, 300)`,
      affiliateUrl: propFirms.affiliateUrl,
      websiteUrl: propFirms.website,
    })
    .from(propFirms)
    .where(ids ? inArray(propFirms.id, [...ids]) : undefined);
  return rows.map(({ shortDescription, description, ...row }) => ({
    ...row,
    description: shortDescription ?? description,
  }));
}

const affectsSearch = (event: ChangeEvent) =>
  /^firm\.(created|updated|deleted)$/.test(event.type)
    ? typeof event.id === 'number'
      ? { ids: [event.id] }
      : ('all' as const)
    : ('none' as const);

/** The search index, read on first use and kept up to date by firm change events. */
export const createSearchIndex = (db: Db) =>
  new ReadModel<SearchIndex>({
    affects: affectsSearch,
    load: async () => buildSearchIndex(await readSearchFirms(db)),
    refresh: async (ids) => {
      const fresh = (await readSearchFirms(db, ids)).map(entryOf);
      return (current) => patchSearchIndex(current, ids, fresh);
    },
  });

import { and, eq, min, sql } from 'drizzle-orm';
import {
  DIRECTORY_SEARCH_FIELDS,
  type DirectoryOrderKey,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectorySort,
  type DirectoryStats,
  directoryOrder,
  MARKET_KEYWORDS,
  normalizeTrustRating,
  pageOffset,
  trustRatingWeight,
} from '../../../domain/firm-rules';
import type { FirmSummary } from '../../../domain/firms';
import type { Db } from '../../db/client';
import { coupons, featuredFirm, propFirms } from '../../db/schema';
import type { ChangeEvent } from '../../lib/events';
import { ReadModel, type ReadModelChange } from '../../lib/read-model';
import { isCouponLive, LISTED, readDirectoryFirms } from './service';

/**
 * The directory (`GET /api/firms`, `/api/firms/stats`) in memory (decision 0033): every listed
 * firm's card, in each order of the sort buttons, filtered and paged in a loop. Kept up to date by
 * change events: a firm's change, or a review or payout report of it, re-reads that firm's card; a coupon's change
 * re-reads every card; the model expires when a live coupon does (the cards' counts and best
 * coupons count live coupons only).
 */

interface DirectoryEntry {
  card: FirmSummary;
  /** Lower case assetType, for the market filter. */
  asset: string;
  /** The lower case texts the search looks in. */
  searchable: string[];
}

export interface DirectoryModel {
  entries: Map<number, DirectoryEntry>;
  featuredFirmId: number | null;
  /** Entries in the order of each sort (the featured firm first, as `directoryOrder` says). */
  orders: Record<'default' | DirectorySort, DirectoryEntry[]>;
  stats: DirectoryStats;
  validUntil: number;
}

const entryOf = (card: FirmSummary): DirectoryEntry => ({
  card,
  asset: (card.assetType ?? '').toLowerCase(),
  searchable: DIRECTORY_SEARCH_FIELDS.map((field) => (card[field] ?? '').toLowerCase()),
});

/** The sort keys of firm-rules.ts as comparisons ('name' as lower case code points, like SQL's C order). */
function comparator(keys: DirectoryOrderKey[], featuredFirmId: number | null) {
  const by: Record<DirectoryOrderKey, (a: FirmSummary, b: FirmSummary) => number> = {
    featured: (a, b) => Number(b.id === featuredFirmId) - Number(a.id === featuredFirmId),
    trustWeight: (a, b) => trustRatingWeight(b.trustRating) - trustRatingWeight(a.trustRating),
    averageRating: (a, b) => b.averageRating - a.averageRating,
    totalReviews: (a, b) => b.totalReviews - a.totalReviews,
    name: (a, b) => {
      const x = a.name.toLowerCase();
      const y = b.name.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    },
    id: (a, b) => a.id - b.id,
  };
  const compare = keys.map((key) => by[key]);
  return (a: DirectoryEntry, b: DirectoryEntry) => {
    for (const c of compare) {
      const d = c(a.card, b.card);
      if (d !== 0) return d;
    }
    return 0;
  };
}

async function readFeaturedFirmId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: propFirms.id })
    .from(propFirms)
    .where(
      and(
        eq(propFirms.id, sql`(select ${featuredFirm.propFirmId} from ${featuredFirm} limit 1)`),
        eq(propFirms.status, LISTED),
      ),
    );
  return row?.id ?? null;
}

/** When the first live coupon expires (the cards' coupon counts change then). */
async function readNextExpiry(db: Db): Promise<number> {
  const [row] = await db
    .select({ at: min(coupons.expiryDate) })
    .from(coupons)
    .where(isCouponLive);
  return row?.at ? new Date(row.at).getTime() : Number.POSITIVE_INFINITY;
}

/** What the model is made of besides the cards: the featured firm and when a live coupon expires. */
async function readDirectoryExtras(db: Db) {
  const [featuredFirmId, validUntil] = await Promise.all([readFeaturedFirmId(db), readNextExpiry(db)]);
  return { featuredFirmId, validUntil };
}

type DirectoryExtras = Awaited<ReturnType<typeof readDirectoryExtras>>;

/** The model over `entries`, each order sorted. */
function assemble(entries: Map<number, DirectoryEntry>, extras: DirectoryExtras): DirectoryModel {
  const sorted = (sort: DirectorySort | null) =>
    [...entries.values()].sort(comparator(directoryOrder(sort), extras.featuredFirmId));
  const byName = sorted(null);
  const stats = { listedCount: entries.size, approvedCount: 0, accountCount: 0, activeCouponCount: 0 };
  for (const { card } of entries.values()) countCard(stats, card, 1);
  return {
    entries,
    ...extras,
    orders: { default: byName, az: byName, rating: sorted('rating'), reviews: sorted('reviews') },
    stats,
  };
}

/**
 * Puts the cards read again of the firms `ids` into the model, in place: each order loses the
 * changed entries and takes their new ones where it puts them (binary search), rather than being
 * sorted again (decisions 0055, 0063); unless the featured firm changed, which moves a firm in every
 * order: then the model is assembled afresh.
 */
function patchDirectory(
  model: DirectoryModel,
  ids: readonly number[],
  cards: readonly FirmSummary[],
  extras: DirectoryExtras,
): DirectoryModel {
  const { entries, stats } = model;
  const fresh = new Map(cards.map((card) => [card.id, entryOf(card)]));
  if (model.featuredFirmId !== extras.featuredFirmId) {
    for (const id of ids) entries.delete(id);
    for (const [id, entry] of fresh) entries.set(id, entry);
    return assemble(entries, extras);
  }
  const orders = [...new Set(Object.values(model.orders))];
  const comparators = new Map(
    (['default', 'rating', 'reviews'] as const).map((sort) => [
      model.orders[sort],
      comparator(directoryOrder(sort === 'default' ? null : sort), extras.featuredFirmId),
    ]),
  );
  for (const id of ids) {
    const old = entries.get(id);
    if (!old) continue;
    // Each order ends with the id, so an entry's place is found by binary search.
    for (const order of orders) order.splice(insertionPoint(order, old, comparators.get(order)!), 1);
    countCard(stats, old.card, -1);
    entries.delete(id);
  }
  for (const [id, entry] of fresh) {
    for (const order of orders) order.splice(insertionPoint(order, entry, comparators.get(order)!), 0, entry);
    countCard(stats, entry.card, 1);
    entries.set(id, entry);
  }
  stats.listedCount = entries.size;
  model.validUntil = extras.validUntil;
  return model;
}

/** Adds a card to the directory's counts (`sign` 1), or takes it away (-1). */
function countCard(stats: DirectoryStats, card: FirmSummary, sign: 1 | -1): void {
  if (normalizeTrustRating(card.trustRating) === 'approved') stats.approvedCount += sign;
  stats.accountCount += sign * card.accountCount;
  stats.activeCouponCount += sign * card.activeCouponCount;
}

/** Where `entry` goes in `order` (sorted by `compare`): after every entry that sorts before it. */
function insertionPoint<T>(order: readonly T[], entry: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle], entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const affectsDirectory = (event: ChangeEvent): ReadModelChange => {
  const [entity, action] = event.type.split('.');
  if (action === 'counted') return 'none';
  if (entity === 'firm') return typeof event.id === 'number' ? { ids: [event.id] } : 'all';
  if (entity === 'review' || entity === 'payout') {
    return event.firmId !== undefined ? { ids: [event.firmId] } : 'all';
  }
  if (entity === 'coupon') return 'all';
  return 'none';
};

export const createDirectoryModel = (db: Db) =>
  new ReadModel<DirectoryModel>({
    affects: affectsDirectory,
    load: async () => {
      const [cards, extras] = await Promise.all([readDirectoryFirms(db), readDirectoryExtras(db)]);
      return assemble(new Map(cards.map((card) => [card.id, entryOf(card)])), extras);
    },
    refresh: async (ids) => {
      const [cards, featuredFirmId] = await Promise.all([
        readDirectoryFirms(db, ids),
        readFeaturedFirmId(db),
      ]);
      // Coupons change by events of their own, which build the model afresh; a firm's change only
      // drops coupons (its deletion), which leaves the next expiry where it was or later.
      return (current) =>
        patchDirectory(current, ids, cards, { featuredFirmId, validUntil: current.validUntil });
    },
    validUntil: (model) => model.validUntil,
  });

/** One page of the directory: the market and text filters over the chosen order. */
export function listDirectory(model: DirectoryModel, query: DirectoryQuery): DirectoryPage<FirmSummary> {
  const words = query.market === 'all' ? null : MARKET_KEYWORDS[query.market];
  const q = query.q.trim().toLowerCase();
  const from = pageOffset(query.page, query.pageSize);
  const to = from + query.pageSize;
  const firms: FirmSummary[] = [];
  let total = 0;
  for (const entry of model.orders[query.sort ?? 'default']) {
    if (words && !words.some((word) => entry.asset.includes(word))) continue;
    if (q && !entry.searchable.some((text) => text.includes(q))) continue;
    if (total >= from && total < to) firms.push(entry.card);
    total++;
  }
  return { firms, total, page: query.page, pageSize: query.pageSize, featuredFirmId: model.featuredFirmId };
}

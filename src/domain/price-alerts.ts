import type { ChallengeAsset, ChallengeQuery, DrawdownType, PriceSignal } from './challenge-rules';
import { meetsPayoutTier, type PayoutTier } from './payout-rules';

/**
 * The rules of saved-search alerts and price history, shared by the server (matching, recording)
 * and the browser (the finder's badges). No zod: the finder's chunk imports this.
 */

export const SAVED_SEARCH_LIMIT = 20;
/** At most one alert email per saved search in this long. */
export const ALERT_INTERVAL_MS = 86_400_000;
export const LOW_WINDOW_DAYS = 90;
export const DROP_BADGE_DAYS = 7;
const DAY_MS = 86_400_000;

/** What the finder's filters read of one account option, as the alert matching keeps it. */
export interface OptionFacts {
  firmId: number;
  capital: number;
  /** 0 for instant funding. */
  steps: number;
  assets: ChallengeAsset[];
  drawdownType: DrawdownType | null;
  dailyDrawdown: number | null;
  maximumDrawdown: number | null;
  /** Phase-1 target; 0 for instant funding. */
  target: number;
  profitSplit: number | null;
  priceAfterCoupon: number;
  platforms: string[];
  /** Lower case. */
  restricted: string[];
  news: boolean;
  weekend: boolean;
  ea: boolean;
  timeLimits: boolean;
  refundable: boolean;
  hasCoupon: boolean;
  payoutTier: PayoutTier | null;
}

/** The filters of a finder query, the part a saved search matches by. */
export type SearchFilters = Omit<
  ChallengeQuery,
  'passRate' | 'monthsPerAttempt' | 'sort' | 'order' | 'page' | 'pageSize'
>;

const anyOf = <T>(wanted: readonly T[], test: (value: T) => boolean) =>
  wanted.length === 0 || wanted.some(test);
const yesNo = (wanted: boolean | undefined, actual: boolean) => wanted === undefined || wanted === actual;

/**
 * Whether one option passes a query's filters: the same meaning as GET /api/challenges (repeated
 * values of one filter: any; different filters: all), one row at a time. A test holds the two to
 * the same answers over a generated catalog.
 */
export function matchesFilters(f: OptionFacts, q: SearchFilters): boolean {
  const country = q.country?.trim().toLowerCase();
  return (
    anyOf(q.size, (s) => s === f.capital) &&
    !(q.sizeMin != null && f.capital < q.sizeMin) &&
    !(q.sizeMax != null && f.capital > q.sizeMax) &&
    anyOf(q.steps, (s) => s === f.steps) &&
    anyOf(q.asset, (a) => f.assets.includes(a)) &&
    anyOf(q.drawdownType, (d) => d === f.drawdownType) &&
    // A model without a daily limit passes any minimum.
    !(q.dailyDrawdownMin != null && f.dailyDrawdown && !(f.dailyDrawdown >= q.dailyDrawdownMin)) &&
    !(q.maxDrawdownMin != null && !(f.maximumDrawdown != null && f.maximumDrawdown >= q.maxDrawdownMin)) &&
    !(q.targetMax != null && f.target > q.targetMax) &&
    !(q.priceMax != null && f.priceAfterCoupon > q.priceMax) &&
    !(q.profitSplitMin != null && !(f.profitSplit != null && f.profitSplit >= q.profitSplitMin)) &&
    anyOf(q.platform, (p) => f.platforms.includes(p)) &&
    !(country && f.restricted.includes(country)) &&
    yesNo(q.news, f.news) &&
    yesNo(q.weekend, f.weekend) &&
    yesNo(q.ea, f.ea) &&
    yesNo(q.noTimeLimit === undefined ? undefined : !q.noTimeLimit, f.timeLimits) &&
    yesNo(q.refundable, f.refundable) &&
    yesNo(q.hasCoupon, f.hasCoupon) &&
    (!q.payoutRecord || meetsPayoutTier(f.payoutTier, q.payoutRecord))
  );
}

export type SearchChangeKind = 'new' | 'cheaper';
export interface SearchChange {
  kind: SearchChangeKind;
  /** The price after coupon before (null for an option that newly matches). */
  oldPrice: number | null;
  newPrice: number;
}

/**
 * What one option's change (from `before` to `after`; undefined: not in the catalog) means to a
 * saved search: it newly matches, or it matched and its price after coupon fell; else null.
 */
export function detectSearchChange(
  before: OptionFacts | undefined,
  after: OptionFacts | undefined,
  filters: SearchFilters,
): SearchChange | null {
  if (!after || !matchesFilters(after, filters)) return null;
  if (!before || !matchesFilters(before, filters))
    return { kind: 'new', oldPrice: null, newPrice: after.priceAfterCoupon };
  if (after.priceAfterCoupon < before.priceAfterCoupon)
    return { kind: 'cheaper', oldPrice: before.priceAfterCoupon, newPrice: after.priceAfterCoupon };
  return null;
}

/** One line of an alert email: an option and its change. */
export interface AlertLine extends SearchChange {
  accountId: number;
  firmSlug: string;
  firmName: string;
  modelName: string;
  capital: number;
}

/**
 * The changes of one option recorded since a search's last email, as the email tells them: from
 * the first (its old price) to what the option is now. Null when they cancel out (it matches no
 * more, or its price is back at or above where it was).
 */
export function collapseSearchChanges(
  changes: readonly SearchChange[],
  now: OptionFacts | undefined,
  filters: SearchFilters,
): SearchChange | null {
  if (changes.length === 0 || !now || !matchesFilters(now, filters)) return null;
  const first = changes[0];
  const newPrice = now.priceAfterCoupon;
  if (first.kind === 'new') return { kind: 'new', oldPrice: null, newPrice };
  return first.oldPrice != null && newPrice < first.oldPrice
    ? { kind: 'cheaper', oldPrice: first.oldPrice, newPrice }
    : null;
}

/** Whether a price row differs from the last one recorded for its account (or there is none). */
export const priceChanged = (
  last: { listPrice: number; priceAfterCoupon: number } | undefined,
  now: { listPrice: number; priceAfterCoupon: number },
) => !last || last.listPrice !== now.listPrice || last.priceAfterCoupon !== now.priceAfterCoupon;

export interface PricePoint {
  listPrice: number;
  priceAfterCoupon: number;
  /** ISO time. */
  recordedAt: string;
}

/**
 * The card's price signal from an account's history (oldest first), at `now`. "Lowest in 90 days"
 * needs a higher price within the window, so an option that never changed does not claim it.
 */
export function priceSignalOf(history: readonly PricePoint[], now: Date): PriceSignal {
  const none: PriceSignal = { latestDrop: null, droppedAt: null, lowestIn90Days: false };
  if (history.length === 0) return none;
  const last = history[history.length - 1];
  const previous = history.length > 1 ? history[history.length - 2] : undefined;
  const fell = previous && last.priceAfterCoupon < previous.priceAfterCoupon;
  const since = now.getTime() - LOW_WINDOW_DAYS * DAY_MS;
  // The price in force at the window's start counts, as do all set within it.
  let atStart: PricePoint | undefined;
  const within: PricePoint[] = [];
  for (const point of history) {
    if (new Date(point.recordedAt).getTime() <= since) atStart = point;
    else within.push(point);
  }
  const window = atStart ? [atStart, ...within] : within;
  const higher = window.some((p) => p.priceAfterCoupon > last.priceAfterCoupon);
  const lowest = window.every((p) => p.priceAfterCoupon >= last.priceAfterCoupon);
  return {
    latestDrop: fell ? Math.round((previous.priceAfterCoupon - last.priceAfterCoupon) * 100) / 100 : null,
    droppedAt: fell ? last.recordedAt : null,
    lowestIn90Days: higher && lowest,
  };
}

/** Whether the card shows "Price dropped": a fall within the last 7 days. */
export const showsPriceDropped = (signal: Pick<PriceSignal, 'droppedAt'>, now: Date) =>
  signal.droppedAt != null &&
  now.getTime() - new Date(signal.droppedAt).getTime() <= DROP_BADGE_DAYS * DAY_MS;

import { countOf, formatCount, formatPercent } from './format';
/** Search queries run from this many characters (spec section 5). */
export const SEARCH_MIN_LENGTH = 2;
/** The star rating a new review starts with (spec section 9). */
export const DEFAULT_REVIEW_RATING = 5;

/** Display rules of firms shared by server and browser (spec sections 2, 4 and 9). */

export type TrustRating = 'approved' | 'caution' | 'avoid' | 'not tested';

const TRUST_LABELS: Record<TrustRating, string> = {
  approved: 'Approved',
  caution: 'Caution',
  avoid: 'Avoid',
  'not tested': 'Not Tested',
};

const TRUST_WEIGHTS: Record<TrustRating, number> = { approved: 3, caution: 2, avoid: 1, 'not tested': 0 };

/**
 * What a stored trust rating text means once normalized (lower case, trimmed, '_' and '-' read
 * as spaces); any other text, or none, is 'not tested'. The server's SQL sort reads this table too.
 */
export const TRUST_RATING_TEXTS: Readonly<Record<string, Exclude<TrustRating, 'not tested'>>> = {
  approved: 'approved',
  trusted: 'approved',
  caution: 'caution',
  avoid: 'avoid',
};

/** Missing or unknown values are 'not tested'; 'trusted' is shown as approved. */
export function normalizeTrustRating(raw: string | null | undefined): TrustRating {
  const value = (raw ?? '').trim().toLowerCase().replace(/[_-]/g, ' ');
  return TRUST_RATING_TEXTS[value] ?? 'not tested';
}

export const trustRatingLabel = (raw: string | null | undefined) => TRUST_LABELS[normalizeTrustRating(raw)];
export const trustRatingWeight = (raw: string | null | undefined) => TRUST_WEIGHTS[normalizeTrustRating(raw)];

/** The sort buttons of /firms (spec section 2); null is the default order. */
export type FirmSort = 'az' | 'rating' | null;

/** A-Z and Rating switch each other off; choosing the active one again turns sorting off. */
export function toggleSort(current: FirmSort, clicked: Exclude<FirmSort, null>): FirmSort {
  return current === clicked ? null : clicked;
}

/** The sorts GET /api/firms offers: the two buttons, and 'reviews' for the home page's top-rated list. */
export const DIRECTORY_SORTS = ['az', 'rating', 'reviews'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** A key of the directory order, highest first for the first four, A-Z and ascending for the last two. */
export type DirectoryOrderKey = 'featured' | 'trustWeight' | 'averageRating' | 'totalReviews' | 'name' | 'id';

/**
 * The directory order, most significant key first (spec section 4): the featured firm always on
 * top, then the chosen sort (Rating: trust weight; reviews: average rating, then review count),
 * then the name A-Z ignoring case, then the id so that pages never overlap. The default order and
 * A-Z are the same. The server turns each key into SQL.
 */
export function directoryOrder(sort: DirectorySort | null): DirectoryOrderKey[] {
  const chosen: DirectoryOrderKey[] =
    sort === 'rating' ? ['trustWeight'] : sort === 'reviews' ? ['averageRating', 'totalReviews'] : [];
  return ['featured', ...chosen, 'name', 'id'];
}

export const UNLISTED_STATUS_LABELS: Record<string, string> = {
  not_yet_listed: 'Not Yet Listed',
  listing_pending: 'Listing Pending',
  not_qualified: 'Not Qualified for Listing',
};

export const unlistedStatusLabel = (status: string) => UNLISTED_STATUS_LABELS[status] ?? status;

export const UNLISTED_READ_MORE_LENGTH = 70;

// One collator for every comparison: `localeCompare` with a locale and options builds one per call.
const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: { name: string }, b: { name: string }) => NAME_COLLATOR.compare(a.name, b.name);

/** Pending first, then sortOrder, then name. */
export function sortUnlistedFirms<T extends { status: string; sortOrder: number; name: string }>(
  firms: readonly T[],
): T[] {
  const pending = (f: T) => (f.status === 'listing_pending' ? 0 : 1);
  return [...firms].sort((a, b) => pending(a) - pending(b) || a.sortOrder - b.sortOrder || byName(a, b));
}

export const needsReadMore = (text: string | null | undefined, limit: number) => (text ?? '').length > limit;

export const ASSET_FILTER_VALUES = ['all', 'cfd', 'futures', 'crypto'] as const;
export type AssetFilter = (typeof ASSET_FILTER_VALUES)[number];

export const ASSET_FILTERS: readonly { value: AssetFilter; label: string }[] = [
  { value: 'all', label: 'All Markets' },
  { value: 'cfd', label: 'CFD/Forex' },
  { value: 'futures', label: 'Futures' },
  { value: 'crypto', label: 'Crypto' },
];

/**
 * The words that put a firm under a market filter when its assetType text contains one of them
 * (any case): CFD/Forex takes cfd or forex. The server's SQL filter reads this table.
 */
export const MARKET_KEYWORDS: Readonly<Record<Exclude<AssetFilter, 'all'>, readonly string[]>> = {
  cfd: ['cfd', 'forex'],
  futures: ['futures'],
  crypto: ['crypto'],
};

/** The firm fields the directory's text search looks in: a firm matches when one contains the text. */
export const DIRECTORY_SEARCH_FIELDS = ['name', 'shortDescription', 'assetType'] as const;

/** The longest directory search text. */
export const DIRECTORY_QUERY_MAX = 100;

/** Firms per directory page: a multiple of the 1, 2 and 3 card columns. */
export const DIRECTORY_PAGE_SIZE = 24;
/** The largest page GET /api/firms serves (also the structured-data cap of 50 firms). */
export const DIRECTORY_MAX_PAGE_SIZE = 50;
/** Page numbers beyond this are refused: 10,000 pages of 50 is far more than any directory holds. */
export const DIRECTORY_MAX_PAGE = 10_000;

/** The number of pages for `total` firms; an empty list still has its one (empty) page. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** How many firms come before the first one of `page` (pages count from 1). */
export const pageOffset = (page: number, pageSize: number) => (page - 1) * pageSize;

/** What GET /api/firms takes: every field optional in the URL, defaults as documented there. */
export interface DirectoryQuery {
  market: AssetFilter;
  sort: DirectorySort | null;
  q: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_DIRECTORY_QUERY: DirectoryQuery = {
  market: 'all',
  sort: null,
  q: '',
  page: 1,
  pageSize: DIRECTORY_PAGE_SIZE,
};

/** One page of GET /api/firms (its zod schema, for validation and OpenAPI, is in the firms module). */
export interface DirectoryPage<Firm> {
  firms: Firm[];
  /** Firms matching the filters, on every page. */
  total: number;
  page: number;
  pageSize: number;
  /** Named so the card can be marked, wherever the firm appears. */
  featuredFirmId: number | null;
}

/** The statistic tiles of /firms: always over every listed firm, whatever the filters. */
export interface DirectoryStats {
  listedCount: number;
  approvedCount: number;
  accountCount: number;
  activeCouponCount: number;
}

/** Clicking the active CFD/Futures/Crypto filter returns to All. */
export function toggleAssetFilter(current: AssetFilter, clicked: AssetFilter): AssetFilter {
  return clicked === current ? 'all' : clicked;
}

export const HERO_STAT_FALLBACKS = {
  firmsCount: '50+',
  couponsCount: '25+',
  accountsCount: '100+',
  tradersCount: '30K+',
} as const;

/** A hero statistic: the fallback while the count is unknown or zero, else the count with '+'. */
export function formatHeroStat(
  key: keyof typeof HERO_STAT_FALLBACKS,
  value: number | null | undefined,
): string {
  return value ? `${formatCount(value)}+` : HERO_STAT_FALLBACKS[key];
}

export const formatDailyDrawdown = (n: number | null | undefined) => (n && n > 0 ? formatPercent(n) : 'None');

export const formatPricingType = (pricingType: string | null | undefined) =>
  pricingType === 'monthly' ? '/month' : 'one-time';

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Payout frequency is shown only when non-empty and not 0. */
export const showsPayoutFrequency = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text !== '' && text !== '0';
};

/** Max contracts only for futures models and when above 0. */
export function showsMaxContracts(
  model: { type?: string | null; assetType?: string | null },
  maxContracts: number | null | undefined,
): boolean {
  const futures = `${model.type ?? ''} ${model.assetType ?? ''}`.toLowerCase().includes('futures');
  return futures && (maxContracts ?? 0) > 0;
}

export const formatReviewCount = (n: number) => countOf(n, 'review');

/** Whole stars for display (0-5). */
export const roundStars = (average: number) => Math.min(5, Math.max(0, Math.round(average)));

/**
 * Price per $10K of account size in whole dollars, for comparing account sizes; null without a
 * size. Cents would only make the column mix '$47.99' with '$48' (prices drop zero cents).
 */
export function pricePer10k(price: number, capital: number): number | null {
  if (!(capital > 0)) return null;
  return Math.round((price / capital) * 10_000);
}

/** Non-empty trimmed lines: description paragraphs, watch-out bullets. */
export const splitLines = (text: string | null | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const RATING_TEXT_ITEMS = [
  { key: 'ratingOverview', label: 'Overview' },
  { key: 'ratingLeadership', label: 'Leadership Team' },
  { key: 'ratingTransparency', label: 'Transparency' },
  { key: 'ratingThirdPartyReviews', label: 'Third Party Reviews' },
  { key: 'ratingLongTermVision', label: 'Long-term Vision' },
  { key: 'ratingSustainability', label: 'Sustainability' },
] as const;

type RatingTexts = { trustRating?: string | null } & Partial<
  Record<(typeof RATING_TEXT_ITEMS)[number]['key'], string | null>
>;

/** 'Why this firm is rated': only with a trust rating and at least one rating text. */
export function showsRatingExplanation(firm: RatingTexts): boolean {
  return Boolean(firm.trustRating?.trim()) && RATING_TEXT_ITEMS.some((item) => firm[item.key]?.trim());
}

export const TRADABLE_ASSETS = ['Forex', 'Commodities', 'Indices', 'Stocks', 'Crypto', 'Futures'] as const;

/** The fixed asset grid with a tick for each asset the firm lists (case-insensitive). */
export function listTradableAssets(assets: readonly string[]): { name: string; available: boolean }[] {
  const held = new Set(assets.map((a) => a.trim().toLowerCase()));
  return TRADABLE_ASSETS.map((name) => ({ name, available: held.has(name.toLowerCase()) }));
}

/** The cashback bubble texts, or null when cashback is not provided or has no percentage. */
export function describeCashback(firm: {
  cashbackProvided: boolean;
  cashbackPercentage: number | null;
}): { headline: string; points: string } | null {
  const pct = firm.cashbackPercentage;
  if (!firm.cashbackProvided || pct == null || pct <= 0) return null;
  const n = formatPercent(pct).replace('%', '');
  return { headline: `${n}% Cashback Available!`, points: `Earn ${n} points per $1 spent` };
}

/** A review's author line: manual reviews name their source, user reviews the user. */
export function describeReviewAuthor(review: {
  isManual: boolean;
  authorName: string | null;
  source: string | null;
  isVerified: boolean;
  user: { firstName: string | null; username: string | null } | null;
}): { name: string; badge: string | null } {
  if (review.isManual) {
    return {
      name: review.authorName?.trim() || 'Anonymous',
      badge: review.source?.trim() ? `from ${review.source.trim()}` : null,
    };
  }
  const name = review.user?.firstName?.trim() || review.user?.username?.trim() || 'Anonymous';
  return { name, badge: review.isVerified ? 'Verified Trader' : null };
}

export const META_DESCRIPTION_MAX = 160;

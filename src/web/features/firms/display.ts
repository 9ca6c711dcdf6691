import type { BreadcrumbList, ItemList, Organization, Service, WebSite, WithContext } from 'schema-dts';
import {
  ASSET_FILTERS,
  type AssetFilter,
  DEFAULT_DIRECTORY_QUERY,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_QUERY_MAX,
  type DirectoryQuery,
  type FirmSort,
  META_DESCRIPTION_MAX,
} from '../../../domain/firm-rules';
import type { FirmDetails, FirmSummary, Review, ReviewSummary } from '../../../domain/firms';
import { formatFunding, formatPrice, truncateText } from '../../../domain/format';

/** Display rules of the directory pages that firm-rules.ts does not hold (URL state, ranges, compare, JSON-LD). */

export interface DirectoryState {
  market: AssetFilter;
  sort: FirmSort;
  q: string;
  page: number;
}

const MARKETS = new Set<string>(ASSET_FILTERS.map((f) => f.value));

/** Reads ?market=&sort=&q=&page= leniently: unknown values fall back to the defaults. */
export function parseDirectoryState(search: URLSearchParams): DirectoryState {
  const market = search.get('market') ?? 'all';
  const sort = search.get('sort');
  const page = Number(search.get('page') ?? 1);
  return {
    market: (MARKETS.has(market) ? market : 'all') as AssetFilter,
    sort: sort === 'az' || sort === 'rating' ? sort : null,
    q: (search.get('q') ?? '').slice(0, DIRECTORY_QUERY_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= DIRECTORY_MAX_PAGE ? page : 1,
  };
}

/** The query string of a directory state, leaving defaults out so the plain /firms URL stays canonical. */
export function directorySearch(state: DirectoryState): string {
  const params = new URLSearchParams();
  if (state.market !== 'all') params.set('market', state.market);
  if (state.sort) params.set('sort', state.sort);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list a directory state shows: its filters, sort and page, at the standard page size. */
export const directoryListQuery = (state: DirectoryState): Partial<DirectoryQuery> => ({
  market: state.market,
  sort: state.sort,
  q: state.q,
  page: state.page,
});

/**
 * The GET /api/firms path of a query, defaults left out and parameters in one order, so the
 * server render and the browser share one cache entry per list.
 */
export function directoryApiPath(query: Partial<DirectoryQuery>): string {
  const full = { ...DEFAULT_DIRECTORY_QUERY, ...query, q: (query.q ?? '').trim() };
  const params = new URLSearchParams();
  for (const key of ['market', 'sort', 'q', 'page', 'pageSize'] as const) {
    const value = full[key];
    if (value !== null && value !== DEFAULT_DIRECTORY_QUERY[key]) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `/api/firms?${text}` : '/api/firms';
}

export type DirectoryEmptyState = 'no-firms' | 'no-search-match' | 'no-filter-match' | null;

/**
 * Which of the three empty states /firms shows (spec section 2), from the number of listed firms
 * (when known) and of firms matching the filters.
 */
export function directoryEmptyState(
  listedCount: number | undefined,
  matched: number,
  state: Pick<DirectoryState, 'market' | 'q'>,
): DirectoryEmptyState {
  const filtered = state.market !== 'all' || state.q.trim() !== '';
  if (listedCount === 0 || (matched === 0 && !filtered)) return 'no-firms';
  if (matched > 0) return null;
  return state.q.trim() ? 'no-search-match' : 'no-filter-match';
}

/**
 * The page links of a pager: the first and last pages, the current one and its neighbours, with
 * 'gap' where pages are left out (1 ... 4 5 6 ... 20).
 */
export function pageLinks(current: number, count: number): (number | 'gap')[] {
  const shown = [...new Set([1, current - 1, current, current + 1, count])]
    .filter((n) => n >= 1 && n <= count)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? ['gap' as const, n] : [n]));
}

/** '$50 - $500', '$50' when both ends agree, null when unknown. */
export function formatRange(min: number | null, max: number | null, format: (n: number) => string) {
  if (min == null && max == null) return null;
  if (min == null || max == null || min === max) return format((min ?? max) as number);
  return `${format(min)} - ${format(max)}`;
}

export const formatPriceRange = (min: number | null, max: number | null) =>
  formatRange(min, max, formatPrice);
export const formatFundingRange = (min: number | null, max: number | null) =>
  formatRange(min, max, formatFunding);

/** The price after a percentage coupon, to the cent. */
export function applyDiscount(price: number, discountPercent: number | null | undefined): number {
  if (!discountPercent || discountPercent <= 0) return price;
  return Math.round(price * (1 - Math.min(discountPercent, 100) / 100) * 100) / 100;
}

/** The live coupon with the highest discount, or null. */
export function bestActiveCoupon<
  T extends { isActive: boolean; expiryDate: string | null; discountPercent: number | null },
>(coupons: readonly T[], now: Date): T | null {
  let best: T | null = null;
  for (const c of coupons) {
    const live = c.isActive && (!c.expiryDate || new Date(c.expiryDate).getTime() > now.getTime());
    if (live && (c.discountPercent ?? 0) > (best?.discountPercent ?? -1)) best = c;
  }
  return best;
}

export function activeCoupons<T extends { isActive: boolean; expiryDate: string | null }>(
  coupons: readonly T[],
  now: Date,
): T[] {
  return coupons.filter(
    (c) => c.isActive && (!c.expiryDate || new Date(c.expiryDate).getTime() > now.getTime()),
  );
}

export { MAX_COMPARED_FIRMS, parseCompareSlugs } from './compare-slugs';

/** A compare row is highlighted when the shown firms disagree on it. */
export function valuesDiffer(values: readonly (string | null)[]): boolean {
  return values.length > 1 && new Set(values.map((v) => v ?? '')).size > 1;
}

export function firmMetaDescription(firm: Pick<FirmDetails, 'name' | 'shortDescription' | 'description'>) {
  const text =
    firm.shortDescription?.trim() ||
    firm.description?.trim() ||
    `${firm.name} review: trust rating, prices, funding models, coupons and trader reviews.`;
  return truncateText(text, META_DESCRIPTION_MAX);
}

export function widgetSnippet(publicUrl: string, firmId: number, firmName: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const title = firmName.replace(/"/g, '&quot;');
  return `<iframe src="${base}/widget/firm/${firmId}" title="${title} on Prop Firm Club" width="340" height="220" style="border:0" loading="lazy"></iframe>`;
}

const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;

function breadcrumbList(
  publicUrl: string,
  items: { name: string; path: string }[],
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absolute(publicUrl, item.path),
    })),
  };
}

/**
 * Spec section 2: an organisation with its rating and reviews when reviews exist, else a
 * service with its features; both with a breadcrumb list.
 */
export function firmJsonLd(
  firm: FirmDetails,
  reviews: readonly Review[],
  summary: ReviewSummary | undefined,
  publicUrl: string,
): WithContext<Organization | Service | BreadcrumbList>[] {
  const url = absolute(publicUrl, `/firm/${firm.slug}`);
  const breadcrumbs = breadcrumbList(publicUrl, [
    { name: 'Home', path: '/' },
    { name: 'All Prop Firms', path: '/firms' },
    { name: firm.name, path: `/firm/${firm.slug}` },
  ]);
  const description = firm.shortDescription ?? firm.description ?? undefined;
  if (reviews.length > 0) {
    const total = summary?.totalReviews ?? reviews.length;
    const average =
      summary?.averageRating ?? reviews.reduce((sum, r) => sum + r.rating, 0) / Math.max(reviews.length, 1);
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: firm.name,
        url,
        ...(firm.logo
          ? { logo: firm.logo.startsWith('/') ? absolute(publicUrl, firm.logo) : firm.logo }
          : {}),
        ...(description ? { description } : {}),
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: Number(average.toFixed(1)),
          reviewCount: total,
          bestRating: 5,
          worstRating: 1,
        },
        review: reviews.map((r) => ({
          '@type': 'Review',
          name: r.title,
          reviewBody: r.comment,
          datePublished: r.createdAt.slice(0, 10),
          author: {
            '@type': 'Person',
            name: r.isManual ? r.authorName?.trim() || 'Anonymous' : r.user?.firstName?.trim() || 'Anonymous',
          },
          reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        })),
      },
      breadcrumbs,
    ];
  }
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: `${firm.name} funded trading programs`,
      serviceType: 'Proprietary trading evaluation',
      url,
      ...(description ? { description } : {}),
      provider: { '@type': 'Organization', name: firm.name, ...(firm.website ? { url: firm.website } : {}) },
      ...(firm.features.length
        ? {
            hasOfferCatalog: {
              '@type': 'OfferCatalog',
              name: 'Features',
              itemListElement: firm.features.map((feature) => ({
                '@type': 'Offer',
                itemOffered: { '@type': 'Service', name: feature },
              })),
            },
          }
        : {}),
    },
    breadcrumbs,
  ];
}

export const DIRECTORY_JSONLD_MAX_FIRMS = 50;
export const DIRECTORY_JSONLD_DESCRIPTION_MAX = 5000;

/** The directory list of structured data: the first 50 firms, descriptions cut at 5,000 characters. */
export function directoryJsonLd(firms: readonly FirmSummary[], publicUrl: string): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Prop trading firms',
    numberOfItems: Math.min(firms.length, DIRECTORY_JSONLD_MAX_FIRMS),
    itemListElement: firms.slice(0, DIRECTORY_JSONLD_MAX_FIRMS).map((firm, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: absolute(publicUrl, `/firm/${firm.slug}`),
      name: firm.name,
      ...(firm.shortDescription
        ? { description: firm.shortDescription.slice(0, DIRECTORY_JSONLD_DESCRIPTION_MAX) }
        : {}),
    })),
  };
}

/**
 * The site itself. No search action: the search box markup it fed was retired by search engines,
 * and its `query-input` annotation is not a schema.org property.
 */
export function websiteJsonLd(publicUrl: string): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'Prop Firm Club',
    url: absolute(publicUrl, '/'),
  };
}

import {
  ASSET_FILTERS,
  type AssetFilter,
  type FirmSort,
  formatFunding,
  formatPrice,
  META_DESCRIPTION_MAX,
  matchesAssetFilter,
  sortFirms,
  truncateText,
} from '../../../domain/firm-rules';
import type { FirmDetails, FirmSummary, Review, ReviewSummary } from '../../../domain/firms';

/** Display rules of the directory pages that firm-rules.ts does not hold (URL state, ranges, compare, JSON-LD). */

export interface DirectoryState {
  market: AssetFilter;
  sort: FirmSort;
  q: string;
}

const MARKETS = new Set<string>(ASSET_FILTERS.map((f) => f.value));

/** Reads ?market=&sort=&q= leniently: unknown values fall back to the defaults. */
export function parseDirectoryState(search: URLSearchParams): DirectoryState {
  const market = search.get('market') ?? 'all';
  const sort = search.get('sort');
  return {
    market: (MARKETS.has(market) ? market : 'all') as AssetFilter,
    sort: sort === 'az' || sort === 'rating' ? sort : null,
    q: (search.get('q') ?? '').slice(0, 100),
  };
}

/** The query string of a directory state, leaving defaults out so the plain /firms URL stays canonical. */
export function directorySearch(state: DirectoryState): string {
  const params = new URLSearchParams();
  if (state.market !== 'all') params.set('market', state.market);
  if (state.sort) params.set('sort', state.sort);
  if (state.q) params.set('q', state.q);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function matchesFirmText(
  firm: Pick<FirmSummary, 'name' | 'shortDescription' | 'assetType'>,
  q: string,
) {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [firm.name, firm.shortDescription, firm.assetType].some((t) =>
    (t ?? '').toLowerCase().includes(needle),
  );
}

/** The directory list: market filter, text search, sort, featured firm first. */
export function selectDirectoryFirms(
  firms: readonly FirmSummary[],
  state: DirectoryState,
  featuredFirmId: number | null | undefined,
): FirmSummary[] {
  const kept = firms.filter(
    (f) => matchesAssetFilter(f.assetType, state.market) && matchesFirmText(f, state.q),
  );
  return sortFirms(kept, state.sort, featuredFirmId);
}

export type DirectoryEmptyState = 'no-firms' | 'no-search-match' | 'no-filter-match' | null;

export function directoryEmptyState(
  total: number,
  shown: number,
  state: DirectoryState,
): DirectoryEmptyState {
  if (total === 0) return 'no-firms';
  if (shown > 0) return null;
  return state.q.trim() ? 'no-search-match' : 'no-filter-match';
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

export const MAX_COMPARED_FIRMS = 4;

/** ?firms=a,b,c: distinct, non-empty slugs, at most four. */
export function parseCompareSlugs(value: string | null): string[] {
  const slugs = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s.length <= 200);
  return [...new Set(slugs)].slice(0, MAX_COMPARED_FIRMS);
}

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

function breadcrumbList(publicUrl: string, items: { name: string; path: string }[]) {
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
): Record<string, unknown>[] {
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
export function directoryJsonLd(firms: readonly FirmSummary[], publicUrl: string): Record<string, unknown> {
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

export function websiteJsonLd(publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'Prop Firm Club',
    url: absolute(publicUrl, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: absolute(publicUrl, '/firms?q={search_term_string}') },
      'query-input': 'required name=search_term_string',
    },
  };
}

import { describe, expect, it } from 'vitest';
import { applyDiscount, bestActiveCoupon } from '../../../domain/coupon-rules';
import type { FirmDetails, FirmSummary, Review } from '../../../domain/firms';
import { parseCompareSlugs } from './compare-slugs';
import {
  directoryApiPath,
  directoryEmptyState,
  directorySearch,
  pageLinks,
  parseDirectoryState,
} from './directory-state';
import {
  firmMetaDescription,
  formatFundingRange,
  formatPriceRange,
  valuesDiffer,
  widgetSnippet,
} from './display';
import { directoryJsonLd, firmJsonLd } from './json-ld';

const summary = (over: Partial<FirmSummary>): FirmSummary => ({
  id: 1,
  slug: 'a',
  name: 'A',
  logo: null,
  shortDescription: null,
  website: null,
  affiliateUrl: null,
  assetType: 'Forex',
  features: [],
  headquarters: null,
  established: null,
  trustRating: null,
  cashbackProvided: false,
  cashbackPercentage: null,
  accountPriceMin: null,
  accountPriceMax: null,
  fundingMin: null,
  fundingMax: null,
  fundingModelCount: 0,
  accountCount: 0,
  activeCouponCount: 0,
  bestCoupon: null,
  averageRating: 0,
  totalReviews: 0,
  payoutTier: null,
  payoutMedianDays: null,
  claimed: false,
  ...over,
});

describe('directory URL state', () => {
  it('reads market, sort, q and page and ignores unknown values', () => {
    expect(parseDirectoryState(new URLSearchParams('market=futures&sort=rating&q=apex&page=3'))).toEqual({
      market: 'futures',
      sort: 'rating',
      q: 'apex',
      page: 3,
    });
    for (const bad of ['market=stocks&sort=price&page=0', 'page=abc', 'page=1.5', 'page=-2', 'page=10001']) {
      expect(parseDirectoryState(new URLSearchParams(bad))).toEqual({
        market: 'all',
        sort: null,
        q: '',
        page: 1,
      });
    }
  });

  it('writes only non-default values, so plain /firms stays canonical', () => {
    expect(directorySearch({ market: 'all', sort: null, q: '', page: 1 })).toBe('');
    expect(directorySearch({ market: 'crypto', sort: 'az', q: 'x y', page: 2 })).toBe(
      '?market=crypto&sort=az&q=x+y&page=2',
    );
  });

  it('asks the API with defaults left out, parameters in one order and the text trimmed', () => {
    expect(directoryApiPath({})).toBe('/api/firms');
    expect(directoryApiPath({ market: 'all', sort: null, q: '  ', page: 1, pageSize: 24 })).toBe(
      '/api/firms',
    );
    expect(directoryApiPath({ page: 2, q: ' apex ', sort: 'rating', market: 'cfd' })).toBe(
      '/api/firms?market=cfd&sort=rating&q=apex&page=2',
    );
    expect(directoryApiPath({ sort: 'reviews', pageSize: 5 })).toBe('/api/firms?sort=reviews&pageSize=5');
  });
});

describe('directory empty states and pages', () => {
  it('names the right empty state', () => {
    expect(directoryEmptyState(0, 0, { market: 'futures', q: 'x' })).toBe('no-firms');
    expect(directoryEmptyState(undefined, 0, { market: 'all', q: '' })).toBe('no-firms');
    expect(directoryEmptyState(3, 0, { market: 'all', q: 'nothing' })).toBe('no-search-match');
    expect(directoryEmptyState(3, 0, { market: 'futures', q: ' ' })).toBe('no-filter-match');
    expect(directoryEmptyState(3, 1, { market: 'futures', q: '' })).toBeNull();
  });

  it('links the first, last, current and neighbouring pages, with gaps between', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageLinks(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageLinks(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageLinks(20, 20)).toEqual([1, 'gap', 19, 20]);
  });
});

describe('ranges and prices', () => {
  it('formats ranges, single values and unknowns', () => {
    expect(formatPriceRange(49.99, 500)).toBe('$49.99 - $500');
    expect(formatPriceRange(99, 99)).toBe('$99');
    expect(formatPriceRange(null, null)).toBeNull();
    expect(formatFundingRange(5000, 2_500_000)).toBe('$5K - $2.5M');
  });

  it('applies a coupon to the cent and picks the best live coupon', () => {
    expect(applyDiscount(99.99, 20)).toBe(79.99);
    expect(applyDiscount(100, null)).toBe(100);
    const now = new Date('2026-01-10T00:00:00Z');
    const coupons = [
      { id: 1, isActive: true, expiryDate: null, discountPercent: 10 },
      { id: 2, isActive: true, expiryDate: '2026-01-01T00:00:00Z', discountPercent: 50 },
      { id: 3, isActive: false, expiryDate: null, discountPercent: 40 },
      { id: 4, isActive: true, expiryDate: '2026-02-01T00:00:00Z', discountPercent: 25 },
    ];
    expect(bestActiveCoupon(coupons, now)?.id).toBe(4);
    expect(bestActiveCoupon(coupons.slice(1, 3), now)).toBeNull();
  });
});

describe('compare', () => {
  it('keeps at most four distinct slugs', () => {
    expect(parseCompareSlugs('a, b,,a,c,d,e')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseCompareSlugs(null)).toEqual([]);
    expect(parseCompareSlugs('NorthBridge,northbridge')).toEqual(['northbridge']);
  });

  it('highlights a row only when the firms disagree', () => {
    expect(valuesDiffer(['5%', '5%'])).toBe(false);
    expect(valuesDiffer(['5%', null])).toBe(true);
    expect(valuesDiffer(['5%'])).toBe(false);
  });
});

describe('metadata', () => {
  const firm = {
    id: 7,
    slug: 'acme',
    name: 'Acme "Prop"',
    logo: null,
    shortDescription: null,
    description: 'x'.repeat(400),
    website: 'https://acme.example',
    features: ['Scaling plan'],
  } as unknown as FirmDetails;
  const review: Review = {
    id: 1,
    rating: 4,
    title: 'Good',
    comment: 'Paid on time every time.',
    createdAt: '2026-03-04T10:00:00.000Z',
    editedAt: null,
    isManual: false,
    authorName: null,
    source: null,
    isVerified: true,
    helpfulCount: 0,
    user: { firstName: null, username: 'trader9' },
    reply: null,
  };

  // What the page serialises: the builders' schema.org types only matter to the type checker.
  const asJson = (value: unknown): any => JSON.parse(JSON.stringify(value));

  it('caps the description at 160 characters', () => {
    expect(firmMetaDescription(firm)).toHaveLength(160);
  });

  it('is a service record with features and breadcrumbs without reviews', () => {
    const [main, crumbs] = asJson(firmJsonLd(firm, [], undefined, 'https://pfc.example/'));
    expect(main['@type']).toBe('Service');
    expect(JSON.stringify(main)).toContain('Scaling plan');
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(JSON.stringify(crumbs)).toContain('https://pfc.example/firm/acme');
  });

  it('is an organisation with aggregate rating and reviews (author first name or Anonymous)', () => {
    const [main] = asJson(
      firmJsonLd(firm, [review], { averageRating: 4, totalReviews: 1 }, 'https://pfc.example'),
    );
    expect(main['@type']).toBe('Organization');
    expect(main.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(JSON.stringify(main.review)).toContain('"name":"Anonymous"');
    expect(JSON.stringify(main.review)).toContain('2026-03-04');
  });

  it('lists only the first 50 firms with descriptions cut at 5,000 characters', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      summary({ id: i, slug: `f${i}`, name: `F${i}`, shortDescription: 'y'.repeat(6000) }),
    );
    const list = asJson(directoryJsonLd(many, 'https://pfc.example'));
    expect(list.itemListElement).toHaveLength(50);
    expect(list.itemListElement[0].description).toHaveLength(5000);
  });

  it('builds an iframe snippet of the widget with an escaped title', () => {
    const snippet = widgetSnippet('https://pfc.example/', 7, 'Acme "Prop"');
    expect(snippet).toContain('src="https://pfc.example/widget/firm/7"');
    expect(snippet).toContain('title="Acme &quot;Prop&quot; on Prop Firm Club"');
  });
});

import { describe, expect, it } from 'vitest';
import type { FirmDetails, FirmSummary, Review } from '../../../domain/firms';
import {
  applyDiscount,
  bestActiveCoupon,
  directoryEmptyState,
  directoryJsonLd,
  directorySearch,
  firmJsonLd,
  firmMetaDescription,
  formatFundingRange,
  formatPriceRange,
  parseCompareSlugs,
  parseDirectoryState,
  selectDirectoryFirms,
  valuesDiffer,
  widgetSnippet,
} from './display';

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
  ...over,
});

describe('directory URL state', () => {
  it('reads market, sort and q and ignores unknown values', () => {
    expect(parseDirectoryState(new URLSearchParams('market=futures&sort=rating&q=apex'))).toEqual({
      market: 'futures',
      sort: 'rating',
      q: 'apex',
    });
    expect(parseDirectoryState(new URLSearchParams('market=stocks&sort=price'))).toEqual({
      market: 'all',
      sort: null,
      q: '',
    });
  });

  it('writes only non-default values, so plain /firms stays canonical', () => {
    expect(directorySearch({ market: 'all', sort: null, q: '' })).toBe('');
    expect(directorySearch({ market: 'crypto', sort: 'az', q: 'x y' })).toBe('?market=crypto&sort=az&q=x+y');
  });
});

describe('selectDirectoryFirms', () => {
  const firms = [
    summary({ id: 1, name: 'Zeta', assetType: 'Futures', trustRating: 'caution' }),
    summary({ id: 2, name: 'Alpha', assetType: 'CFD, Crypto', trustRating: 'avoid' }),
    summary({
      id: 3,
      name: 'Mid',
      assetType: 'Forex',
      trustRating: 'trusted',
      shortDescription: 'Payouts weekly',
    }),
  ];

  it('filters by market and text (name, description, market) and keeps the featured firm first', () => {
    expect(
      selectDirectoryFirms(firms, { market: 'crypto', sort: null, q: '' }, null).map((f) => f.id),
    ).toEqual([2]);
    expect(
      selectDirectoryFirms(firms, { market: 'all', sort: null, q: 'WEEKLY' }, null).map((f) => f.id),
    ).toEqual([3]);
    expect(selectDirectoryFirms(firms, { market: 'all', sort: 'az', q: '' }, 3).map((f) => f.id)).toEqual([
      3, 2, 1,
    ]);
    expect(selectDirectoryFirms(firms, { market: 'all', sort: 'rating', q: '' }, 2).map((f) => f.id)).toEqual(
      [2, 3, 1],
    );
  });

  it('names the right empty state', () => {
    expect(directoryEmptyState(0, 0, { market: 'all', sort: null, q: '' })).toBe('no-firms');
    expect(directoryEmptyState(3, 0, { market: 'all', sort: null, q: 'nothing' })).toBe('no-search-match');
    expect(directoryEmptyState(3, 0, { market: 'futures', sort: null, q: '' })).toBe('no-filter-match');
    expect(directoryEmptyState(3, 1, { market: 'futures', sort: null, q: '' })).toBeNull();
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
    isManual: false,
    authorName: null,
    source: null,
    isVerified: true,
    user: { firstName: null, username: 'trader9' },
  };

  it('caps the description at 160 characters', () => {
    expect(firmMetaDescription(firm)).toHaveLength(160);
  });

  it('is a service record with features and breadcrumbs without reviews', () => {
    const [main, crumbs] = firmJsonLd(firm, [], undefined, 'https://pfc.example/');
    expect(main['@type']).toBe('Service');
    expect(JSON.stringify(main)).toContain('Scaling plan');
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(JSON.stringify(crumbs)).toContain('https://pfc.example/firm/acme');
  });

  it('is an organisation with aggregate rating and reviews (author first name or Anonymous)', () => {
    const [main] = firmJsonLd(firm, [review], { averageRating: 4, totalReviews: 1 }, 'https://pfc.example');
    expect(main['@type']).toBe('Organization');
    expect(main.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(JSON.stringify(main.review)).toContain('"name":"Anonymous"');
    expect(JSON.stringify(main.review)).toContain('2026-03-04');
  });

  it('lists only the first 50 firms with descriptions cut at 5,000 characters', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      summary({ id: i, slug: `f${i}`, name: `F${i}`, shortDescription: 'y'.repeat(6000) }),
    );
    const list = directoryJsonLd(many, 'https://pfc.example') as {
      itemListElement: { description: string }[];
    };
    expect(list.itemListElement).toHaveLength(50);
    expect(list.itemListElement[0].description).toHaveLength(5000);
  });

  it('builds an iframe snippet of the widget with an escaped title', () => {
    const snippet = widgetSnippet('https://pfc.example/', 7, 'Acme "Prop"');
    expect(snippet).toContain('src="https://pfc.example/widget/firm/7"');
    expect(snippet).toContain('title="Acme &quot;Prop&quot; on Prop Firm Club"');
  });
});

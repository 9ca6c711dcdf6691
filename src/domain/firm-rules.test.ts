import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_MAX_PAGE_SIZE,
  DIRECTORY_PAGE_SIZE,
  describeCashback,
  describeReviewAuthor,
  directoryOrder,
  formatDailyDrawdown,
  formatHeroStat,
  formatPricingType,
  formatReviewCount,
  listTradableAssets,
  MARKET_KEYWORDS,
  needsReadMore,
  normalizeTrustRating,
  pageCount,
  pageOffset,
  pricePer10k,
  roundStars,
  showsMaxContracts,
  showsPayoutFrequency,
  showsRatingExplanation,
  sortUnlistedFirms,
  splitLines,
  TRUST_RATING_TEXTS,
  toggleAssetFilter,
  toggleSort,
  trustRatingLabel,
  trustRatingWeight,
  unlistedStatusLabel,
} from './firm-rules';
import {
  formatAverageRating,
  formatCount,
  formatFunding,
  formatLeverage,
  formatPercent,
  formatPrice,
  truncateText,
} from './format';

describe('trust rating', () => {
  it('defaults to not tested and shows trusted as approved', () => {
    expect(normalizeTrustRating(null)).toBe('not tested');
    expect(normalizeTrustRating('')).toBe('not tested');
    expect(normalizeTrustRating('bogus')).toBe('not tested');
    expect(normalizeTrustRating('not_tested')).toBe('not tested');
    expect(normalizeTrustRating('Trusted')).toBe('approved');
    expect(trustRatingLabel('trusted')).toBe('Approved');
    expect(trustRatingLabel('caution')).toBe('Caution');
    expect(trustRatingLabel('avoid')).toBe('Avoid');
    expect(trustRatingLabel(undefined)).toBe('Not Tested');
  });

  it('weighs approved 3, caution 2, avoid 1, not tested 0', () => {
    expect(['approved', 'trusted', 'caution', 'avoid', null].map(trustRatingWeight)).toEqual([3, 3, 2, 1, 0]);
  });
});

describe('directory order', () => {
  it('always puts the featured firm first, then the chosen sort, then name and id', () => {
    expect(directoryOrder(null)).toEqual(['featured', 'name', 'id']);
    expect(directoryOrder('az')).toEqual(['featured', 'name', 'id']);
    expect(directoryOrder('rating')).toEqual(['featured', 'trustWeight', 'name', 'id']);
    expect(directoryOrder('reviews')).toEqual(['featured', 'averageRating', 'totalReviews', 'name', 'id']);
  });

  it('gives the SQL sort every stored text that is not "not tested", with its weight', () => {
    const weights = Object.keys(TRUST_RATING_TEXTS).map((text) => [text, trustRatingWeight(text)]);
    expect(weights).toEqual([
      ['approved', 3],
      ['trusted', 3],
      ['caution', 2],
      ['avoid', 1],
    ]);
    expect(trustRatingWeight(' Trusted ')).toBe(3);
    expect(trustRatingWeight('not-tested')).toBe(0);
  });

  it('makes A-Z and Rating switch each other off', () => {
    expect(toggleSort(null, 'az')).toBe('az');
    expect(toggleSort('az', 'rating')).toBe('rating');
    expect(toggleSort('rating', 'az')).toBe('az');
    expect(toggleSort('rating', 'rating')).toBeNull();
  });
});

describe('directory pages', () => {
  it('counts pages and offsets from page 1, with one page for an empty list', () => {
    expect(DIRECTORY_PAGE_SIZE % 6).toBe(0);
    expect(DIRECTORY_MAX_PAGE_SIZE).toBe(50);
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(5032, 24)).toBe(210);
    expect(pageOffset(1, 24)).toBe(0);
    expect(pageOffset(3, 24)).toBe(48);
  });
});

describe('unlisted firms', () => {
  it('orders pending first, then sortOrder, then name', () => {
    const list = [
      { name: 'Zeta', status: 'not_yet_listed', sortOrder: 1 },
      { name: 'alpha', status: 'not_qualified', sortOrder: 1 },
      { name: 'Omega', status: 'listing_pending', sortOrder: 9 },
      { name: 'Beta', status: 'not_yet_listed', sortOrder: 0 },
      { name: 'Kappa', status: 'listing_pending', sortOrder: 2 },
    ];
    expect(sortUnlistedFirms(list).map((f) => f.name)).toEqual(['Kappa', 'Omega', 'Beta', 'alpha', 'Zeta']);
  });

  it('labels statuses and offers Read more above 70 characters', () => {
    expect(unlistedStatusLabel('not_yet_listed')).toBe('Not Yet Listed');
    expect(unlistedStatusLabel('listing_pending')).toBe('Listing Pending');
    expect(unlistedStatusLabel('not_qualified')).toBe('Not Qualified for Listing');
    expect(needsReadMore('x'.repeat(70), 70)).toBe(false);
    expect(needsReadMore('x'.repeat(71), 70)).toBe(true);
    expect(needsReadMore(null, 70)).toBe(false);
  });
});

describe('asset classes', () => {
  it('puts cfd and forex under CFD/Forex, futures and crypto under their own filter', () => {
    expect(MARKET_KEYWORDS).toEqual({ cfd: ['cfd', 'forex'], futures: ['futures'], crypto: ['crypto'] });
  });

  it('returns to All when the active filter is clicked again', () => {
    expect(toggleAssetFilter('all', 'futures')).toBe('futures');
    expect(toggleAssetFilter('futures', 'futures')).toBe('all');
    expect(toggleAssetFilter('futures', 'crypto')).toBe('crypto');
    expect(toggleAssetFilter('all', 'all')).toBe('all');
  });
});

describe('number formatting', () => {
  it('shows counts of 1000 or more as K, one decimal below 10K, never overstated', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1550)).toBe('1.5K');
    expect(formatCount(9999)).toBe('9.9K');
    expect(formatCount(10_000)).toBe('10K');
    expect(formatCount(31_900)).toBe('31K');
  });

  it('uses the hero fallbacks while a count is unknown or zero', () => {
    expect(formatHeroStat('firmsCount', undefined)).toBe('50+');
    expect(formatHeroStat('couponsCount', 0)).toBe('25+');
    expect(formatHeroStat('accountsCount', null)).toBe('100+');
    expect(formatHeroStat('tradersCount', undefined)).toBe('30K+');
    expect(formatHeroStat('tradersCount', 12_400)).toBe('12K+');
    expect(formatHeroStat('firmsCount', 53)).toBe('53+');
  });

  it('shows funding as K or M and prices with $', () => {
    expect(formatFunding(500)).toBe('$500');
    expect(formatFunding(10_000)).toBe('$10K');
    expect(formatFunding(12_500)).toBe('$12.5K');
    expect(formatFunding(1_000_000)).toBe('$1M');
    expect(formatFunding(2_500_000)).toBe('$2.5M');
    expect(formatFunding(1_250_000)).toBe('$1.25M');
    expect(formatPrice(99)).toBe('$99');
    expect(formatPrice(1099)).toBe('$1,099');
    expect(formatPrice(49.5)).toBe('$49.50');
  });

  it('shows percentages without decimals when whole, else one decimal', () => {
    expect(formatPercent(80)).toBe('80%');
    expect(formatPercent(82.5)).toBe('82.5%');
    expect(formatPercent(82.46)).toBe('82.5%');
    expect(formatPercent(79.96)).toBe('80%');
    expect(formatDailyDrawdown(5)).toBe('5%');
    expect(formatDailyDrawdown(0)).toBe('None');
    expect(formatDailyDrawdown(null)).toBe('None');
  });

  it('formats leverage, pricing type, payout frequency and max contracts', () => {
    expect(formatLeverage(100)).toBe('1:100');
    expect(formatPricingType('monthly')).toBe('/month');
    expect(formatPricingType('one-time')).toBe('one-time');
    expect(formatPricingType(null)).toBe('one-time');
    expect(showsPayoutFrequency('Weekly')).toBe(true);
    expect(showsPayoutFrequency('0')).toBe(false);
    expect(showsPayoutFrequency(' ')).toBe(false);
    expect(showsMaxContracts({ assetType: 'Futures' }, 5)).toBe(true);
    expect(showsMaxContracts({ assetType: 'Futures' }, 0)).toBe(false);
    expect(showsMaxContracts({ assetType: 'Forex', type: '2-Step' }, 5)).toBe(false);
  });

  it('prices per $10K of capital', () => {
    expect(pricePer10k(99, 50_000)).toBe(20);
    expect(pricePer10k(47.99, 10_000)).toBe(48);
    expect(pricePer10k(540, 100_000)).toBe(54);
    expect(pricePer10k(100, 0)).toBeNull();
  });
});

describe('reviews display', () => {
  it('words the review count and rounds stars and averages', () => {
    expect(formatReviewCount(0)).toBe('0 reviews');
    expect(formatReviewCount(1)).toBe('1 review');
    expect(formatReviewCount(2)).toBe('2 reviews');
    expect(roundStars(4.5)).toBe(5);
    expect(roundStars(4.49)).toBe(4);
    expect(formatAverageRating(4.333)).toBe('4.3');
    expect(formatAverageRating(0)).toBe('0.0');
  });

  it('names manual authors with their source and users by first name, username or Anonymous', () => {
    const base = { isManual: false, authorName: null, source: null, isVerified: false, user: null };
    expect(describeReviewAuthor({ ...base, isManual: true, authorName: 'Jo', source: 'Trustpilot' })).toEqual(
      {
        name: 'Jo',
        badge: 'from Trustpilot',
      },
    );
    expect(
      describeReviewAuthor({ ...base, user: { firstName: 'Sam', username: 'sam1' }, isVerified: true }),
    ).toEqual({
      name: 'Sam',
      badge: 'Verified Trader',
    });
    expect(describeReviewAuthor({ ...base, user: { firstName: null, username: 'sam1' } }).name).toBe('sam1');
    expect(describeReviewAuthor(base)).toEqual({ name: 'Anonymous', badge: null });
  });
});

describe('firm page rules', () => {
  it('shows the rating card only with a trust rating and a rating text', () => {
    expect(showsRatingExplanation({ trustRating: 'approved', ratingLeadership: 'Known team' })).toBe(true);
    expect(showsRatingExplanation({ trustRating: null, ratingLeadership: 'Known team' })).toBe(false);
    expect(showsRatingExplanation({ trustRating: 'approved', ratingOverview: '  ' })).toBe(false);
  });

  it('ticks the fixed tradable asset set case-insensitively', () => {
    expect(listTradableAssets(['forex', 'Crypto'])).toEqual([
      { name: 'Forex', available: true },
      { name: 'Commodities', available: false },
      { name: 'Indices', available: false },
      { name: 'Stocks', available: false },
      { name: 'Crypto', available: true },
      { name: 'Futures', available: false },
    ]);
  });

  it('describes cashback only when provided with a percentage', () => {
    expect(describeCashback({ cashbackProvided: true, cashbackPercentage: 5 })).toEqual({
      headline: '5% Cashback Available!',
      points: 'Earn 5 points per $1 spent',
    });
    expect(describeCashback({ cashbackProvided: false, cashbackPercentage: 5 })).toBeNull();
    expect(describeCashback({ cashbackProvided: true, cashbackPercentage: null })).toBeNull();
  });

  it('splits text into lines and caps descriptions', () => {
    expect(splitLines('One\r\n\n  Two  \n')).toEqual(['One', 'Two']);
    expect(truncateText('a'.repeat(200), 160)).toHaveLength(160);
    expect(truncateText('short  text', 160)).toBe('short text');
    // Between words when a space is near the end of the room, without a dangling comma.
    expect(truncateText('The firm is in its first year, with payouts in crypto only', 30)).toBe(
      'The firm is in its first year…',
    );
    expect(truncateText('Pending review, results soon', 16)).toBe('Pending review…');
    // A word longer than a fifth of the room is cut where the room ends.
    expect(truncateText('Go Supercalifragilisticexpialidocious', 20)).toBe('Go Supercalifragili…');
    // The ellipsis can be left to the page (a stylesheet draws it).
    expect(truncateText('Pending review, results soon', 16, '')).toBe('Pending review');
  });
});

import { describe, expect, it } from 'vitest';
import {
  countDaysLeft,
  formatSuccessRate,
  isCouponEndingSoon,
  isCouponExpired,
  listCouponImages,
  makeInitials,
  matchesCouponSearch,
  parsePercentOff,
  resolvePercentOff,
} from './coupon-rules';
import { formatDate, formatMonthDay } from './format';

const now = new Date('2026-03-10T12:00:00Z');
const at = (iso: string | null) => ({ expiryDate: iso });
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe('coupon expiry', () => {
  it('is expired only once the expiry date has passed', () => {
    expect(isCouponExpired(at(hours(-1)), now)).toBe(true);
    expect(isCouponExpired(at(hours(1)), now)).toBe(false);
    expect(isCouponExpired(at(null), now)).toBe(false);
  });
});

describe('ending soon', () => {
  it('is ending soon within 7 days, not after and not once expired', () => {
    expect(isCouponEndingSoon(at(hours(1)), now)).toBe(true);
    expect(isCouponEndingSoon(at(hours(7 * 24)), now)).toBe(true);
    expect(isCouponEndingSoon(at(hours(7 * 24 + 1)), now)).toBe(false);
    expect(isCouponEndingSoon(at(hours(-1)), now)).toBe(false);
    expect(isCouponEndingSoon(at(null), now)).toBe(false);
  });

  it('counts days as the ceiling of the difference, clamped to 0-7', () => {
    expect(countDaysLeft(at(hours(1)), now)).toBe(1);
    expect(countDaysLeft(at(hours(25)), now)).toBe(2);
    expect(countDaysLeft(at(hours(48)), now)).toBe(2);
    expect(countDaysLeft(at(hours(30 * 24)), now)).toBe(7);
    expect(countDaysLeft(at(hours(-30)), now)).toBe(0);
    expect(countDaysLeft(at(null), now)).toBeNull();
  });
});

describe('percent off', () => {
  it('takes the first N% of the description', () => {
    expect(parsePercentOff('Save 20% today, or 30% on resets')).toBe(20);
    expect(parsePercentOff('Get 12.5 % off')).toBe(12.5);
    expect(parsePercentOff('Free reset')).toBeNull();
    expect(parsePercentOff(null)).toBeNull();
  });

  it('prefers the stored discountPercent on the deal page', () => {
    expect(resolvePercentOff({ discountPercent: 15, description: '40% off' })).toBe(15);
    expect(resolvePercentOff({ discountPercent: null, description: '40% off' })).toBe(40);
  });
});

describe('image fallback', () => {
  const base = { image: null, logo: null, firmName: 'Apex Trader', propFirm: null };
  it('orders image, logo, then firm logo and skips empty values', () => {
    expect(
      listCouponImages({ ...base, image: '/a.png', logo: '/b.png', propFirm: { name: 'X', logo: '/c.png' } }),
    ).toEqual(['/a.png', '/b.png', '/c.png']);
    expect(listCouponImages({ ...base, image: '', logo: '/b.png' })).toEqual(['/b.png']);
    expect(listCouponImages(base)).toEqual([]);
  });

  it('ends with two-letter initials', () => {
    expect(makeInitials('Apex Trader Funding')).toBe('AT');
    expect(makeInitials('topstep')).toBe('TO');
    expect(makeInitials('  ')).toBe('?');
  });
});

describe('search and votes', () => {
  const coupon = {
    image: null,
    logo: null,
    firmName: null,
    propFirm: { name: 'FundedNext', logo: null },
    description: 'Save 20% on challenges',
  };
  it('matches the firm name or the description, case-insensitively', () => {
    expect(matchesCouponSearch(coupon, 'fundednext')).toBe(true);
    expect(matchesCouponSearch(coupon, 'CHALLENGES')).toBe(true);
    expect(matchesCouponSearch(coupon, 'topstep')).toBe(false);
  });
  it('shows a success rate only from 5 votes', () => {
    expect(formatSuccessRate({ worked: 3, total: 4 })).toBeNull();
    expect(formatSuccessRate({ worked: 4, total: 5 })).toBe('80%');
  });
});

describe('date formats', () => {
  it('formats in UTC', () => {
    expect(formatDate('2026-01-05T23:30:00Z')).toBe('Jan 5, 2026');
    expect(formatMonthDay('2026-12-31T00:00:00Z')).toBe('Dec 31');
    expect(formatDate('not a date')).toBe('');
  });
});

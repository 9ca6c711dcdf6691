import { describe, expect, it } from 'vitest';
import {
  collapseSearchChanges,
  detectSearchChange,
  matchesFilters,
  type OptionFacts,
  priceChanged,
  priceSignalOf,
  type SearchFilters,
  showsPriceDropped,
} from './price-alerts';

const facts = (overrides: Partial<OptionFacts> = {}): OptionFacts => ({
  firmId: 1,
  capital: 100_000,
  steps: 2,
  assets: ['cfd'],
  drawdownType: 'static',
  dailyDrawdown: 5,
  maximumDrawdown: 10,
  target: 8,
  profitSplit: 80,
  priceAfterCoupon: 500,
  platforms: ['metatrader-5'],
  restricted: ['united states'],
  news: true,
  weekend: false,
  ea: true,
  timeLimits: false,
  refundable: true,
  hasCoupon: false,
  payoutTier: 'medium',
  ...overrides,
});
const filters = (overrides: Partial<SearchFilters> = {}): SearchFilters => ({
  size: [],
  steps: [],
  asset: [],
  drawdownType: [],
  platform: [],
  ...overrides,
});

describe('matchesFilters', () => {
  it('reads each filter as the finder does', () => {
    const f = facts();
    expect(matchesFilters(f, filters())).toBe(true);
    expect(matchesFilters(f, filters({ size: [50_000, 100_000] }))).toBe(true);
    expect(matchesFilters(f, filters({ size: [50_000] }))).toBe(false);
    expect(matchesFilters(f, filters({ steps: [1] }))).toBe(false);
    expect(matchesFilters(f, filters({ priceMax: 499.99 }))).toBe(false);
    expect(matchesFilters(f, filters({ priceMax: 500 }))).toBe(true);
    expect(matchesFilters(f, filters({ country: ' United States ' }))).toBe(false);
    expect(matchesFilters(f, filters({ noTimeLimit: true }))).toBe(true);
    expect(matchesFilters(f, filters({ noTimeLimit: false }))).toBe(false);
    expect(matchesFilters(f, filters({ payoutRecord: 'high' }))).toBe(false);
    expect(matchesFilters(f, filters({ profitSplitMin: 81 }))).toBe(false);
    // A model without a daily limit passes any daily minimum; one without a maximum fails a maximum minimum.
    expect(matchesFilters(facts({ dailyDrawdown: null }), filters({ dailyDrawdownMin: 6 }))).toBe(true);
    expect(matchesFilters(facts({ maximumDrawdown: null }), filters({ maxDrawdownMin: 1 }))).toBe(false);
  });
});

describe('detectSearchChange', () => {
  const q = filters({ priceMax: 400 });
  it('tells an option that newly matches: a new option, or a cut that brings it under the cap', () => {
    expect(detectSearchChange(undefined, facts({ priceAfterCoupon: 350 }), q)).toEqual({
      kind: 'new',
      oldPrice: null,
      newPrice: 350,
    });
    expect(detectSearchChange(facts(), facts({ priceAfterCoupon: 390 }), q)).toEqual({
      kind: 'new',
      oldPrice: null,
      newPrice: 390,
    });
    // A rule change that brings it in.
    expect(
      detectSearchChange(facts({ priceAfterCoupon: 300, steps: 1 }), facts({ priceAfterCoupon: 300 }), {
        ...q,
        steps: [2],
      }),
    ).toMatchObject({ kind: 'new' });
  });
  it('tells a fall of the price of an option that matched, and nothing else', () => {
    expect(detectSearchChange(facts({ priceAfterCoupon: 380 }), facts({ priceAfterCoupon: 300 }), q)).toEqual(
      {
        kind: 'cheaper',
        oldPrice: 380,
        newPrice: 300,
      },
    );
    expect(
      detectSearchChange(facts({ priceAfterCoupon: 300 }), facts({ priceAfterCoupon: 320 }), q),
    ).toBeNull();
    expect(
      detectSearchChange(facts({ priceAfterCoupon: 300 }), facts({ priceAfterCoupon: 300 }), q),
    ).toBeNull();
    expect(detectSearchChange(facts({ priceAfterCoupon: 300 }), undefined, q)).toBeNull();
    expect(
      detectSearchChange(facts({ priceAfterCoupon: 300 }), facts({ priceAfterCoupon: 200, steps: 1 }), {
        ...q,
        steps: [2],
      }),
    ).toBeNull();
  });
});

describe('collapseSearchChanges', () => {
  const q = filters();
  it('tells the change since the last email, from its first old price to the price now', () => {
    const cuts = [
      { kind: 'cheaper' as const, oldPrice: 500, newPrice: 450 },
      { kind: 'cheaper' as const, oldPrice: 450, newPrice: 400 },
    ];
    expect(collapseSearchChanges(cuts, facts({ priceAfterCoupon: 400 }), q)).toEqual({
      kind: 'cheaper',
      oldPrice: 500,
      newPrice: 400,
    });
    // Back up at its old price, or gone: nothing to tell.
    expect(collapseSearchChanges(cuts, facts({ priceAfterCoupon: 500 }), q)).toBeNull();
    expect(collapseSearchChanges(cuts, undefined, q)).toBeNull();
    expect(
      collapseSearchChanges(
        [{ kind: 'new', oldPrice: null, newPrice: 300 }],
        facts({ priceAfterCoupon: 310 }),
        q,
      ),
    ).toEqual({ kind: 'new', oldPrice: null, newPrice: 310 });
  });
});

describe('price history', () => {
  it('records a row only when the list price or the price after coupon changed', () => {
    expect(priceChanged(undefined, { listPrice: 100, priceAfterCoupon: 100 })).toBe(true);
    expect(
      priceChanged({ listPrice: 100, priceAfterCoupon: 90 }, { listPrice: 100, priceAfterCoupon: 90 }),
    ).toBe(false);
    expect(
      priceChanged({ listPrice: 100, priceAfterCoupon: 90 }, { listPrice: 100, priceAfterCoupon: 100 }),
    ).toBe(true);
    expect(
      priceChanged({ listPrice: 100, priceAfterCoupon: 90 }, { listPrice: 110, priceAfterCoupon: 90 }),
    ).toBe(true);
  });

  const now = new Date('2026-06-01T00:00:00Z');
  const point = (priceAfterCoupon: number, daysAgo: number) => ({
    listPrice: priceAfterCoupon,
    priceAfterCoupon,
    recordedAt: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
  });
  it('finds the latest drop and the 90-day low', () => {
    const signal = priceSignalOf([point(500, 200), point(450, 40), point(400, 3)], now);
    expect(signal).toEqual({ latestDrop: 50, droppedAt: point(400, 3).recordedAt, lowestIn90Days: true });
    expect(showsPriceDropped(signal, now)).toBe(true);
    expect(showsPriceDropped(priceSignalOf([point(500, 200), point(400, 8)], now), now)).toBe(false);
    // Never changed: no claim of a low.
    expect(priceSignalOf([point(500, 200)], now)).toEqual({
      latestDrop: null,
      droppedAt: null,
      lowestIn90Days: false,
    });
    // A rise last: no drop, not the low.
    expect(priceSignalOf([point(400, 50), point(450, 2)], now)).toMatchObject({
      latestDrop: null,
      lowestIn90Days: false,
    });
    // Lower than 100 days ago does not count against the 90-day low.
    expect(priceSignalOf([point(300, 120), point(500, 100), point(450, 10)], now).lowestIn90Days).toBe(true);
  });
});

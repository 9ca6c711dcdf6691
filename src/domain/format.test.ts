import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatFunding, formatPrice, possessive } from './format';

describe('possessive', () => {
  it("adds 's, or only ' after a final s", () => {
    expect(possessive('Apex Funding')).toBe("Apex Funding's");
    expect(possessive('Northbridge Capital Traders')).toBe("Northbridge Capital Traders'");
    expect(possessive('TRADERS')).toBe("TRADERS'");
  });
});

describe('countOf', () => {
  it('is singular for one and plural otherwise', () => {
    expect(countOf(1, 'use')).toBe('1 use');
    expect(countOf(0, 'use')).toBe('0 uses');
    expect(countOf(3, 'review')).toBe('3 reviews');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('formatPrice, formatFunding, formatCount', () => {
  it('format as before, the same figure again and after more figures than they keep', () => {
    const first = [formatPrice(1234.5), formatPrice(99), formatFunding(2_500_000), formatFunding(100_000)];
    expect(first).toEqual(['$1,234.50', '$99', '$2.5M', '$100K']);
    expect([formatCount(9_999), formatCount(12_345), formatCount(999)]).toEqual(['9.9K', '12K', '999']);
    for (let n = 0; n < 25_000; n++) {
      formatPrice(n + 0.25);
      formatFunding(n * 1000);
    }
    expect([formatPrice(1234.5), formatPrice(99), formatFunding(2_500_000), formatFunding(100_000)]).toEqual(
      first,
    );
    expect(formatPrice(20_000.25)).toBe('$20,000.25');
    expect(formatFunding(1_000_000)).toBe('$1M');
  });
});

import { describe, expect, it } from 'vitest';
import { countOf, possessive } from './format';

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

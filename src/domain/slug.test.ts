import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('joins lower-case words with single hyphens and drops accents and punctuation', () => {
    expect(slugify('Best Futures Firms (2025)!')).toBe('best-futures-firms-2025');
    expect(slugify('  Café Trading — Élite  ')).toBe('cafe-trading-elite');
    expect(slugify('cTrader')).toBe('ctrader');
  });

  it('cuts at the length given without leaving a hyphen at the end', () => {
    expect(slugify('alpha beta gamma', 6)).toBe('alpha');
    expect(slugify('x'.repeat(120))).toHaveLength(90);
  });

  it('answers an empty slug for text with no letters or digits', () => {
    expect(slugify('!!! ---')).toBe('');
  });
});

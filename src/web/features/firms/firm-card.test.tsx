import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { FirmSummary } from '../../../domain/firms';
import { FirmCard } from './firm-card';

const firm = (averageRating: number, totalReviews: number) =>
  ({
    id: 1,
    slug: 'acme',
    name: 'Acme Funding',
    logo: null,
    shortDescription: null,
    assetType: 'Forex',
    trustRating: 'approved',
    accountPriceMin: null,
    accountPriceMax: null,
    fundingMin: null,
    fundingMax: null,
    accountCount: 0,
    bestCoupon: null,
    averageRating,
    totalReviews,
  }) as unknown as FirmSummary;

// React separates adjacent text with comments; elements become spaces.
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const markup = (summary: FirmSummary) =>
  renderToString(
    <Router ssrPath="/firms">
      <FirmCard firm={summary} />
    </Router>,
  );
const render = (summary: FirmSummary) => text(markup(summary));

describe('FirmCard', () => {
  it('says a firm without reviews has none, rather than a 0.0 score', () => {
    const shown = render(firm(0, 0));
    expect(shown).toContain('No reviews yet');
    expect(shown).not.toContain('0.0');
  });

  it('shows the one-decimal average and the review count otherwise', () => {
    const shown = render(firm(4.66, 3));
    expect(shown).toContain('4.7 (3 reviews)');
    expect(shown).not.toContain('No reviews yet');
  });

  it('fills as many stars as the rounded average, and says so to screen readers', () => {
    expect(markup(firm(4.66, 3))).toContain(
      '<span role="img" aria-label="5 out of 5 stars" class="stars stars-5 h-4 w-20">',
    );
    expect(markup(firm(2.2, 3))).toContain('aria-label="2 out of 5 stars" class="stars stars-2 ');
  });
});

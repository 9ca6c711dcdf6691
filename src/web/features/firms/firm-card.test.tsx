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

const render = (summary: FirmSummary) =>
  text(
    renderToString(
      <Router ssrPath="/firms">
        <FirmCard firm={summary} />
      </Router>,
    ),
  );

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
});

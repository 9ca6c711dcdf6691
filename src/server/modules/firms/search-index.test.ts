import { describe, expect, it } from 'vitest';
import type { SearchResultFirm } from '../../../domain/firms';
import { buildSearchIndex, normalizeSearchText, searchIndex, slipsInto } from './search-index';

const firm = (id: number, name: string): SearchResultFirm => ({
  id,
  name,
  slug: normalizeSearchText(name).replace(/ /g, '-'),
  logoUrl: null,
  status: 'listed',
  assetClass: null,
  description: null,
  affiliateUrl: null,
  websiteUrl: null,
});

const index = buildSearchIndex(
  [
    'Northbridge Capital Traders',
    'Northwind Funding',
    'Brightwell Funded Accounts',
    'Ironclad Futures Desk',
    'Harborline Funding',
    'Ridgestep Trading',
    'Ridgestone Prop',
    'Café Crème Capital',
    'Capital Edge',
  ].map((name, i) => firm(i + 1, name)),
);
const names = (q: string) => searchIndex(index, q).map((f) => f.name);

describe('one-letter slips', () => {
  it('are one substitution, insertion, deletion or swap from a prefix of the text', () => {
    expect(slipsInto('nothbr', 'northbridge capital', 0)).toBe(true); // a letter missing
    expect(slipsInto('brigthwell', 'brightwell funded', 0)).toBe(true); // two swapped
    expect(slipsInto('ironcld', 'ironclad futures', 0)).toBe(true);
    expect(slipsInto('norxhbr', 'northbridge', 0)).toBe(true); // a letter wrong
    expect(slipsInto('norrthbr', 'northbridge', 0)).toBe(true); // a letter extra
    expect(slipsInto('funding', 'northwind funding', 10)).toBe(true); // from a later word
    expect(slipsInto('nrthbrdge', 'northbridge', 0)).toBe(false); // two slips
    expect(slipsInto('brdge', 'northbridge', 0)).toBe(false); // not from the word's start
  });
});

describe('search in memory', () => {
  it('finds a firm from a one-letter slip in a partial name of 4 or more letters', () => {
    expect(names('Nothbr')[0]).toBe('Northbridge Capital Traders');
    expect(names('Brigthwell')[0]).toBe('Brightwell Funded Accounts');
    expect(names('ironcld')[0]).toBe('Ironclad Futures Desk');
    expect(names('harbolrine')[0]).toBe('Harborline Funding');
  });

  it('ranks the exact name, then prefixes, then names that contain it, above slips', () => {
    expect(names('capital edge')[0]).toBe('Capital Edge');
    expect(names('north')).toEqual(['Northbridge Capital Traders', 'Northwind Funding']);
    const capital = names('capital');
    expect(capital[0]).toBe('Capital Edge');
    expect(capital.slice(1).sort()).toEqual(['Café Crème Capital', 'Northbridge Capital Traders']);
    // Inside a word of two names: both, ahead of nothing else.
    expect(names('fundin')).toEqual(['Harborline Funding', 'Northwind Funding']);
  });

  it('ignores case, accents and punctuation, and finds nothing for punctuation alone', () => {
    expect(names('CAFE CREME')[0]).toBe('Café Crème Capital');
    expect(names('%%')).toEqual([]);
    // Too short to share a trigram with every name containing it: every name is looked at.
    expect(names('ed')).toEqual(expect.arrayContaining(['Capital Edge', 'Brightwell Funded Accounts']));
    expect(names('zzzz')).toEqual([]);
  });

  it('falls back to names similar as a whole for heavier typos', () => {
    expect(names('Ridgetpo')[0]).toBe('Ridgestep Trading');
  });
});

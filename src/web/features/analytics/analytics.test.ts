import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from '../../../domain/csv-rules';
import { toCsv } from './csv';
import { changePercent, parseAnalyticsRange, periodLabel, presetLabel } from './range';

const NOW = Date.parse('2026-11-25T15:00:00Z');

describe('the dashboards range', () => {
  it('is the last 30 days up to today unless the address names a preset or two days', () => {
    expect(parseAnalyticsRange(new URLSearchParams(), NOW)).toEqual({
      from: '2026-10-27',
      to: '2026-11-25',
      preset: 30,
    });
    expect(parseAnalyticsRange(new URLSearchParams('days=7'), NOW)).toEqual({
      from: '2026-11-19',
      to: '2026-11-25',
      preset: 7,
    });
    expect(parseAnalyticsRange(new URLSearchParams('days=1'), NOW)).toEqual({
      from: '2026-11-25',
      to: '2026-11-25',
      preset: 1,
    });
    expect(presetLabel(1)).toBe('Today');
    expect(presetLabel(7)).toBe('7 days');
    expect(parseAnalyticsRange(new URLSearchParams('days=12'), NOW).preset).toBe(30);
    expect(parseAnalyticsRange(new URLSearchParams('from=2026-01-01&to=2026-01-31'), NOW)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      preset: null,
    });
  });

  it('names a period of a series by its hour (UTC) when it has one, else by its day', () => {
    expect(periodLabel({ day: '2026-11-25', hour: 9 })).toBe('09:00');
    expect(periodLabel({ day: '2026-11-25', hour: null })).toBe('2026-11-25');
  });

  it('gives the change against the period before, or none when there was nothing before', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(2, 3)).toBe(-33.3);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and never lets a spreadsheet run a cell as a formula', () => {
    const csv = toCsv(
      [
        { query: '=HYPERLINK("http://evil","x")', n: 3 },
        { query: 'a, "quoted" one', n: -1 },
        { query: '@SUM(A1)', n: 0 },
      ],
      [
        { key: 'query', header: 'Search' },
        { key: 'n', header: 'Searches' },
      ],
    );
    expect(csv).toBe(
      'Search,Searches\n"\'=HYPERLINK(""http://evil"",""x"")",3\n"a, ""quoted"" one",-1\n\'@SUM(A1),0\n',
    );
    expect(neutralizeFormula('-2+3')).toBe("'-2+3");
    expect(neutralizeFormula(-2)).toBe(-2);
  });
});

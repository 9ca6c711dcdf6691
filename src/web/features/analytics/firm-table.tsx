import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { FirmAnalyticsRow } from '../../../domain/admin-analytics';
import { QueryFailure } from '../../components/query-failure';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { downloadCsv, toCsv } from './csv';
import { firmAnalyticsQuery } from './queries';
import { rangeSearch } from './range';
import { RangePicker, useAnalyticsRange } from './range-picker';

const PAGE = 50;
type SortKey = Exclude<keyof FirmAnalyticsRow, 'firmId' | 'slug'>;
const COLUMNS: { key: SortKey; header: string; numeric?: boolean }[] = [
  { key: 'name', header: 'Firm' },
  { key: 'pageViews', header: 'Page views', numeric: true },
  { key: 'outboundClicks', header: 'Outbound clicks', numeric: true },
  { key: 'clickThroughRate', header: 'Click-through', numeric: true },
  { key: 'couponCopies', header: 'Coupon copies', numeric: true },
  { key: 'newReviews', header: 'New reviews', numeric: true },
  { key: 'averageRating', header: 'Average rating', numeric: true },
  { key: 'giveawayEntries', header: 'Giveaway entries', numeric: true },
];

const show = (row: FirmAnalyticsRow, key: SortKey) => {
  const value = row[key];
  if (value == null) return '—';
  if (key === 'clickThroughRate') return `${(Number(value) * 100).toFixed(1)}%`;
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
};

/** /admin/firm-analytics: every listed firm over the range, sortable, paged and exported. */
export function FirmAnalyticsTable() {
  const [range] = useAnalyticsRange();
  const query = useQuery({ ...firmAnalyticsQuery(range), placeholderData: keepPreviousData });
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'pageViews', desc: true });
  const [page, setPage] = useState(1);
  const firms = [...(query.data?.firms ?? [])].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y);
    return (sort.desc ? -order : order) || a.name.localeCompare(b.name);
  });
  const pages = Math.max(1, Math.ceil(firms.length / PAGE));
  const shown = firms.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);
  const sortBy = (key: SortKey) => {
    setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'name' }));
    setPage(1);
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker />
        <Button
          variant="outline"
          size="sm"
          disabled={!firms.length}
          onClick={() =>
            downloadCsv(
              `firm-analytics-${range.from}-to-${range.to}.csv`,
              toCsv(firms, [{ key: 'slug', header: 'Slug' }, ...COLUMNS]),
            )
          }
        >
          Export CSV
        </Button>
      </div>
      {query.isError ? <QueryFailure error={query.error} retry={() => query.refetch()} /> : null}
      {!query.data && query.isPending ? <Skeleton className="h-96 w-full" /> : null}
      {query.data ? (
        <Card className={cn('relative overflow-x-auto p-0', query.isPlaceholderData && 'opacity-60')}>
          <table className="w-full text-sm">
            <caption className="sr-only">
              Firms over the range, sorted by {COLUMNS.find((c) => c.key === sort.key)?.header}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                    className={cn('px-3 py-2 font-medium', c.numeric && 'text-right')}
                  >
                    <button type="button" className="hover:underline" onClick={() => sortBy(c.key)}>
                      {c.header}
                      {sort.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ''}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.firmId} className="border-b border-slate-100 last:border-0">
                  {COLUMNS.map((c) => (
                    <td key={c.key} className={cn('px-3 py-2', c.numeric && 'text-right tabular-nums')}>
                      {c.key === 'name' ? (
                        <Link
                          href={`/admin/firm-analytics/${row.firmId}?${rangeSearch(range)}`}
                          className="font-medium text-brand-700 hover:underline"
                        >
                          {row.name}
                        </Link>
                      ) : (
                        show(row, c.key)
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav
              className="flex items-center justify-between border-t border-slate-200 p-3"
              aria-label="Firm pages"
            >
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span className="text-sm text-slate-600">
                Page {Math.min(page, pages)} of {pages} ({firms.length.toLocaleString('en-US')} firms)
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FirmAnalyticsRow } from '../../../domain/admin-analytics';
import { type Column, DataTable, RowTitle } from '../../components/data-table';
import { Pager } from '../../components/paged-list';
import { QueryFailure } from '../../components/query-failure';
import { Button } from '../../components/ui/button';
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
  const columns: Column<FirmAnalyticsRow>[] = COLUMNS.map((c) => ({
    header: c.header,
    sortKey: c.key,
    align: c.numeric ? 'end' : undefined,
    phone: c.numeric ? 'labelled' : 'main',
    className: c.numeric ? 'tabular-nums' : undefined,
    cell: (row) =>
      c.key === 'name' ? (
        <RowTitle to={`/admin/firm-analytics/${row.firmId}?${rangeSearch(range)}`} title={row.name} />
      ) : (
        show(row, c.key)
      ),
  }));
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
        <div className={cn(query.isPlaceholderData && 'opacity-60')}>
          <DataTable
            label={`Firms over the range, sorted by ${COLUMNS.find((c) => c.key === sort.key)?.header}`}
            columns={columns}
            rows={shown}
            rowKey={(row) => row.firmId}
            sort={{ key: sort.key, desc: sort.desc, onSort: (key) => sortBy(key as SortKey) }}
          />
          <Pager page={Math.min(page, pages)} pageSize={PAGE} total={firms.length} onPage={setPage} />
        </div>
      ) : null}
    </div>
  );
}

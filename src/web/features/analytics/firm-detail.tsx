import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { FirmAnalyticsDetail } from '../../../domain/admin-analytics';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { ChangeCards } from './change-cards';
import { DataTable } from './data-table';
import { firmAnalyticsDetailQuery } from './queries';
import { RangePicker, useAnalyticsRange } from './range-picker';
import { SeriesChart } from './series-chart';

const percent = (rate: number | null) => (rate == null ? '—' : `${(rate * 100).toFixed(1)}%`);

function Figures({ data }: { data: FirmAnalyticsDetail }) {
  const { totals } = data;
  return (
    <div className="space-y-2">
      <ChangeCards
        className="xl:grid-cols-5"
        cards={[
          { key: 'pageViews', label: 'Page views', ...totals.pageViews },
          { key: 'outboundClicks', label: 'Outbound clicks', ...totals.outboundClicks },
          { key: 'couponCopies', label: 'Coupon copies', ...totals.couponCopies },
          { key: 'newReviews', label: 'New reviews', ...totals.newReviews },
          { key: 'giveawayEntries', label: 'Giveaway entries', ...totals.giveawayEntries },
        ]}
      />
      <p className="text-sm text-slate-600">
        Click-through: <strong className="text-slate-900">{percent(data.clickThroughRate)}</strong>. Average
        rating of the new reviews:{' '}
        <strong className="text-slate-900">{data.averageRating == null ? '—' : data.averageRating}</strong>.
      </p>
    </div>
  );
}

/** /admin/firm-analytics/{id}: one firm over the range, charted by day, with its page's sources. */
export function FirmAnalyticsDetailView({ id }: { id: string }) {
  const [range] = useAnalyticsRange();
  const query = useQuery({ ...firmAnalyticsDetailQuery(id, range), placeholderData: keepPreviousData });
  const { data } = query;
  const file = (name: string) => `${data?.firm.slug ?? 'firm'}-${name}-${range.from}-to-${range.to}.csv`;
  return (
    <div className="space-y-6">
      <RangePicker />
      {query.isError ? <QueryFailure error={query.error} retry={() => query.refetch()} /> : null}
      {!data && query.isPending ? <Skeleton className="h-96 w-full" /> : null}
      {data ? (
        <div
          className={cn('space-y-6', query.isPlaceholderData && 'opacity-60')}
          aria-busy={query.isPlaceholderData}
        >
          <p className="text-sm text-slate-600">
            {formatDate(`${data.range.from}T00:00:00Z`)} to {formatDate(`${data.range.to}T00:00:00Z`)} (UTC),
            compared with {formatDate(`${data.range.previousFrom}T00:00:00Z`)} to{' '}
            {formatDate(`${data.range.previousTo}T00:00:00Z`)}.{' '}
            {data.firm.listed ? (
              <Link href={`/firm/${data.firm.slug}`} className="text-brand-700 underline underline-offset-4">
                The firm's page
              </Link>
            ) : (
              'Not listed now.'
            )}
          </p>
          <Figures data={data} />
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-base">
                By day
              </CardTitle>
            </CardHeader>
            <CardContent>
              <SeriesChart
                rows={data.series}
                label={`${data.firm.name}: page views and outbound clicks by day, ${data.range.from} to ${data.range.to}`}
                lines={[
                  { key: 'pageViews', label: 'Page views', color: '#2563eb' },
                  { key: 'outboundClicks', label: 'Outbound clicks', color: '#d97706' },
                ]}
              />
            </CardContent>
          </Card>
          <DataTable
            title="Sources"
            filename={file('sources')}
            rows={data.sources}
            empty="No view of the firm's page in this range."
            columns={[
              { key: 'source', header: 'Source (utm_source)' },
              { key: 'views', header: 'Views', numeric: true },
            ]}
          />
          <details className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <summary className="cursor-pointer text-sm font-medium text-slate-700">
              The figures by day
            </summary>
            <div className="mt-3">
              <DataTable
                title="By day"
                filename={file('by-day')}
                rows={data.series}
                columns={[
                  { key: 'day', header: 'Day' },
                  { key: 'pageViews', header: 'Page views', numeric: true },
                  { key: 'outboundClicks', header: 'Outbound clicks', numeric: true },
                ]}
              />
            </div>
          </details>
        </div>
      ) : null}
    </div>
  );
}

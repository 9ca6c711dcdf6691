import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ANALYTICS_TOTALS, type SiteAnalytics } from '../../../domain/admin-analytics';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { ChangeCards } from './change-cards';
import { DataTable } from './data-table';
import { siteAnalyticsQuery } from './queries';
import { RangePicker, useAnalyticsRange } from './range-picker';
import { SeriesChart } from './series-chart';

const number = (n: number) => n.toLocaleString('en-US');

function Totals({ data }: { data: SiteAnalytics }) {
  return (
    <div className="space-y-2">
      <ChangeCards
        className="xl:grid-cols-7"
        cards={ANALYTICS_TOTALS.map(([key, label]) => ({ key, label, ...data.totals[key] }))}
      />
      <p className="text-sm text-slate-600">
        Bot page views (crawlers, by user agent; in none of the figures):{' '}
        <strong className="font-semibold text-slate-900 tabular-nums">
          {number(data.botPageViews.value)}
        </strong>{' '}
        ({number(data.botPageViews.previous)} before)
      </p>
    </div>
  );
}

/** /admin/analytics: what the site's visitors did over a range, against the period before. */
export function SiteDashboard() {
  const [range] = useAnalyticsRange();
  const query = useQuery({ ...siteAnalyticsQuery(range), placeholderData: keepPreviousData });
  const { data } = query;
  const file = (name: string) => `${name}-${range.from}-to-${range.to}.csv`;
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
            {formatDate(`${data.range.previousTo}T00:00:00Z`)}.
          </p>
          <Totals data={data} />
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-base">
                By day
              </CardTitle>
            </CardHeader>
            <CardContent>
              <SeriesChart
                rows={data.series}
                label={`Page views, sessions and outbound clicks by day, ${data.range.from} to ${data.range.to}`}
                lines={[
                  { key: 'pageViews', label: 'Page views', color: '#2563eb' },
                  { key: 'sessions', label: 'Sessions', color: '#059669' },
                  { key: 'outboundClicks', label: 'Outbound clicks', color: '#d97706' },
                ]}
              />
            </CardContent>
          </Card>
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
                  { key: 'sessions', header: 'Sessions', numeric: true },
                  { key: 'outboundClicks', header: 'Outbound clicks', numeric: true },
                ]}
              />
            </div>
          </details>
          <div className="grid gap-6 xl:grid-cols-2">
            <DataTable
              title="Top pages"
              filename={file('top-pages')}
              rows={data.topPages}
              columns={[
                { key: 'path', header: 'Page' },
                { key: 'views', header: 'Views', numeric: true },
                { key: 'sessions', header: 'Sessions', numeric: true },
              ]}
            />
            <DataTable
              title="Sources"
              filename={file('sources')}
              rows={data.sources}
              columns={[
                { key: 'source', header: 'Source (utm_source)' },
                { key: 'views', header: 'Views', numeric: true },
                { key: 'sessions', header: 'Sessions', numeric: true },
              ]}
            />
            <DataTable
              title="Campaigns"
              filename={file('campaigns')}
              rows={data.campaigns}
              empty="No visit with a UTM campaign in this range."
              columns={[
                { key: 'campaign', header: 'Campaign' },
                { key: 'source', header: 'Source' },
                { key: 'medium', header: 'Medium' },
                { key: 'views', header: 'Views', numeric: true },
              ]}
            />
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="text-base">
                  Page load time
                </CardTitle>
              </CardHeader>
              <CardContent>
                {data.loadTime.samples ? (
                  <dl className="grid grid-cols-3 gap-3 text-center">
                    {(
                      [
                        ['Median', data.loadTime.median],
                        ['75th percentile', data.loadTime.p75],
                        ['Views measured', data.loadTime.samples],
                      ] as const
                    ).map(([label, value], i) => (
                      <div key={label} className="flex flex-col-reverse">
                        <dt className="text-sm text-slate-600">{label}</dt>
                        <dd className="text-xl font-bold tabular-nums">
                          {number(value ?? 0)}
                          {i < 2 ? ' ms' : ''}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  <p className="text-sm text-slate-600">No page reported its load time in this range.</p>
                )}
              </CardContent>
            </Card>
            <DataTable
              title="Devices"
              filename={file('devices')}
              rows={data.devices}
              columns={[
                { key: 'device', header: 'Device' },
                { key: 'views', header: 'Views', numeric: true },
              ]}
            />
            <DataTable
              title="Browsers"
              filename={file('browsers')}
              rows={data.browsers}
              columns={[
                { key: 'browser', header: 'Browser' },
                { key: 'views', header: 'Views', numeric: true },
              ]}
            />
            <DataTable
              title="Top searches"
              filename={file('top-searches')}
              rows={data.topSearches}
              columns={[
                { key: 'query', header: 'Search' },
                { key: 'searches', header: 'Searches', numeric: true },
                { key: 'averageResults', header: 'Average results', numeric: true },
              ]}
            />
            <DataTable
              title="Searches that found nothing"
              filename={file('zero-result-searches')}
              rows={data.zeroResultSearches}
              empty="Every search found something."
              columns={[
                { key: 'query', header: 'Search' },
                { key: 'searches', header: 'Searches', numeric: true },
              ]}
            />
            <DataTable
              title="Filter use"
              filename={file('filters')}
              rows={data.filters}
              columns={[
                { key: 'filterType', header: 'Filter' },
                { key: 'filterValue', header: 'Value' },
                { key: 'uses', header: 'Uses', numeric: true },
              ]}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ANALYTICS_TOTALS } from '../../../domain/admin-analytics';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { AnalyticsFrame, SeriesSection } from './analytics-frame';
import { siteAnalyticsQuery } from './queries';
import { useAnalyticsRange } from './range-picker';
import { SeriesTable } from './series-table';

const number = (n: number) => n.toLocaleString('en-US');

/** /admin/analytics: what the site's visitors did over a range, against the period before. */
export function SiteDashboard() {
  const [range] = useAnalyticsRange();
  const query = useQuery({ ...siteAnalyticsQuery(range), placeholderData: keepPreviousData });
  const file = (name: string) => `${name}-${range.from}-to-${range.to}.csv`;
  return (
    <AnalyticsFrame
      query={query}
      totals={(data) => ({
        className: 'xl:grid-cols-7',
        cards: ANALYTICS_TOTALS.map(([key, label]) => ({ key, label, ...data.totals[key] })),
        note: (
          <>
            Bot page views (crawlers, by user agent; in none of the figures):{' '}
            <strong className="font-semibold text-slate-900 tabular-nums">
              {number(data.botPageViews.value)}
            </strong>{' '}
            ({number(data.botPageViews.previous)} before)
          </>
        ),
      })}
    >
      {(data) => (
        <>
          <SeriesSection
            granularity={data.granularity}
            rows={data.series}
            subject="Page views, sessions and outbound clicks"
            range={data.range}
            filename={file}
            lines={[
              { key: 'pageViews', label: 'Page views', color: '#2563eb' },
              { key: 'sessions', label: 'Sessions', color: '#059669' },
              { key: 'outboundClicks', label: 'Outbound clicks', color: '#d97706' },
            ]}
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <SeriesTable
              title="Top pages"
              filename={file('top-pages')}
              rows={data.topPages}
              columns={[
                { key: 'path', header: 'Page' },
                { key: 'views', header: 'Views', numeric: true },
                { key: 'sessions', header: 'Sessions', numeric: true },
              ]}
            />
            <SeriesTable
              title="Sources"
              filename={file('sources')}
              rows={data.sources}
              columns={[
                { key: 'source', header: 'Source (utm_source)' },
                { key: 'views', header: 'Views', numeric: true },
                { key: 'sessions', header: 'Sessions', numeric: true },
              ]}
            />
            <SeriesTable
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
            <SeriesTable
              title="Devices"
              filename={file('devices')}
              rows={data.devices}
              columns={[
                { key: 'device', header: 'Device' },
                { key: 'views', header: 'Views', numeric: true },
              ]}
            />
            <SeriesTable
              title="Browsers"
              filename={file('browsers')}
              rows={data.browsers}
              columns={[
                { key: 'browser', header: 'Browser' },
                { key: 'views', header: 'Views', numeric: true },
              ]}
            />
            <SeriesTable
              title="Top searches"
              filename={file('top-searches')}
              rows={data.topSearches}
              columns={[
                { key: 'query', header: 'Search' },
                { key: 'searches', header: 'Searches', numeric: true },
                { key: 'averageResults', header: 'Average results', numeric: true },
              ]}
            />
            <SeriesTable
              title="Searches that found nothing"
              filename={file('zero-result-searches')}
              rows={data.zeroResultSearches}
              empty="Every search found something."
              columns={[
                { key: 'query', header: 'Search' },
                { key: 'searches', header: 'Searches', numeric: true },
              ]}
            />
            <SeriesTable
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
        </>
      )}
    </AnalyticsFrame>
  );
}

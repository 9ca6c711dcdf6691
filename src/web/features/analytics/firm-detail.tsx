import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { AnalyticsFrame, SeriesSection } from './analytics-frame';
import { firmAnalyticsDetailQuery } from './queries';
import { useAnalyticsRange } from './range-picker';
import { SeriesTable } from './series-table';

const percent = (rate: number | null) => (rate == null ? '—' : `${(rate * 100).toFixed(1)}%`);

/** /admin/firm-analytics/{id}: one firm over the range, charted by day (or hour), with its page's sources. */
export function FirmAnalyticsDetailView({ id }: { id: string }) {
  const [range] = useAnalyticsRange();
  const query = useQuery({ ...firmAnalyticsDetailQuery(id, range), placeholderData: keepPreviousData });
  const file = (name: string) =>
    `${query.data?.firm.slug ?? 'firm'}-${name}-${range.from}-to-${range.to}.csv`;
  return (
    <AnalyticsFrame
      query={query}
      rangeNote={(data) =>
        data.firm.listed ? (
          <Link href={`/firm/${data.firm.slug}`} className="text-brand-700 underline underline-offset-4">
            The firm's page
          </Link>
        ) : (
          'Not listed now.'
        )
      }
      totals={({ totals, clickThroughRate, averageRating }) => ({
        className: 'xl:grid-cols-5',
        cards: [
          { key: 'pageViews', label: 'Page views', ...totals.pageViews },
          { key: 'outboundClicks', label: 'Outbound clicks', ...totals.outboundClicks },
          { key: 'couponCopies', label: 'Coupon copies', ...totals.couponCopies },
          { key: 'newReviews', label: 'New reviews', ...totals.newReviews },
          { key: 'giveawayEntries', label: 'Giveaway entries', ...totals.giveawayEntries },
        ],
        note: (
          <>
            Click-through: <strong className="text-slate-900">{percent(clickThroughRate)}</strong>. Average
            rating of the new reviews:{' '}
            <strong className="text-slate-900">{averageRating == null ? '—' : averageRating}</strong>.
          </>
        ),
      })}
    >
      {(data) => (
        <>
          <SeriesSection
            granularity={data.granularity}
            rows={data.series}
            subject={`${data.firm.name}: page views and outbound clicks`}
            range={data.range}
            filename={file}
            lines={[
              { key: 'pageViews', label: 'Page views', color: '#2563eb' },
              { key: 'outboundClicks', label: 'Outbound clicks', color: '#d97706' },
            ]}
          />
          <SeriesTable
            title="Sources"
            filename={file('sources')}
            rows={data.sources}
            empty="No view of the firm's page in this range."
            columns={[
              { key: 'source', header: 'Source (utm_source)' },
              { key: 'views', header: 'Views', numeric: true },
            ]}
          />
        </>
      )}
    </AnalyticsFrame>
  );
}
